// One small query interface over PGlite (embedded, default) and PostgreSQL (DATABASE_URL).
// The rest of the server never knows which one it talks to.
import fs from 'node:fs';
import path from 'node:path';
import type { BackupSummary } from './backup';
import { scheduleHousekeeping, scrubStatements, VACUUM_COUNTERS_SQL, WAL_SETTINGS_SQL, type ScrubResult } from './housekeeping';
import { createTurns } from './turns';
import { readRows, type Column } from './wire';

export interface QueryResult<T> {
  rows: T[];
  affectedRows: number;
}

export interface QueryOptions {
  /**
   * Keep this statement's plan between calls: a named prepared statement per distinct SQL text
   * (per connection), so the database parses it once and, after a few runs, plans it once
   * (docs/performance.md, "The uncached path"). Only for a text whose one plan suits every
   * parameter value: a generic plan cannot see a search term's or a category's selectivity.
   */
  prepare?: boolean;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<T>>;
}

export interface Transaction extends Queryable {
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** What the metrics see of a database (plugins/metrics.ts): never a statement's text or values. */
export interface DbObserver {
  /** A statement (`query`) or a whole transaction (`transaction`) took `seconds`; `failed` when it threw. */
  timed(kind: 'query' | 'transaction', seconds: number, failed: boolean): void;
  /** A pooled PostgreSQL connection was lost while idle (PostgreSQL restarted or dropped it). */
  connectionLost(): void;
}

/** Connections in use and waiting: PostgreSQL's pool, or PGlite's one queue (db/turns.ts). */
export interface DbLoad {
  /** PostgreSQL: connections open (in use and idle); PGlite: 1. */
  open: number;
  idle: number;
  /** Callers waiting for a connection (PostgreSQL) or for their turn on PGlite's one session. */
  waiting: number;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Reports every statement's time to `observer` (the metrics); one observer at a time. */
  observe(observer: DbObserver | null): void;
  load(): DbLoad;
  /**
   * PostgreSQL only: calls `onNotify` (with the payload, and `own` true when the NOTIFY came from
   * one of this Db's own connections, that is from this process) for every NOTIFY on `channel`,
   * and `onState(false)` while the listening connection is down (it reconnects by itself).
   * Resolves to a function that stops listening.
   */
  listen?(channel: string, onNotify: (payload: string, own: boolean) => void, onState: (up: boolean) => void): Promise<() => Promise<void>>;
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * Vacuums the small counter tables (db/housekeeping.ts). PGlite, which has no autovacuum, does
   * it by itself every minute after writes; tests and the benchmark's clean-up call it directly.
   */
  vacuumCounters(): Promise<void>;
  /**
   * Removes what the data folder still holds of changed and deleted rows of `tables`
   * (db/housekeeping.ts scrubStatements): vacuums them, then ends the write-ahead log's segment so
   * the next checkpoint deletes it. After each publication batch (services/publication.ts).
   */
  scrub(tables: readonly string[], rewritten?: readonly string[]): Promise<ScrubResult>;
  /** PGlite only: the data folder as an uncompressed tarball, for `OpenOptions.loadDataDir`. */
  dump?(): Promise<Blob>;
  /**
   * PGlite only: a logical backup (db/backup.ts) through `write`, holding the database's one
   * session meanwhile (other statements wait their turn; the event loop turns between chunks).
   * PostgreSQL is backed up by pg_dump (server/cli/backup.ts).
   */
  backup?(write: (text: string) => Promise<void>): Promise<BackupSummary>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PGlite folder; `memory://` (or undefined) keeps it in memory. */
  dataDir?: string;
  databaseUrl?: string | null;
  /** PostgreSQL only: connections in the pool (config.pgPoolSize; unset: pg's default, 10). */
  poolSize?: number;
  /**
   * PGlite in memory only: start from this dump (`Db.dump`) instead of an empty database. The
   * server suite copies one migrated, seeded template per file (tests/server/template.ts).
   */
  loadDataDir?: Blob;
}

export async function openDb(options: OpenOptions): Promise<Db> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize) : openPglite(options.dataDir, options.loadDataDir);
}

/**
 * Prepared statements kept per Db: at most this many distinct texts (beyond it a query runs
 * unnamed, as before), so a caller that built texts without bound could not fill memory.
 */
export const MAX_PREPARED = 200;

/** One name per distinct SQL text, the same on every connection (a name never changes text). */
function statementNames(): (sql: string) => string | null {
  const names = new Map<string, string>();
  return (sql) => {
    let name = names.get(sql);
    if (name) return name;
    if (names.size >= MAX_PREPARED) return null;
    name = `app_${names.size + 1}`;
    names.set(sql, name);
    return name;
  };
}

