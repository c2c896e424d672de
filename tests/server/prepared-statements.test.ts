// Prepared statements (`{ prepare: true }`, server/db/client.ts): a query that keeps its plan
// answers exactly what the same query sent unnamed answers, inside and outside transactions,
// after errors and after a schema change. On PGlite by default; on PostgreSQL with
// TEST_DATABASE_URL, like the rest of the server suite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../server/db/client';
import { MAX_PREPARED } from '../../server/db/statement-names';
import { freshPostgresDatabase, testConfig } from './helpers';

let db: Db;

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL ? await freshPostgresDatabase(process.env.TEST_DATABASE_URL) : null;
  db = await openDb({ dataDir: 'memory://', databaseUrl: url, pgliteFastPath: testConfig().pgliteFastPath });
  await db.query(`create table kinds (
    id uuid primary key, n8 bigint, n4 integer, f double precision, num numeric, flag boolean, at timestamptz,
    tags text[], counts integer[], doc jsonb, note text)`);
  await db.query(
    `insert into kinds values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11),
       ('00000000-0000-4000-8000-000000000002', null, null, null, null, null, null, null, null, null, null)`,
    [
      '00000000-0000-4000-8000-000000000001',
      9007199254740991,
      -7,
      0.125,
      '12.50',
      true,
      new Date('2026-11-25T00:00:00.000Z'),
      ['a', 'b "quoted", c', ''],
      [1, 2, 3],
      JSON.stringify({ k: [1, 'two', null], nested: { ok: true } }),
      'ünïcødé ✓',
    ],
  );
});

afterAll(async () => {
  await db?.close();
});

const ALL = `select id, n8, n4, f, num, flag, at, tags, counts, doc, note, count(*) over () as total from kinds where id = any($1::uuid[]) order by id`;
const IDS = [['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002']];

