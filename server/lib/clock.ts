// The one source of time of the services and plugins (docs/architecture.md, "One clock"): every
// "now" they use comes from the context's Clock, never from `new Date()` or `Date.now()`, which
// `npm run lint` refuses there (scripts/lint-one-clock.mjs). So a test moves one clock, and the
// rate limiter, the publication batches, the links that expire and the weekly digest all follow.
// Durations (a batch's seconds for the metrics) are measured with performance.now(), which no
// test moves.

export class Clock {
  private source: () => number = Date.now;

  /** Now. */
  now(): Date {
    return new Date(this.source());
  }

  /** Now in milliseconds since the epoch (the rate limiter's unit). */
  ms(): number {
    return this.source();
  }

  /**
   * Tests: time comes from `source` (a fixed instant the test moves, never a wait), or from the
   * real clock again when called without one.
   */
  set(source?: () => number): void {
    this.source = source ?? Date.now;
  }
}
