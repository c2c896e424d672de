// Whether an error means the database cannot be reached now, and how long a request waits for a
// connection: the API answers 503 with Retry-After then, never 500 (plugins/errors.ts).

/** Connection-level SQLSTATEs: the connection failed (class 08), the server is shutting down or starting (57P01-57P03), or it is full (53300). */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres's own words for a connection it lost or could not get in time. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection terminated unexpectedly|Cannot use a pool after calling end)/;

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
 * request must not hang (docs/operations.md, "Stopping and restarting").
 */
export const PG_CONNECT_TIMEOUT_MS = 5_000;