describe('a prepared statement', () => {
  it('gives back every type exactly as an unnamed query does, on its first and later runs', async () => {
    const unnamed = await db.query(ALL, IDS);
    const first = await db.query(ALL, IDS, { prepare: true });
    const again = await db.query(ALL, IDS, { prepare: true });
    expect(first).toEqual(unnamed);
    expect(again).toEqual(unnamed);
    const row = again.rows[0];
    expect(row.n8).toBe(9007199254740991);
    expect(row.total).toBe(2);
    expect(row.at).toBeInstanceOf(Date);
    expect((row.at as Date).toISOString()).toBe('2026-11-25T00:00:00.000Z');
    expect(row.tags).toEqual(['a', 'b "quoted", c', '']);
    expect(row.counts).toEqual([1, 2, 3]);
    expect(row.doc).toEqual({ k: [1, 'two', null], nested: { ok: true } });
    expect(row.note).toBe('ünïcødé ✓');
    expect(again.rows[1]).toEqual({
      id: IDS[0][1],
      n8: null,
      n4: null,
      f: null,
      num: null,
      flag: null,
      at: null,
      tags: null,
      counts: null,
      doc: null,
      note: null,
      total: 2,
    });
  });

  it('takes parameters of every type, and counts the rows a write changed', async () => {
    const write = `update kinds set n4 = $2, at = $3, tags = $4, doc = $5, flag = $6 where id = $1`;
    const res = await db.query(write, [IDS[0][1], 5, new Date('2026-01-02T00:00:00.000Z'), ['x'], { a: 1 }, false], {
      prepare: true,
    });
    expect(res.affectedRows).toBe(1);
    const back = await db.query(`select n4, at, tags, doc, flag from kinds where id = $1`, [IDS[0][1]], {
      prepare: true,
    });
    expect(back.rows).toEqual([
      { n4: 5, at: new Date('2026-01-02T00:00:00.000Z'), tags: ['x'], doc: { a: 1 }, flag: false },
    ]);
    await db.query(write, [IDS[0][1], null, null, null, null, null], { prepare: true });
  });

  it('fails like an unnamed query, and runs again after the error', async () => {
    const divide = 'select 10 / $1::int as q';
    await expect(db.query(divide, [0], { prepare: true })).rejects.toMatchObject({ code: '22012' });
    expect((await db.query(divide, [2], { prepare: true })).rows).toEqual([{ q: 5 }]);
    await expect(db.query('select * from no_such_table where id = $1', [1], { prepare: true })).rejects.toMatchObject({
      code: '42P01',
    });
    expect((await db.query(divide, [5], { prepare: true })).rows).toEqual([{ q: 2 }]);
  });

  it('inside a transaction sees its writes, and a rollback after a failed statement undoes them', async () => {
    const read = 'select note from kinds where id = $1';
    await expect(
      db.transaction(async (tx) => {
        await tx.query('update kinds set note = $2 where id = $1', [IDS[0][1], 'in transaction'], { prepare: true });
        expect((await tx.query(read, [IDS[0][1]], { prepare: true })).rows).toEqual([{ note: 'in transaction' }]);
        await tx.query('select 10 / $1::int as q', [0], { prepare: true });
      }),
    ).rejects.toMatchObject({ code: '22012' });
    expect((await db.query(read, [IDS[0][1]], { prepare: true })).rows).toEqual([{ note: null }]);
    const committed = await db.transaction(async (tx) => {
      await tx.query('update kinds set note = $2 where id = $1', [IDS[0][1], 'committed'], { prepare: true });
      return (await tx.query(read, [IDS[0][1]], { prepare: true })).rows;
    });
    expect(committed).toEqual([{ note: 'committed' }]);
    expect((await db.query(read, [IDS[0][1]], { prepare: true })).rows).toEqual([{ note: 'committed' }]);
    await db.query('update kinds set note = null where id = $1', [IDS[0][1]]);
  });

  it('never runs inside another caller’s open transaction', async () => {
    const read = 'select note from kinds where id = $1';
    let release!: () => void;
    const holding = new Promise<void>((r) => (release = r));
    let written!: () => void;
    const wrote = new Promise<void>((r) => (written = r));
    const tx = db.transaction(async (t) => {
      await t.query('update kinds set note = $2 where id = $1', [IDS[0][1], 'uncommitted'], { prepare: true });
      written();
      await holding;
      throw new Error('roll back');
    });
    await wrote;
    const outside = db.query(read, [IDS[0][1]], { prepare: true });
    release();
    await expect(tx).rejects.toThrow('roll back');
    expect((await outside).rows).toEqual([{ note: null }]);
  });

  it('answers for the new schema after the table changes under it', async () => {
    const read = 'select * from kinds where id = $1';
    const before = await db.query(read, [IDS[0][0]], { prepare: true });
    expect(before.rows[0]).not.toHaveProperty('added');
    await db.query(`alter table kinds add column added text default 'new'`);
    // A kept plan whose result type changed fails once on PostgreSQL ("cached plan must not
    // change result type"); the statement is then prepared again.
    const after = await db
      .query(read, [IDS[0][0]], { prepare: true })
      .catch(() => db.query(read, [IDS[0][0]], { prepare: true }));
    expect(after.rows[0]).toMatchObject({ id: IDS[0][0], added: 'new' });
    await db.query('alter table kinds drop column added');
  });

  it('reads a long answer (many rows, wide values) and one with a notice in it like an unnamed query', async () => {
    const many = `select i, repeat('ü', i % 300) as text, array[i, -i] as pair from generate_series(1, $1::int) i`;
    const unnamed = await db.query(many, [5000]);
    expect(await db.query(many, [5000], { prepare: true })).toEqual(unnamed);
    expect(unnamed.rows).toHaveLength(5000);
    await db.query(
      `create function noisy(x int) returns int language plpgsql as $$ begin raise notice 'noted %', x; return x; end $$`,
    );
    expect((await db.query('select noisy($1) as n', [3], { prepare: true })).rows).toEqual([{ n: 3 }]);
    expect((await db.query('select noisy($1) as n', [4], { prepare: true })).rows).toEqual([{ n: 4 }]);
  });

  it('still answers once more texts than it keeps have been prepared', async () => {
    for (let i = 0; i < MAX_PREPARED + 5; i++) {
      const res = await db.query(`select $1::int + ${i} as n`, [1], { prepare: true });
      expect(res.rows).toEqual([{ n: 1 + i }]);
    }
  });
});
