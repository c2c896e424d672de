// The server project's globalSetup: one database migrated and seeded with the catalogue, made
// once per run, that createTestApp (helpers.ts) copies for each app instead of running initdb,
// every migration and the seed again (on PGlite those took about 2.5 s of CPU per app).
// PGlite: a dump of the in-memory data folder in a temp file; PostgreSQL (TEST_DATABASE_URL): a
// database that `create database ... template` copies. On PostgreSQL the run's databases (the
// template and every copy) are dropped at its end, and those a killed run left a day ago at its
// start (tests/postgres-databases.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createContext } from '../../server/context';
import { openDb, type Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { seedCatalogue } from '../../server/seed/index';
import { createDatabase, dropRunDatabases, dropStaleDatabases, runPrefix } from '../postgres-databases';
import { testConfig } from './helpers';

declare module 'vitest' {
  interface ProvidedContext {
    /** PGlite: the template's dump (`Db.dump`). */
    pgliteTemplate: string | null;
    /** PostgreSQL: the template database's name. */
    postgresTemplate: string | null;
    /** PostgreSQL: the prefix of this run's databases (`runPrefix`). */
    postgresRun: string | null;
  }
}

async function fill(db: Db): Promise<void> {
  await migrate(db);
  // The JWT secret is left out: each app makes its own (helpers.ts), as a fresh server would.
  await seedCatalogue(createContext(testConfig(), db, 'template-only'));
}

/**
 * PGlite only: a template that each of the run's hundred-odd opens starts faster, as it changes
 * nothing the tests look at (measured with 10 opens of each, `docs/performance-log.md`, 28
 * November: 690 ms of CPU per open before, 400 ms after):
 * - 16 MB of shared buffers instead of initdb's 128 MB, which the server zeroes at every start
 *   (the suite's test databases hold about 9 MB);
 * - without the databases template0 and template1, which only `create database` reads and no
 *   test runs on PGlite: 15 of the 42 MB each open unpacks.
 */
async function lighten(db: Db): Promise<void> {
  await db.query(`alter system set shared_buffers = '16MB'`);
  for (const name of ['template0', 'template1']) {
    await db.query(`alter database ${name} is_template false`);
    await db.query(`drop database ${name}`);
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    await dropStaleDatabases(baseUrl);
    const run = runPrefix();
    const { name, url } = await createDatabase(baseUrl, run, 'template');
    // Closed before any copy: PostgreSQL copies a template only while nobody is connected to it.
    const db = await openDb({ databaseUrl: url });
    try {
      await fill(db);
    } finally {
      await db.close();
    }
    project.provide('pgliteTemplate', null);
    project.provide('postgresTemplate', name);
    project.provide('postgresRun', run);
    return async () => {
      await dropRunDatabases(baseUrl, run);
    };
  }
  const db = await openDb({ dataDir: 'memory://' });
  let dump: Blob;
  try {
    await fill(db);
    await lighten(db);
    dump = await db.dump!();
  } finally {
    await db.close();
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'peptide-template-'));
  const file = path.join(dir, 'pgdata.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', null);
  project.provide('postgresRun', null);
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}
