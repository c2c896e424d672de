// One small query interface over PGlite (embedded, default) and PostgreSQL (DATABASE_URL).
// The rest of the server never knows which one it talks to.
import fs from 'node:fs';
import path from 'node:path';

export interface QueryResult<T> {
  rows: T[];
  affectedRows: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}

export interface Transaction extends Queryable {
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * PostgreSQL only: calls `onNotify` (with the payload, and `own` true when the NOTIFY came from
   * one of this Db's own connections, that is from this process) for every NOTIFY on `channel`,
   * and `onState(false)` while the listening connection is down (it reconnects by itself).
   * Resolves to a function that stops listening.
   */
  listen?(channel: string, onNotify: (payload: string, own: boolean) => void, onState: (up: boolean) => void): Promise<() => Promise<void>>;
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /** PGlite only: the data folder as an uncompressed tarball, for `OpenOptions.loadDataDir`. */
  dump?(): Promise<Blob>;
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

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const inMemory = !dataDir || dataDir.startsWith('memory://');
  const release = inMemory ? () => {} : acquireLock(dataDir);
  let pg;
  try {
    if (loadDataDir && !inMemory) throw new Error('loadDataDir is for in-memory databases only');
    pg = await PGlite.create(inMemory ? undefined : path.join(dataDir, 'pgdata'), { extensions: { pg_trgm }, loadDataDir });
  } catch (err) {
    release();
    throw err;
  }
  const run = async <T>(q: { query: typeof pg.query }, sql: string, params?: unknown[]): Promise<QueryResult<T>> => {
    const res = await q.query<T>(sql, params as unknown[] | undefined);
    return { rows: res.rows, affectedRows: res.affectedRows ?? 0 };
  };
  return {
    kind: 'pglite',
    query: (sql, params) => run(pg, sql, params),
    transaction: (fn) =>
      pg.transaction((tx) =>
        fn({
          query: (sql, params) => run(tx, sql, params),
          exec: async (sql) => {
            await tx.exec(sql);
          },
        }),
      ),
    dump: () => pg.dumpDataDir('none'),
    close: async () => {
      try {
        await pg.close();
      } finally {
        release();
      }
    },
  };
}

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
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
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
  const run = async <T>(client: { query: (sql: string, params?: unknown[]) => Promise<{ rows: unknown[]; rowCount: number | null }> }, sql: string, params?: unknown[]): Promise<QueryResult<T>> => {
    const res = await client.query(sql, params);
    return { rows: res.rows as T[], affectedRows: res.rowCount ?? 0 };
  };
  await pool.query('select 1');
  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({
          query: (sql, params) => run(client, sql, params),
          exec: async (sql) => {
            await client.query(sql);
          },
        });
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
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
