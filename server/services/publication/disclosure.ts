// What authors and the public are told about when changes become public (docs/product-rules.md,
// "Publication in batches"): a queued change's window (its earliest and latest batch), the site's
// schedule with its typical wait, and the record of applied batches both are read from
// (publication_batches, migration 033), which no single report names.
import type { PublicationSchedule } from '../../../contract/experiences';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { gridOnOrAfter, nextBatchAt } from './grid';

const DAY_MINUTES = 24 * 60;

/**
 * When a queued change can become public (docs/product-rules.md, "Publication in batches"):
 * `from`, the earliest grid time (its own, or the next one still to come when its group has been
 * waiting); `by`, the latest, the first grid time once it has waited BATCH_MAX_WAIT since its own
 * (with no minimum, its own grid time). `firstAt` is the queue row's `batch_at`, the first grid
 * time it could have been published at.
 */
export function publicationWindow(ctx: AppContext, firstAt: Date, now = ctx.clock.now()): { from: Date; by: Date } {
  const every = ctx.config.publishEveryMs;
  const next = nextBatchAt(now, every) ?? now;
  const from = new Date(Math.max(firstAt.getTime(), next.getTime()));
  // No minimum, or batches turned off since it was queued (the hourly run applies it): no wait.
  if (ctx.config.batchMinChanges <= 1 || !every) return { from, by: from };
  const by = gridOnOrAfter(new Date(firstAt.getTime() + ctx.config.batchMaxWaitMs), every);
  return { from, by: new Date(Math.max(from.getTime(), by.getTime())) };
}

/** How far back the typical wait reads applied batches (GET /api/publication); older records are deleted. */
export const TYPICAL_WAIT_WINDOW_DAYS = 30;

/**
 * How this site publishes (GET /api/publication): the grid, the minimum group and the longest
 * wait, and the typical wait: the median, over the changes applied in the last
 * TYPICAL_WAIT_WINDOW_DAYS, of the time from the start of the window each was sent in to its batch
 * (its recorded wait plus one grid step: an upper bound of the time from sending), in whole days,
 * 0 for less than one. Read from publication_batches (migration 033), which no single report names.
 */
export async function publicationSchedule(ctx: AppContext): Promise<PublicationSchedule> {
  const { publishEveryMs: every, batchMinChanges, batchMaxWaitMs } = ctx.config;
  return ctx.cache.get('publication-schedule', async () => {
    const res = await ctx.db.query<{ median: number | null }>(
      `select percentile_disc(0.5) within group (order by w) as median
         from publication_batches b, unnest(b.wait_minutes) as w
        where b.batch_at > now() - make_interval(days => $1)`,
      [TYPICAL_WAIT_WINDOW_DAYS],
    );
    const median = res.rows[0]?.median;
    const minutes = median === null || median === undefined || !every ? null : Number(median) + every / 60_000;
    return {
      everyMinutes: every / 60_000,
      minChanges: every ? batchMinChanges : 1,
      maxWaitMinutes: every ? batchMaxWaitMs / 60_000 : 0,
      typicalWaitDays: minutes === null ? null : minutes < DAY_MINUTES ? 0 : Math.round(minutes / DAY_MINUTES),
    };
  });
}

/** Records an applied batch for the typical wait (migration 033), and forgets those too old to count. */
export async function recordBatch(
  tx: Queryable,
  due: readonly { kind: string; experience_id: string; batch_at: Date }[],
  at: Date,
  small: boolean,
): Promise<void> {
  const waits = due
    .map((r) => Math.round((at.getTime() - new Date(r.batch_at).getTime()) / 60_000))
    .sort((a, b) => a - b);
  await tx.query(
    `insert into publication_batches (batch_at, changes, wait_minutes, small) values ($1, $2, $3::int[], $4)
     on conflict (batch_at) do update set changes = publication_batches.changes + excluded.changes, small = publication_batches.small and excluded.small,
       wait_minutes = (select array_agg(w order by w) from unnest(publication_batches.wait_minutes || excluded.wait_minutes) w)`,
    [at.toISOString(), due.length, waits, small],
  );
  await tx.query(`delete from publication_batches where batch_at < $1::timestamptz - make_interval(days => $2)`, [
    at.toISOString(),
    TYPICAL_WAIT_WINDOW_DAYS,
  ]);
  if (!small) return;
  // Their authors' lookups say that these became public in a small group.
  const own = due.filter((r) => r.kind === 'submit' || r.kind === 'edit').map((r) => r.experience_id);
  if (own.length)
    await tx.query(`update experiences set small_group_at = $2 where id = any($1::uuid[]) and status = 'published'`, [
      own,
      at.toISOString(),
    ]);
}