/** The PGlite folder inside DATA_DIR (the lock file and the mail outbox sit beside it). */
export const pgliteFolder = (dataDir: string) => path.join(dataDir, 'pgdata');

/** PGlite with the extensions our migrations use, and the checkpointer's settings. */
export async function createPglite(folder: string | undefined, loadDataDir?: Blob) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const pg = await PGlite.create(folder, { extensions: { pg_trgm }, loadDataDir });
  // PGlite is one session, its checkpoints run in it: these settings are the checkpointer's.
  await pg.exec(WAL_SETTINGS_SQL);
  return pg;
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Db> {
  const { protocol, parse } = await import('@electric-sql/pglite');
  const inMemory = !dataDir || dataDir.startsWith('memory://');
  const release = inMemory ? () => {} : acquireLock(dataDir);
  let pg: Awaited<ReturnType<typeof createPglite>>;
  try {
    if (loadDataDir && !inMemory) throw new Error('loadDataDir is for in-memory databases only');
    pg = await createPglite(inMemory ? undefined : pgliteFolder(dataDir), loadDataDir);
  } catch (err) {
    release();
    throw err;
  }
  const { serialize } = protocol;
  type BackendMessage = Awaited<ReturnType<typeof pg.execProtocolStream>>[number];
  // PGlite's own query() sends every statement unnamed (parse, describe, bind, describe,
  // execute, sync: six calls into the WebAssembly backend), so PostgreSQL parses and plans it
  // every time. A prepared statement here is parsed once (its parameter types and columns
  // kept), then each call is one batch: bind, execute, sync, whose answer db/wire.ts reads
  // with PGlite's own type parsers, so values come back exactly as from query().
  interface Prepared {
    name: string;
    paramTypes: number[];
    /** The statement's rowDescription (or noData): Bind/Execute alone do not repeat it. */
    description: BackendMessage | undefined;
    columns: Column[];
  }
  const prepared = new Map<string, Prepared>();
  const nameOf = statementNames();
  const batch = (...parts: Uint8Array[]) => {
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  };
  // Messages go in one batch with their Sync: after an error the backend skips to the Sync, so
  // the session is ready for the next statement whatever happened.
  const send = (message: Uint8Array) => pg.execProtocolStream(message, { syncToFs: false });
  const sendRaw = async (message: Uint8Array): Promise<Uint8Array> => {
    const chunks: Uint8Array[] = [];
    // The chunks are views of the backend's memory: copied before the next one overwrites it.
    await pg.execProtocolRawStream(message, { syncToFs: false, onRawData: (bytes) => chunks.push(bytes.slice()) });
    return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
  };
  const parsers = pg.parsers as Record<number, ((text: string, typeId: number) => unknown) | undefined>;
  const runPrepared = async <T>(name: string, sql: string, params: unknown[]): Promise<QueryResult<T>> => {
    let st = prepared.get(sql);
    if (!st) {
      const described = await send(batch(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()));
      const paramDescription = described.find((m) => m.name === 'parameterDescription') as { dataTypeIDs: number[] } | undefined;
      const description = described.find((m) => m.name === 'rowDescription' || m.name === 'noData');
      st = {
        name,
        paramTypes: paramDescription?.dataTypeIDs ?? [],
        description,
        columns: ((description as { fields?: Column[] } | undefined)?.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      };
      prepared.set(sql, st);
    }
    const types = st.paramTypes;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = pg.serializers[types[i]];
      return serializer ? serializer(value) : String(value);
    });
    const answer = await sendRaw(batch(serialize.bind({ statement: st.name, values }), serialize.execute(), serialize.sync()));
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
  const run = async <T>(q: { query: typeof pg.query }, sql: string, params?: unknown[]): Promise<QueryResult<T>> => {
    const res = await q.query<T>(sql, params as unknown[] | undefined);
    return { rows: res.rows, affectedRows: res.affectedRows ?? 0 };
  };
  /** `inTransaction`: the caller holds PGlite's transaction lock already (inside transaction()). */
  const query = async <T>(sql: string, params: unknown[] | undefined, options: QueryOptions | undefined, inTransaction: boolean, q: { query: typeof pg.query }) => {
    const name = options?.prepare ? nameOf(sql) : null;
    if (!name) return run<T>(q, sql, params);
    // The same locks PGlite's query() takes: one statement at a time, none inside another
    // caller's transaction. They are PGlite's internal methods, hence its exact version in
    // package.json; tests/server/prepared-statements.test.ts fails if they change.
    if (inTransaction) return pg._runExclusiveQuery(() => runPrepared<T>(name, sql, params ?? []));
    await pg._checkReady();
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        const res = await runPrepared<T>(name, sql, params ?? []);
        await pg.syncToFs();
        return res;
      }),
    );
  };
  // One statement or transaction at a time, in arrival order, with the event loop given a turn
  // between statements when the database has held it long enough (db/turns.ts).
  const turns = createTurns();
  const vacuumCounters = () => turns.exclusive(async () => void (await pg.exec(VACUUM_COUNTERS_SQL)));
  const housekeeping = scheduleHousekeeping(vacuumCounters);
  const timing = timer();
  return {
    kind: 'pglite',
    observe: timing.observe,
    load: () => ({ open: 1, idle: turns.pending ? 0 : 1, waiting: Math.max(0, turns.pending - 1) }),
    query: async <T,>(sql: string, params?: unknown[], options?: QueryOptions) => {
      const res = await timing.time('query', () => turns.exclusive(() => query<T>(sql, params, options, false, pg)));
      if (res.affectedRows > 0) housekeeping.markWrite();
      return res;
    },
    transaction: (fn) => {
      housekeeping.markWrite();
      return timing.time('transaction', () => turns.exclusive(() =>
        pg.transaction((tx) =>
          fn({
            query: async (sql, params, options) => {
              if (tx.closed) throw new Error('Transaction is closed');
              await turns.yieldIfDue();
              return query(sql, params, options, true, tx);
            },
            exec: async (sql) => {
              await tx.exec(sql);
            },
          }),
        ),
      ));
    },
    vacuumCounters,
    scrub: (tables, rewritten) =>
      turns.exclusive(async () => {
        const started = Date.now();
        for (const sql of scrubStatements(tables, rewritten)) await pg.exec(sql);
        return { ms: Date.now() - started, walRemoved: true };
      }),
    dump: () => turns.exclusive(() => pg.dumpDataDir('none')),
    backup: (write) =>
      turns.exclusive(async () => {
        const { dumpPglite } = await import('./backup');
        try {
          return await dumpPglite(pg, write);
        } finally {
          // pg_dump ends with DEALLOCATE ALL on this one session: our statements are prepared again.
          prepared.clear();
        }
      }),
    close: async () => {
      housekeeping.stop();
      try {
        await pg.close();
      } finally {
        release();
      }
    },
  };
}

