// Peptide names are unique after NFKC, case folding and collapsing whitespace and invisible
// characters (contract/names.ts), enforced by the database (migrations/004_peptide_name_key.sql).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PeptideResponse } from '../../contract';
import { peptideNameKey } from '../../contract/names';
import { openDb } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { PEPTIDES } from '../../server/db/seed/catalogue';
import { createTestApp, freshPostgresDatabase, json, type TestApp } from './helpers';
import { expectError, newMember, rows, uniqueWord, validPeptide } from './fixtures';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  headers = (await newMember(t, 'namer')).headers;
});
afterAll(() => t.close());

const create = (name: string) =>
  t.app.inject({ method: 'POST', url: '/api/peptides', headers, payload: validPeptide({ name }) });
const liveWithKey = async (key: string) =>
  (await rows<{ name: string }>(t, 'select name from peptides where deleted_at is null and name_key = $1', [key])).map(
    (r) => r.name,
  );

describe('peptide names', () => {
  it.each([
    ['bpc-157'],
    ['BPC\u200b-157'],
    [' BPC-157 '],
    ['ＢＰＣ-157'],
    // A right-to-left override shows its text reversed: this name reads "BPC-157".
    ['\u202e751-CPB\u202c'],
    ['BPC\u00ad-157'],
    ['\ufeffbPc-157'],
  ])('%j is the seeded "BPC-157": 409 naming it, nothing created', async (name) => {
    expect(expectError(await create(name), 409)).toBe('A peptide named "BPC-157" already exists');
    expect(await liveWithKey('bpc-157')).toEqual(['BPC-157']);
  });

  it.each([
    ['ВРС-157', 'Cyrillic letters'],
    ['BPC‐157', 'a hyphen'],
    ['BPC–157', 'an en dash'],
    ['BPC—157', 'an em dash'],
    ['BPC-l57', 'the letter l for the digit 1'],
    ['врс-157', 'Cyrillic in lower case'],
  ])('%j (%s) looks like the seeded "BPC-157": 409 saying so, nothing created', async (name) => {
    expect(expectError(await create(name), 409)).toBe(
      'A peptide named "BPC-157" already exists, and this name looks the same',
    );
    expect(
      await rows(t, 'select name from peptides where deleted_at is null and name_skeleton = $1', ['bpc-l57']),
    ).toEqual([{ name: 'BPC-157' }]);
  });

  it('whitespace inside a name is collapsed, not removed: "BPC - 157" is another name, "BPC  -  157" the same as it', async () => {
    const res = await create('BPC - 157');
    expect(res.statusCode).toBe(201);
    expect(PeptideResponse.parse(json(res)).data.peptide.name).toBe('BPC - 157');
    expectError(await create('bpc \u00a0 -   157'), 409, 'A peptide named "BPC - 157" already exists');
    // A tab is a control character, refused in any single-line text (contract/safe-text.ts).
    expectError(await create('bpc \t -   157'), 400, /not allowed/);
  });

  it('stores the name without invisible characters, whitespace runs collapsed, composed (NFC)', async () => {
    const word = uniqueWord('Zeta');
    const res = await create(`\u200b${word}\u2060  Cafe\u0301\u202e`);
    expect(res.statusCode).toBe(201);
    expect(PeptideResponse.parse(json(res)).data.peptide.name).toBe(`${word} Café`);
    expect(await liveWithKey(`${word.toLowerCase()} café`)).toEqual([`${word} Café`]);
  });

  it('a name of invisible characters only is a missing name', async () => {
    expectError(await create('\u200b\u200d\ufeff'), 400, /name/);
  });

  it('a deleted peptide frees its name', async () => {
    const word = uniqueWord('Gone');
    const created = PeptideResponse.parse(json(await create(word))).data.peptide;
    const mod = await t.app.inject({ method: 'DELETE', url: `/api/peptides/${created._id}`, headers });
    expect(mod.statusCode).toBe(200);
    expect((await create(`${word.toUpperCase()}\u200b`)).statusCode).toBe(201);
  });

  it('two creations racing for one name: one 201, one 409', async () => {
    const word = uniqueWord('Race');
    const [a, b] = await Promise.all([create(word), create(`${word}\u200b`)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  });
});

describe('migration 004 on existing rows', () => {
  const dir = path.join(process.cwd(), 'server/db/migrations');
  const before = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql') && f < '004')
    .sort();
  const names = [
    ...PEPTIDES.map((p) => p.name),
    'Ärger Peptide',
    'ＢＰＣ-157',
    'ﬁne\u3000tune',
    'Tab\tand  spaces ',
    'Zero\u200bWidth',
    'ZeroWidth',
  ];

  async function migrated(databaseUrl: string | null) {
    const db = await openDb({ dataDir: 'memory://', databaseUrl });
    try {
      // The schema as it was before 004, with rows written by the earlier code.
      await db.query(
        'create table schema_migrations (name text primary key, applied_at timestamptz not null default now())',
      );
      for (const file of before) {
        await db.transaction(async (tx) => {
          await tx.exec(fs.readFileSync(path.join(dir, file), 'utf8'));
          await tx.query('insert into schema_migrations (name) values ($1)', [file]);
        });
      }
      for (const name of names) {
        await db.query(
          `insert into peptides (name, peptide_sequence, category, description, detailed_description, mechanism, common_dosage, common_frequency)
           values ($1, 'ABC', 'Anti-Aging', 'd', 'd', 'm', 'c', 'f')`,
          [name],
        );
      }
      await migrate(db);
      return (
        await db.query<{ name: string; name_key: string }>(
          'select name, name_key from peptides order by created_at, id',
        )
      ).rows;
    } finally {
      await db.close();
    }
  }

  async function check(databaseUrl: string | null) {
    const result = await migrated(databaseUrl);
    expect(result).toHaveLength(names.length);
    const keyed = new Map(result.map((r) => [r.name, r.name_key]));
    // The SQL key is the application's key for every seeded name and the odd ones above...
    for (const name of [...PEPTIDES.map((p) => p.name), 'Ärger Peptide', 'Tab and spaces']) {
      expect(keyed.get(name), name).toBe(peptideNameKey(name));
    }
    // ...the names lost their invisible characters and extra whitespace...
    expect(keyed.has('Zero\u200bWidth')).toBe(false);
    expect(keyed.get('ﬁne tune')).toBe('fine tune');
    // ...and the earlier duplicates stay, with their key made unique.
    expect(result.filter((r) => r.name === 'ZeroWidth').map((r) => r.name_key)).toEqual([
      'zerowidth',
      expect.stringMatching(/^zerowidth #[0-9a-f-]{36}$/),
    ]);
    expect(keyed.get('ＢＰＣ-157')).toMatch(/^bpc-157 #/);
  }

  it('PGlite', async () => {
    await check(null);
  });

  it.runIf(!!process.env.TEST_DATABASE_URL)('PostgreSQL', async () => {
    await check(await freshPostgresDatabase(process.env.TEST_DATABASE_URL!));
  });
});
