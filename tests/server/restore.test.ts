// Restore's reading of a backup file (server/db/restore.ts), on a PGlite database in memory: the
// lines psql alone understands, settings of a newer server, and a failure part-way, which must
// leave the target as it was. tests/long/backup.test.ts makes whole round trips.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUMP_COMPLETE } from '../../server/db/backup';
import { createPglite } from '../../server/db/pglite';
import { isCompleteBackup, pgliteTarget, restoreFile } from '../../server/db/restore';

let pg: PGlite;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'peptide-restore-'));
beforeAll(async () => {
  pg = await createPglite(undefined);
}, 120_000);
afterAll(async () => {
  await pg.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const file = (name: string, lines: string[]) => {
  const at = path.join(dir, name);
  fs.writeFileSync(at, `${lines.join('\n')}\n`);
  return at;
};
const tables = async () =>
  (
    await pg.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by 1`)
  ).rows.map((r) => r.name);

describe('restoreFile', () => {
  it('loads rows, skips psql guard lines and settings this server does not know', async () => {
    const dump = file('ok.sql', [
      '\\restrict abc123',
      'SET statement_timeout = 0;',
      'SET a_setting_from_postgresql_99 = 0;',
      'CREATE TABLE public.notes (id integer PRIMARY KEY, body text);',
      'COPY public.notes (id, body) FROM stdin;',
      '1\tfirst; with a semicolon',
      '2\t\\N',
      '\\.',
      'CREATE INDEX notes_body ON public.notes (body);',
      '--',
      DUMP_COMPLETE,
      '--',
      '\\unrestrict abc123',
    ]);
    expect(isCompleteBackup(dump)).toBe(true);
    expect(await restoreFile(dump, pgliteTarget(pg))).toEqual({ tables: 1, rows: 2 });
    expect((await pg.query('select id, body from public.notes order by id')).rows).toEqual([
      { id: 1, body: 'first; with a semicolon' },
      { id: 2, body: null },
    ]);
    await pg.exec('drop table public.notes');
  });

  it('a failure part-way leaves nothing behind', async () => {
    const dump = file('fails.sql', [
      'CREATE TABLE public.kept_nowhere (id integer PRIMARY KEY);',
      'COPY public.kept_nowhere (id) FROM stdin;',
      '1',
      '\\.',
      'CREATE TABLE public.kept_nowhere (id integer);',
      DUMP_COMPLETE,
    ]);
    await expect(restoreFile(dump, pgliteTarget(pg))).rejects.toThrow(/already exists/);
    expect(await tables()).toEqual([]);
  });

  it('refuses a psql command it does not run, and rows that never end', async () => {
    await expect(restoreFile(file('meta.sql', ['\\connect other', DUMP_COMPLETE]), pgliteTarget(pg))).rejects.toThrow(
      /psql command/,
    );
    await expect(
      restoreFile(
        file('cut.sql', ['CREATE TABLE public.cut (id integer);', 'COPY public.cut (id) FROM stdin;', '1']),
        pgliteTarget(pg),
      ),
    ).rejects.toThrow(/cut short/);
    expect(await tables()).toEqual([]);
    expect(isCompleteBackup(file('half.sql', ['CREATE TABLE public.half (id integer);']))).toBe(false);
  });
});
