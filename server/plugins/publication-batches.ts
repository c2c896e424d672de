// Runs the publication batches (services/publication/queue.ts runBatch) on the UTC grid of PUBLISH_EVERY: one as
// the server becomes ready (a batch missed while it was down), then one at each grid time. Every
// process of a WORKERS=N server runs this timer; the batch's advisory lock and its record of the
// last batch let exactly one of them apply it, or postpone it when too few changes are due
// (BATCH_MIN_CHANGES). With PUBLISH_EVERY=0 (changes public at once) the same run happens every
// hour, so reports that settle reach their peptide's shares on time. Closing the app waits for a
// batch under way to commit.
import fp from 'fastify-plugin';
import type { AppContext } from '../context';
import { batchSlot } from '../services/publication/grid';
import { refreshDueDoseFigures } from '../services/doses';
import { SCRUBBED, runBatch } from '../services/publication/queue';

const HOUR_MS = 3_600_000;
/** A batch starts this long after its grid time, so that changes sent just before it have committed. */
const START_DELAY_MS = 2_000;
/** How long the start waits for a missed batch; Fastify stops a start whose hooks take 10 s. */
const START_BATCH_WAIT_MS = 5_000;

export const publicationBatches = fp(
  async (app, { ctx }: { ctx: AppContext }) => {
    const period = ctx.config.publishEveryMs || HOUR_MS;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | null = null;
    let closed = false;

    /** `tick`: a grid time, not the run at start (with changes public at once, only ticks scrub). */
    const run = (at: Date, tick: boolean) => {
      running = runBatch(ctx, at)
        .then(async (result) => {
          if (!result.ran) return;
          if (result.postponed) {
            // No count and no id: that a batch waited is all a log reader learns (the public pages
            // show it anyway, by not moving).
            app.log.info(
              { batch: result.at.toISOString(), minChanges: ctx.config.batchMinChanges },
              'publication batch postponed: fewer changes due than BATCH_MIN_CHANGES',
            );
            return;
          }
          const changed = Object.values(result.applied).some((n) => n > 0);
          // What the batch replaced or deleted leaves the data folder now, not at some later vacuum.
          const scrub =
            changed || (tick && !ctx.config.publishEveryMs)
              ? await ctx.db.scrub(SCRUBBED.vacuumed, SCRUBBED.rewritten)
              : null;
          app.log.info(
            {
              batch: result.at.toISOString(),
              ...result.applied,
              small: result.small,
              ms: result.ms,
              scrubMs: scrub?.ms,
            },
            'publication batch',
          );
        })
        .catch((err: unknown) => {
          // The queue keeps every change: the next batch applies what this one could not. Reads
          // answered during it on PGlite saw part of it (db/reads-between.ts): nothing cached of them stays.
          ctx.cache.invalidate();
          app.log.error({ err }, 'publication batch failed');
        })
        // The dose figures of the peptides whose reports changed, after the batch has committed.
        .then(() => refreshDueDoseFigures(ctx, (message) => app.log.info(message)))
        .finally(() => {
          running = null;
        });
      return running;
    };

    const arm = () => {
      if (closed) return;
      const now = ctx.clock.ms();
      const next = batchSlot(new Date(now), period).getTime() + period;
      timer = setTimeout(
        () => {
          void run(new Date(next), true).then(arm);
        },
        next - now + START_DELAY_MS,
      );
      timer.unref();
    };

    // Waited for a while only: a backlog (a server down for a day on a busy site) can take longer
    // than the time Fastify gives a plugin to become ready, which would stop the start. Past that
    // wait the batch goes on while the server answers what was public before, as it did while down.
    app.addHook('onReady', async () => {
      const started = run(batchSlot(ctx.clock.now(), period), false).then(arm);
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([started, new Promise((resolve) => (waited = setTimeout(resolve, START_BATCH_WAIT_MS)))]);
      clearTimeout(waited);
    });
    app.addHook('onClose', async () => {
      closed = true;
      clearTimeout(timer);
      await running;
    });
  },
  { name: 'publication-batches' },
);
