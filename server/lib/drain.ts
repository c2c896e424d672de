// The drain's clock (server/serve.ts): the process exits within `exitWithinMs` of the signal.
// Here, below the plugins and services, because the drain gate (plugins/drain.ts), readiness
// (services/readiness.ts) and the process (serve.ts) all read it.
export const DRAIN = {
  /** Retry-After of the 503s: about the time a supervisor takes to start the process again. */
  retryAfterSeconds: 5,
  /**
   * Open connections idle this long after the drain began are closed: a busy client's connection
   * is idle only between a response and its next request, which then gets `Connection: close`.
   */
  idleAfterMs: 1_000,
  /** How long open connections may go on being answered before they are closed. */
  connectionsMs: 6_000,
  /** Whatever is still running then is cut, and the process exits with 1. */
  exitWithinMs: 10_000,
} as const;
