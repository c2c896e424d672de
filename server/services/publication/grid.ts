// The publication grid (docs/product-rules.md, "Publication in batches"): the batch times on the
// UTC grid of PUBLISH_EVERY, the day a report keeps, and whether a grid time's batch applies what
// is due. Pure: no database, no clock (the callers pass their time, from ctx.clock).
import type { AppContext } from '../../context';

/** The UTC day of `at`, as the database keeps a report's times (migration 007_coarse_time.sql). */
export function utcDay(at: Date): string {
  return `${at.toISOString().slice(0, 10)}T00:00:00.000Z`;
}

/** The batch time on or before `now` (the UTC grid of `everyMs`, which divides a day). */
export function batchSlot(now: Date, everyMs: number): Date {
  return everyMs > 0 ? new Date(Math.floor(now.getTime() / everyMs) * everyMs) : now;
}

/** The batch a change made at `now` belongs to: the next grid time; null when batches are off. */
export function nextBatchAt(now: Date, everyMs: number): Date | null {
  return everyMs > 0 ? new Date(batchSlot(now, everyMs).getTime() + everyMs) : null;
}

/** The grid time on or after `at`. */
export function gridOnOrAfter(at: Date, everyMs: number): Date {
  return new Date(Math.ceil(at.getTime() / everyMs) * everyMs);
}

/**
 * Whether the batch of grid time `at` applies the changes due (queue rows of `at` or earlier, each
 * with the first grid time it could have been published at): at least BATCH_MIN_CHANGES of them,
 * or the oldest has waited BATCH_MAX_WAIT (then all go together, however few: `small`). One
 * change is one queue row: a new report, with any correction sent before it was published; an
 * author's correction or deletion of a published report; a moderator's publish or restore. With
 * PUBLISH_EVERY=0 (the hourly run) there is no minimum.
 */
export function batchDecision(
  ctx: AppContext,
  due: readonly { batch_at: Date }[],
  at: Date,
): { apply: boolean; small: boolean } {
  const min = ctx.config.publishEveryMs > 0 ? ctx.config.batchMinChanges : 1;
  if (due.length >= min) return { apply: true, small: false };
  if (!due.length) return { apply: false, small: false };
  const oldest = Math.min(...due.map((r) => new Date(r.batch_at).getTime()));
  const forced = oldest + ctx.config.batchMaxWaitMs <= at.getTime();
  return { apply: forced, small: forced };
}
