// Opens the database: PGlite (embedded, the default) or PostgreSQL (DATABASE_URL), behind one small
// query interface (db/types.ts). The rest of the server never knows which one it talks to.
export type {
  Db,
  DbLoad,
  DbObserver,
  QueryOptions,
  QueryResult,
  Queryable,
  Transaction,
  TransactionOptions,
} from './types';
export { isDatabaseUnavailable } from './availability';
import type { Db } from './types';

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
  /**
   * PGlite only: statements marked `prepare` take the fast path (db/pglite-fast-path.ts) when true
   * (config.pgliteFastPath, PGLITE_FAST_PATH; the default), PGlite's public query() when false.
   */
  pgliteFastPath?: boolean;
}

export async function openDb(options: OpenOptions): Promise<Db> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres');
    return openPostgres(options.databaseUrl, options.poolSize);
  }
  const { openPglite } = await import('./pglite');
  return openPglite({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    fastPath: options.pgliteFastPath ?? true,
  });
}
