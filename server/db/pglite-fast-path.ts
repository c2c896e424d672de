// PGlite's fast path (PGLITE_FAST_PATH=on, the default): prepared statements, and a reader of
// their answers' bytes. PGlite's query() sends every statement unnamed (parse, describe, bind,
// describe, execute, sync: six calls into the WebAssembly backend), so PostgreSQL parses and plans
// it every time, and its protocol parser copies every field into a fresh buffer before decoding
// it: for a feed page that parsing cost about three times what the backend spent on the query.
// Here a statement is parsed once (its parameter types and columns kept); each call is then one
// batch (bind, execute, sync) whose answer readRows decodes straight from the bytes with PGlite's
// own type parsers, so values come back exactly as from query() (docs/performance.md, "PGlite's
// fast path").
//
// Only PGlite's public API is used, but this leans on details a release may change (the raw
// protocol methods, what runExclusive locks, the parser tables, the `protocol` and `parse`
// exports): hence the exact version in package.json, PGLITE_VERSION_CHECKED below and
// tests/server/pglite-upgrade.test.ts. PGLITE_FAST_PATH=off runs every statement through query().
import type { PGlite } from '@electric-sql/pglite';
import type { QueryResult } from './types';

type PgliteModule = typeof import('@electric-sql/pglite');
type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
type Parser = (text: string, typeId: number) => unknown;

/** The PGlite release this file was written and checked against (tests/server/pglite-upgrade.test.ts). */
export const PGLITE_VERSION_CHECKED = '0.5.16';

/** What the fast path calls on a PGlite instance and on the package's exports. */
export const FAST_PATH_API = {
  instance: ['runExclusive', 'execProtocolStream', 'execProtocolRawStream', 'syncToFs'] as const,
  tables: ['parsers', 'serializers'] as const,
  serialize: ['parse', 'describe', 'bind', 'execute', 'sync', 'close'] as const,
};

/** Members of FAST_PATH_API this PGlite lacks (empty when the fast path can run). */
export function missingFastPathApi(pg: PGlite, pglite: PgliteModule): string[] {
  const record = pg as unknown as Record<string, unknown>;
  const missing = [
    ...FAST_PATH_API.instance.filter((name) => typeof record[name] !== 'function').map((name) => `PGlite#${name}()`),
    ...FAST_PATH_API.tables
      .filter((name) => typeof record[name] !== 'object' || record[name] === null)
      .map((name) => `PGlite#${name}`),
    ...FAST_PATH_API.serialize
      .filter((name) => typeof pglite.protocol?.serialize?.[name] !== 'function')
      .map((name) => `protocol.serialize.${name}()`),
  ];
  if (typeof pglite.protocol?.Parser !== 'function') missing.push('protocol.Parser');
  if (typeof pglite.protocol?.messages?.DatabaseError !== 'function') missing.push('protocol.messages.DatabaseError');
  if (typeof pglite.parse?.parseResults !== 'function') missing.push('parse.parseResults()');
  return missing;
}

export interface Column {
  name: string;
  dataTypeID: number;
}

interface Prepared {
  name: string;
  paramTypes: number[];
  /** The statement's rowDescription (or noData): Bind/Execute alone do not repeat it. */
  description: BackendMessage | undefined;
  columns: Column[];
}

export interface PreparedStatements {
  /**
   * Runs `sql` as the prepared statement `name`. `inTransaction`: inside Db.transaction, whose
   * COMMIT writes the data folder; otherwise the statement's writes are synced here.
   */
  run<T>(name: string, sql: string, params: unknown[], inTransaction: boolean): Promise<QueryResult<T>>;
  /** The session's prepared statements were dropped (DEALLOCATE ALL, as pg_dump ends): prepare each again. */
  forget(): void;
}

