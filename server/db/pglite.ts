// The embedded database: PGlite in this process, on DATA_DIR (or in memory). Statements go
// through PGlite's public query() and transaction(); with the fast path on (PGLITE_FAST_PATH, the
// default) those marked `prepare` go through db/pglite-fast-path.ts instead.
import path from 'node:path';
import { acquireLock } from './data-dir-lock';
import { tightenDataDir } from './data-dir-modes';
import { scheduleHousekeeping, scrubStatements, VACUUM_COUNTERS_SQL, WAL_SETTINGS_SQL } from './housekeeping';
import { preparedStatements, type PreparedStatements } from './pglite-fast-path';
import { readsBetween, type SharedSession } from './reads-between';
import { statementNames } from './statement-names';
import { timer } from './timing';
import { createTurns } from './turns';
import type { Db, QueryOptions, QueryResult } from './types';

export interface PgliteOptions {
  /** The folder; `memory://` (or undefined) keeps the database in memory. */
  dataDir?: string;
  /** In memory only: start from this dump (`Db.dump`). */
  loadDataDir?: Blob;
  /** Statements marked `prepare` take the fast path (config.pgliteFastPath). */
  fastPath: boolean;
}

/** The PGlite folder inside DATA_DIR (the lock file and the mail outbox sit beside it). */
export const pgliteFolder = (dataDir: string) => path.join(dataDir, 'pgdata');

/** PGlite with the extensions our migrations use, and the checkpointer's settings (restore opens it so too). */
export async function createPglite(folder: string | undefined, loadDataDir?: Blob) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const pg = await PGlite.create(folder, { extensions: { pg_trgm }, loadDataDir });
  try {
    // PGlite gives its files modes of its own (0666 when it unpacks a new database, 0644 for the
    // catalogue caches it rewrites at each open): the owner's alone again before anything is
    // written, the secret that signs sessions included (db/data-dir-modes.ts).
    if (folder) tightenDataDir(folder);
    // PGlite is one session, its checkpoints run in it: these settings are the checkpointer's.
    await pg.exec(WAL_SETTINGS_SQL);
  } catch (err) {
    await pg.close().catch(() => {});
    throw err;
  }
  return pg;
}

export async function openPglite({ dataDir, loadDataDir, fastPath }: PgliteOptions): Promise<Db> {
  const pglite = await import('@electric-sql/pglite');
  const inMemory = !dataDir || dataDir.startsWith('memory://');
  if (loadDataDir && !inMemory) throw new Error('loadDataDir is for in-memory databases only');
  const release = inMemory ? () => {} : acquireLock(dataDir);
  let pg: Awaited<ReturnType<typeof createPglite>>;
  try {
    pg = await createPglite(inMemory ? undefined : pgliteFolder(dataDir), loadDataDir);
  } catch (err) {
    release();
    throw err;
  }
  let prepared: PreparedStatements | null;
  try {
    prepared = fastPath ? preparedStatements(pg, pglite) : null;
  } catch (err) {
    await pg.close().catch(() => {});
    release();
    throw err;
  }
  const nameOf = statementNames();
  type Session = Pick<typeof pg, 'query'>;
  /** `session`: PGlite itself, or the open transaction (then `inTransaction`). */
  const query = async <T>(
    session: Session,
    sql: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<QueryResult<T>> => {
    const name = prepared && options?.prepare ? nameOf(sql) : null;
    if (prepared && name) return prepared.run<T>(name, sql, params ?? [], inTransaction);
    const res = await session.query<T>(sql, params);
    return { rows: res.rows, affectedRows: res.affectedRows ?? 0 };
  };
  // One statement or transaction at a time, in arrival order, with the event loop given a turn
  // between statements when the database has held it long enough (db/turns.ts).
  const turns = createTurns();
  // Reads a long transaction answers between its statements (a publication batch: db/reads-between.ts).
  const reads = readsBetween<Session & SharedSession>(turns);
  const vacuumCounters = () => turns.exclusive(async () => void (await pg.exec(VACUUM_COUNTERS_SQL)));
  const housekeeping = scheduleHousekeeping(vacuumCounters);
  const timing = timer();
  return {
    kind: 'pglite',
    observe: timing.observe,
    load: () => {
      const pending = turns.pending - reads.answeredAhead;
      return { open: 1, idle: pending ? 0 : 1, waiting: Math.max(0, pending - 1) };
    },
    query: async <T>(sql: string, params?: unknown[], options?: QueryOptions) => {
      const res = await timing.time('query', () =>
        reads.isRead(sql)
          ? reads.read((inside) =>
              inside ? query<T>(inside, sql, params, options, true) : query<T>(pg, sql, params, options, false),
            )
          : turns.exclusive(() => query<T>(pg, sql, params, options, false)),
      );
      if (res.affectedRows > 0) housekeeping.markWrite();
      return res;
    },
    transaction: (fn, transactionOptions) => {
      housekeeping.markWrite();
      return timing.time('transaction', () =>
        turns.exclusive(() =>
          pg.transaction((tx) =>
            fn({
              query: async (sql, params, options) => {
                if (tx.closed) throw new Error('Transaction is closed');
                await turns.yieldIfDue();
                if (transactionOptions?.readsBetween) await reads.answer(tx);
                return query(tx, sql, params, options, true);
              },
              exec: async (sql) => {
                await tx.exec(sql);
              },
            }),
          ),
        ),
      );
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
          // pg_dump ends with DEALLOCATE ALL on this one session: the fast path prepares again.
          prepared?.forget();
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
