// The server project's globalSetup: one database migrated and seeded with the catalogue, made
// once per run, that createTestApp (helpers.ts) copies for each app instead of running initdb,
// every migration and the seed again (on PGlite those took about 2.5 s of CPU per app).
// PGlite: a dump of the in-memory data folder in a temp file; PostgreSQL (TEST_DATABASE_URL): a
// database that `create database ... template` copies.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createContext } from '../../server/context';
import { openDb, type Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { seedCatalogue } from '../../server/seed/index';
import { testConfig } from './helpers';

declare module 'vitest' {
  interface ProvidedContext {
    /** PGlite: the template's dump (`Db.dump`). */
    pgliteTemplate: string | null;
    /** PostgreSQL: the template database's name. */
    postgresTemplate: string | null;
  }
}

async function fill(db: Db): Promise<void> {
  await migrate(db);
  // The JWT secret is left out: each app makes its own (helpers.ts), as a fresh server would.
  await seedCatalogue(createContext(testConfig(), db, 'template-only'));
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    const pg = (await import('pg')).default;
    const name = `test_template_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    // Closed before any copy: PostgreSQL copies a template only while nobody is connected to it.
    const db = await openDb({ databaseUrl: url.toString() });
    try {
      await fill(db);
    } finally {
      await db.close();
    }
    project.provide('pgliteTemplate', null);
    project.provide('postgresTemplate', name);
    return async () => {
      await admin.query(`drop database if exists ${name}`).catch(() => {});
      await admin.end();
    };
  }
  const db = await openDb({ dataDir: 'memory://' });
  let dump: Blob;
  try {
    await fill(db);
    dump = await db.dump!();
  } finally {
    await db.close();
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'peptide-template-'));
  const file = path.join(dir, 'pgdata.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', null);
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}