/**
 * Times statements for the observer set with `Db.observe` (the metrics); without one it costs a
 * property check.
 */
function timer() {
  let observer: DbObserver | null = null;
  return {
    observe: (o: DbObserver | null) => {
      observer = o;
    },
    lost: () => observer?.connectionLost(),
    time: async <T,>(kind: 'query' | 'transaction', work: () => Promise<T>): Promise<T> => {
      const o = observer;
      if (!o) return work();
      const started = performance.now();
      let failed = true;
      try {
        const result = await work();
        failed = false;
        return result;
      } finally {
        o.timed(kind, (performance.now() - started) / 1000, failed);
      }
    },
  };
}

/** Connection-level SQLSTATEs: the connection failed (class 08), the server is shutting down or starting (57P01-57P03), or it is full (53300). */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres's own words for a connection it lost or could not get in time. */
const UNAVAILABLE_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection terminated unexpectedly|Cannot use a pool after calling end)/;

/**
 * True when `err` says the database cannot be reached now (PostgreSQL restarting, a connection
 * cut), not that a statement was wrong: the API answers 503 with Retry-After, never 500
 * (plugins/errors.ts), and a later try succeeds once the database is back.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && (UNAVAILABLE_STATES.test(e.code) || UNAVAILABLE_CODES.has(e.code))) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  // An AggregateError (a host with several addresses, all refused) or a wrapped cause.
  if (err instanceof AggregateError) return err.errors.some(isDatabaseUnavailable);
  return e.cause !== undefined && e.cause !== err && isDatabaseUnavailable(e.cause);
}

/**
 * How long a request waits for a pooled PostgreSQL connection before it is answered 503: under
 * load the wait is milliseconds; longer means the database is away or the pool is stuck, and a
 * request must not hang (docs/architecture.md, "Faults").
 */
export const PG_CONNECT_TIMEOUT_MS = 5_000;

/**
 * PGlite has no lock of its own: two processes on one folder silently lose writes.
 * A lock file with our pid makes the second one refuse to start.
 */
