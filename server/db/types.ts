// The query interface every part of the server uses, whichever database answers it
// (db/client.ts opens one: db/pglite.ts or db/postgres.ts).
import type { BackupSummary } from './backup';
import type { ScrubResult } from './housekeeping';

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

export interface TransactionOptions {
  /**
   * A long transaction (a publication batch): on PGlite, whose one session it holds throughout,
   * reads that arrive meanwhile are answered between its statements and see what it has written
   * so far (db/reads-between.ts). On PostgreSQL they run on other connections anyway and see it
   * once committed.
   */
  readsBetween?: boolean;
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
  listen?(
    channel: string,
    onNotify: (payload: string, own: boolean) => void,
    onState: (up: boolean) => void,
  ): Promise<() => Promise<void>>;
  transaction<T>(fn: (tx: Transaction) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Vacuums the small counter tables (db/housekeeping.ts). PGlite, which has no autovacuum, does
   * it by itself every minute after writes; tests and the benchmark's clean-up call it directly.
   */
  vacuumCounters(): Promise<void>;
  /**
   * Removes what the data folder still holds of changed and deleted rows of `tables`
   * (db/housekeeping.ts scrubStatements): vacuums them, then ends the write-ahead log's segment so
   * the next checkpoint deletes it. After each publication batch (services/publication/queue.ts).
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
