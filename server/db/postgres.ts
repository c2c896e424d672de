// PostgreSQL (DATABASE_URL): a pool of node-postgres connections, named prepared statements per
// connection, and a dedicated connection for LISTEN (plugins/cross-process.ts).
import { PG_CONNECT_TIMEOUT_MS } from './availability';
import { scrubStatements, VACUUM_COUNTERS_SQL } from './housekeeping';
import { statementNames } from './statement-names';
import { timer } from './timing';
import type { Db, QueryOptions, QueryResult } from './types';

export async function openPostgres(url: string, poolSize: number | undefined): Promise<Db> {
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
  type Client = {
    query: (config: {
      text: string;
      values?: unknown[];
      name?: string;
    }) => Promise<{ rows: unknown[]; rowCount: number | null }>;
  };
  const run = async <T>(
    client: Client,
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<T>> => {
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
      // (docs/product-rules.md, "Publication in batches").
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
