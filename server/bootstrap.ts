// Opens the database and prepares everything the app needs: migrations, secret, seed, moderator.
import { randomBytes } from 'node:crypto';
import type { Config } from './config';
import { createContext, type AppContext } from './context';
import { openDb, type Db } from './db/client';
import { describeTightened, tightenDataDir } from './db/data-dir-modes';
import { migrate } from './db/migrate';
import { assertApartFrom } from './lib/limiter-key';
import { seedIfEmpty } from './seed/index';
import { readStoredDoses } from './services/doses';
import { backfillHoldMatches } from './services/hold-backfill';
import { backfillNameSkeletons } from './services/peptides';
import { ensureModerator } from './services/users';

/** JWT_SECRET from the environment, else one generated once and kept with the data. */
export async function jwtSecret(db: Db, fromEnv: string | null): Promise<string> {
  if (fromEnv) return fromEnv;
  await db.query(`insert into app_settings (key, value) values ('jwt_secret', $1) on conflict (key) do nothing`, [
    randomBytes(48).toString('base64url'),
  ]);
  const res = await db.query<{ value: string }>(`select value from app_settings where key = 'jwt_secret'`);
  return res.rows[0].value;
}

export interface Prepared {
  ctx: AppContext;
  seeded: { peptides: number; experiences: number };
  /** What was changed to close DATA_DIR to other users, for the start's log; null: nothing. */
  dataDirNotice: string | null;
  /** What the migrations applied by this start changed in stored data (table migration_notes), for its log. */
  migrationNotes: string[];
}

export async function prepare(config: Config, options: { seed?: boolean } = {}): Promise<Prepared> {
  // Before the database opens: a folder left open to others (by an older release, a copy, an
  // archive unpacked) is closed first, with a line in the log (db/data-dir-modes.ts). The outbox
  // lives there with PostgreSQL too.
  const dataDirNotice = describeTightened(config.dataDir, tightenDataDir(config.dataDir));
  const db = await openDb({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    poolSize: config.pgPoolSize,
    pgliteFastPath: config.pgliteFastPath,
  });
  try {
    const applied = await migrate(db);
    // Doses stored as text are read where unambiguous (migration 036), before its notes are logged.
    await readStoredDoses(db);
    const migrationNotes = await notesOf(db, applied);
    // Names stored before their look-alike key existed get it (migration 022).
    await backfillNameSkeletons(db);
    // Held and hidden reports written before their matches were kept get them (migration 030).
    await backfillHoldMatches(db);
    const secret = await jwtSecret(db, config.jwtSecret);
    assertApartFrom(config.rateLimitSecret, secret);
    const ctx = createContext(config, db, secret);
    const seeded = options.seed === false ? { peptides: 0, experiences: 0 } : await seedIfEmpty(ctx);
    if (config.moderatorEmail && config.moderatorPassword) {
      await ensureModerator(ctx, config.moderatorEmail, config.moderatorPassword);
    }
    return { ctx, seeded, dataDirNotice, migrationNotes };
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
}

/** Lines such as "034_side_effects: side-effect outcomes moved: 12" for the migrations just applied. */
async function notesOf(db: Db, applied: string[]): Promise<string[]> {
  if (!applied.length) return [];
  const exists = await db.query<{ t: string | null }>(`select to_regclass('migration_notes')::text as t`);
  if (!exists.rows[0]?.t) return [];
  const res = await db.query<{ migration: string; note: string; n: string | number }>(
    'select migration, note, n from migration_notes where migration = any($1::text[]) order by migration, note',
    [applied.map((name) => name.replace(/\.sql$/, ''))],
  );
  return res.rows.map((r) => `Migration ${r.migration}: ${r.note}: ${Number(r.n)}`);
}
