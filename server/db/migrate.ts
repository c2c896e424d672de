// Applies server/db/migrations/*.sql in name order, each once, each in its own transaction.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './client';
import { lockQueue } from './queue-lock';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Several workers may start together on one PostgreSQL: one migrates, the others wait.
const MIGRATION_LOCK_KEY = 72_0151_1;

/** The migrations this build ships, in the order they apply. */
export function migrationNames(): string[] {
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

/** How many of this build's migrations the database has not applied (readiness, routes/system.ts). */
export async function pendingMigrations(db: Db, names: readonly string[] = migrationNames()): Promise<number> {
  const res = await db.query<{ n: number }>(
    'select count(*)::int as n from schema_migrations where name = any($1::text[])',
    [names],
  );
  return names.length - res.rows[0].n;
}

export async function migrate(db: Db): Promise<string[]> {
  await db.query(`create table if not exists schema_migrations (
    name text primary key,
    applied_at timestamptz not null default now()
  )`);
  const files = migrationNames();
  const applied: string[] = [];
  for (const file of files) {
    const done = await db.transaction(async (tx) => {
      if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const seen = await tx.query('select 1 from schema_migrations where name = $1', [file]);
      if (seen.rows.length) return false;
      // A migration may rewrite the queue's rows while other processes write it (db/queue-lock.ts).
      await lockQueue(tx);
      await tx.exec(fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8'));
      await tx.query('insert into schema_migrations (name) values ($1)', [file]);
      return true;
    });
    if (done) applied.push(file);
  }
  return applied;
}