export function preparedStatements(pg: PGlite, pglite: PgliteModule): PreparedStatements {
  const missing = missingFastPathApi(pg, pglite);
  if (missing.length) {
    throw new Error(
      `PGlite lacks what its fast path uses (${missing.join(', ')}): server/db/pglite-fast-path.ts was written for PGlite ` +
        `${PGLITE_VERSION_CHECKED}. Set PGLITE_FAST_PATH=off to run on PGlite's public query() alone, or port that file.`,
    );
  }
  const { protocol, parse } = pglite;
  const { serialize } = protocol;
  const prepared = new Map<string, Prepared>();
  // Messages go in one batch with their Sync: after an error the backend skips to the Sync, so
  // the session is ready for the next statement whatever happened.
  const send = (message: Uint8Array) => pg.execProtocolStream(message, { syncToFs: false });
  const sendRaw = async (message: Uint8Array): Promise<Uint8Array> => {
    const chunks: Uint8Array[] = [];
    // The chunks are views of the backend's memory: copied before the next one overwrites it.
    await pg.execProtocolRawStream(message, { syncToFs: false, onRawData: (bytes) => chunks.push(bytes.slice()) });
    return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
  };
  const parsers = pg.parsers as Record<number, Parser | undefined>;

  const describe = async (name: string, sql: string): Promise<Prepared> => {
    const described = await send(
      batch(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()),
    );
    const paramDescription = described.find((m) => m.name === 'parameterDescription') as
      | { dataTypeIDs: number[] }
      | undefined;
    const description = described.find((m) => m.name === 'rowDescription' || m.name === 'noData');
    const fields = (description as { fields?: Column[] } | undefined)?.fields ?? [];
    return {
      name,
      paramTypes: paramDescription?.dataTypeIDs ?? [],
      description,
      columns: fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
    };
  };

  const execute = async <T>(name: string, sql: string, params: unknown[]): Promise<QueryResult<T>> => {
    let st = prepared.get(sql);
    if (!st) {
      st = await describe(name, sql);
      prepared.set(sql, st);
    }
    const types = st.paramTypes;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = pg.serializers[types[i]];
      return serializer ? serializer(value) : String(value);
    });
    const answer = await sendRaw(
      batch(serialize.bind({ statement: st.name, values }), serialize.execute(), serialize.sync()),
    );
    const read = readRows(answer, st.columns, parsers);
    if (read) return { rows: read.rows as T[], affectedRows: read.affectedRows };
    // Anything but rows (an error, a notice): PGlite's parser reads it and builds its error.
    const messages: BackendMessage[] = [];
    new protocol.Parser().parse(answer, (m) => messages.push(m));
    const error = messages.find((m) => m instanceof protocol.messages.DatabaseError);
    if (error) {
      // Prepare again next time: the error may be the statement's own (a plan whose result
      // type a schema change altered), and a fresh Parse costs one call.
      prepared.delete(sql);
      await send(batch(serialize.close({ type: 'S', name: st.name }), serialize.sync())).catch(() => {});
      throw error;
    }
    const [res] = parse.parseResults(st.description ? [st.description, ...messages] : messages, pg.parsers);
    return { rows: res.rows as T[], affectedRows: res.affectedRows ?? 0 };
  };

  return {
    // runExclusive takes the lock PGlite's own query() takes, so no statement of PGlite's runs
    // meanwhile. Its transaction lock is not needed: every statement and transaction of a Db
    // passes one at a time through db/turns.ts, so nothing runs between another caller's BEGIN
    // and COMMIT (tests/server/pglite-paths.test.ts checks it on both paths).
    run<T>(name: string, sql: string, params: unknown[], inTransaction: boolean) {
      return pg.runExclusive(async () => {
        if (pg.closed) throw new Error('PGlite is closed');
        const res = await execute<T>(name, sql, params);
        if (!inTransaction) await pg.syncToFs();
        return res;
      });
    },
    forget() {
      prepared.clear();
    },
  };
}

function batch(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

// The wire reader: only the messages an answer to Bind/Execute/Sync holds are read here; anything
// else (an error, a notice) returns null and the caller hands the bytes to PGlite's parser.
const PARSE_COMPLETE = 0x31; // '1'
const BIND_COMPLETE = 0x32; // '2'
const CLOSE_COMPLETE = 0x33; // '3'
const NO_DATA = 0x6e; // 'n'
const READY_FOR_QUERY = 0x5a; // 'Z'
const DATA_ROW = 0x44; // 'D'
const COMMAND_COMPLETE = 0x43; // 'C'

/** Tags whose trailing number counts changed rows, as PGlite's parseResults counts them. */
const WRITE_TAGS = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/**
 * Rows (objects keyed by column name, values through `parsers` by type id, exactly as PGlite's
 * parseResults builds them) and the rows a write changed; null when the answer holds any other
 * message.
 */
export function readRows(
  bytes: Uint8Array,
  columns: readonly Column[],
  parsers: Record<number, Parser | undefined>,
): { rows: Record<string, unknown>[]; affectedRows: number } | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const rows: Record<string, unknown>[] = [];
  const columnParsers = columns.map((c) => parsers[c.dataTypeID]);
  let affectedRows = 0;
  let at = 0;
  while (at + 5 <= buf.length) {
    const type = buf[at];
    const end = at + 1 + buf.readInt32BE(at + 1);
    if (end > buf.length) return null;
    let p = at + 5;
    switch (type) {
      case DATA_ROW: {
        const count = buf.readInt16BE(p);
        if (count !== columns.length) return null;
        p += 2;
        const row: Record<string, unknown> = {};
        for (let i = 0; i < count; i++) {
          const length = buf.readInt32BE(p);
          p += 4;
          if (length < 0) {
            row[columns[i].name] = null;
            continue;
          }
          const text = buf.toString('utf8', p, p + length);
          p += length;
          const parse = columnParsers[i];
          row[columns[i].name] = parse ? parse(text, columns[i].dataTypeID) : text;
        }
        rows.push(row);
        break;
      }
      case COMMAND_COMPLETE: {
        const parts = buf.toString('utf8', p, end - 1).split(' ');
        if (WRITE_TAGS.has(parts[0])) affectedRows += parseInt(parts[parts.length - 1], 10);
        break;
      }
      case PARSE_COMPLETE:
      case BIND_COMPLETE:
      case CLOSE_COMPLETE:
      case NO_DATA:
      case READY_FOR_QUERY:
        break;
      default:
        return null;
    }
    at = end;
  }
  return at === buf.length ? { rows, affectedRows } : null;
}