export function acquireLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(fs.readFileSync(lockPath, 'utf8'));
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `The database folder ${dataDir} is in use by another server process (pid ${holder}). ` +
            'Stop it first, or set DATA_DIR to another folder.',
        );
      }
      // Stale lock from a process that died (kill -9): take it over.
      fs.unlinkSync(lockPath);
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function openPostgres(url: string, poolSize: number | undefined): Promise<Db> {
  const pgModule = await import('pg');
  const pg = pgModule.default;
  // int8 (counts) as numbers, like PGlite; numeric stays exact text and is cast in SQL.
  pg.types.setTypeParser(20, (v: string) => Number(v));
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS });
  const timing = timer();
  // An idle connection that PostgreSQL closes (a restart, an administrator) is reported here; the
  // pool drops it and opens another on demand. Without a listener the 'error' event would end
  // the process.
  pool.on('error', () => timing.lost());
  // Backend pids of this pool's connections: a NOTIFY sent by one of them is this process's own.
  const ownBackends = new Set<number>();
  const backendOf = (client: unknown) => (client as { processID?: number }).processID;
  pool.on('connect', (client) => {
    const pid = backendOf(client);
    if (pid) ownBackends.add(pid);
  });
  pool.on('remove', (client) => {
    const pid = backendOf(client);
    if (pid) ownBackends.delete(pid);
  });
  // node-postgres keeps a named statement per connection: it sends Parse on a connection's
  // first use of the name, then only Bind and Execute.
  const nameOf = statementNames();
  type Client = { query: (config: { text: string; values?: unknown[]; name?: string }) => Promise<{ rows: unknown[]; rowCount: number | null }> };
  const run = async <T>(client: Client, sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<T>> => {
    const name = options?.prepare ? nameOf(sql) : null;
    const res = await client.query(name ? { name, text: sql, values: params } : { text: sql, values: params });
    return { rows: res.rows as T[], affectedRows: res.rowCount ?? 0 };
  };
  await pool.query('select 1');
  return {
    kind: 'postgres',
    observe: timing.observe,
    load: () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    query: (sql, params, options) => timing.time('query', () => run(pool, sql, params, options)),
    transaction: (fn) =>
      timing.time('transaction', async () => {
        const client = await pool.connect();
        // A connection that failed mid-transaction is closed, not handed to the next caller.
        let broken: Error | undefined;
        // Checked out, the connection has no pool listener: PostgreSQL closing it between two
        // statements (a restart) would be an unhandled 'error' that ends the process. The next
        // statement fails instead, and the caller answers 503.
        const lost = (err: Error) => {
          broken = err;
          timing.lost();
        };
        client.on('error', lost);
        try {
          await client.query('begin');
          const result = await fn({
            query: (sql, params, options) => run(client, sql, params, options),
            exec: async (sql) => {
              await client.query(sql);
            },
          });
          await client.query('commit');
          return result;
        } catch (err) {
          await client.query('rollback').catch((rollbackErr: Error) => (broken = rollbackErr));
          throw err;
        } finally {
          client.off('error', lost);
          client.release(broken);
        }
      }),
    vacuumCounters: async () => {
      await pool.query(VACUUM_COUNTERS_SQL);
    },
    scrub: async (tables, rewritten = []) => {
      const started = Date.now();
      const statements = scrubStatements(tables, rewritten);
      const walStatements = statements.slice(-2);
      for (const sql of statements.slice(0, -2)) await pool.query(sql);
      // Ending the segment and checkpointing need a superuser or the pg_checkpoint role on
      // PostgreSQL: without them the server's own checkpoints remove old segments later
      // (docs/product-rules.md, "What the data folder keeps").
      let walRemoved = true;
      for (const sql of walStatements) {
        try {
          await pool.query(sql);
        } catch {
          walRemoved = false;
          break;
        }
      }
      return { ms: Date.now() - started, walRemoved };
    },
    close: () => pool.end(),
    listen: (channel, onNotify, onState) =>
      listenPostgres(pg, url, channel, (payload, pid) => onNotify(payload, ownBackends.has(pid)), onState),
  };
}

/** A dedicated connection for LISTEN (a pooled one would drop it); reconnects with backoff. */
async function listenPostgres(
  pg: typeof import('pg').default,
  url: string,
  channel: string,
  onNotify: (payload: string, senderPid: number) => void,
  onState: (up: boolean) => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Bad channel name ${channel}`);
  let stopped = false;
  let client: InstanceType<typeof pg.Client> | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => {
      if (msg.channel === channel) onNotify(msg.payload ?? '', msg.processId);
    });
    const lost = () => {
      if (stopped || client !== c) return;
      client = null;
      onState(false);
      retry = setTimeout(() => void connect().catch(() => lost()), 1000);
    };
    c.on('error', lost);
    c.on('end', lost);
    client = c;
    await c.connect();
    await c.query(`listen ${channel}`);
    onState(true);
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
