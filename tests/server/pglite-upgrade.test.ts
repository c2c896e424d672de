// The PGlite pin. server/db/pglite-fast-path.ts leans on details of PGlite that a release may
// change (docs/performance.md, "PGlite's fast path"), so package.json names one exact version and
// this file fails first on any other, saying what to check before the pin moves. It also checks
// the members the fast path calls and the one behaviour of PGlite's it relies on beyond results:
// runExclusive holds off every statement of PGlite's own until it ends.
import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import * as pglite from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_PATH_API, PGLITE_VERSION_CHECKED, missingFastPathApi } from '../../server/db/pglite-fast-path';

const root = path.resolve(import.meta.dirname, '../..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

const TO_MOVE_THE_PIN =
  `server/db/pglite-fast-path.ts was checked against PGlite ${PGLITE_VERSION_CHECKED}. To move the pin: ` +
  "(1) read PGlite's changes to execProtocolStream, execProtocolRawStream, runExclusive and its locks, the parsers and " +
  'serializers tables, and the protocol and parse exports; (2) run tests/server/pglite-upgrade.test.ts, ' +
  'prepared-statements.test.ts, pglite-paths.test.ts and the vitest project server-pglite-public; (3) compare ' +
  '`npm run bench -- --pglite-paths` with docs/performance.md; (4) set PGLITE_VERSION_CHECKED and the exact version in ' +
  "package.json. Meanwhile PGLITE_FAST_PATH=off runs the server on PGlite's public query() alone.";

describe('the PGlite pin', () => {
  it('names one exact version, the one installed and the one the fast path was checked against', () => {
    expect(readJson('package.json').dependencies['@electric-sql/pglite'], TO_MOVE_THE_PIN).toBe(PGLITE_VERSION_CHECKED);
    expect(readJson('node_modules/@electric-sql/pglite/package.json').version, TO_MOVE_THE_PIN).toBe(
      PGLITE_VERSION_CHECKED,
    );
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('what the fast path uses of PGlite', () => {
  let pg: pglite.PGlite;
  beforeAll(async () => {
    pg = await pglite.PGlite.create();
  });
  afterAll(async () => {
    await pg?.close();
  });

  it('is all there', () => {
    expect(missingFastPathApi(pg, pglite), TO_MOVE_THE_PIN).toEqual([]);
    // The check names every member it looks for (a new one added to FAST_PATH_API is checked too).
    const stripped = { ...pglite, protocol: { ...pglite.protocol, serialize: {} } } as unknown as typeof pglite;
    expect(missingFastPathApi(pg, stripped)).toEqual(
      FAST_PATH_API.serialize.map((name) => `protocol.serialize.${name}()`),
    );
  });

  it('runExclusive holds off PGlite’s own queries and transactions until it ends', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const exclusive = pg.runExclusive(async () => {
      order.push('exclusive');
      await held;
    });
    const waiting = [
      pg.query('select 1').then(() => order.push('query')),
      pg.exec('select 2').then(() => order.push('exec')),
      pg.transaction(async (tx) => void (await tx.query('select 3'))).then(() => order.push('transaction')),
    ];
    // Many turns of the event loop: unblocked, each of them would have finished by now.
    for (let i = 0; i < 50; i++) await nextTurn();
    order.push('released');
    release();
    await Promise.all([exclusive, ...waiting]);
    expect(order, TO_MOVE_THE_PIN).toEqual(['exclusive', 'released', 'query', 'exec', 'transaction']);
  });
});
