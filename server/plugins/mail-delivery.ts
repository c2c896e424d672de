// Delivers the mail queue (services/mail-queue.ts) and queues the weekly digest (services/digest.ts)
// in the background of a running app: at once when a request queued something (ctx.mailWake),
// else every POLL_MS (retries, other processes' rows whose lease ran out, the digest's hour). And
// every RESET_TURN_MS, on a timer of its own that no request moves, it turns the forgot-password
// requests waiting into links and mail (services/accounts.ts runPasswordResets).
// Nothing here runs inside a request, so a slow or failing SMTP server never touches an answer.
import fp from 'fastify-plugin';
import type { AppContext } from '../context';
import { RESET_TURN_MS, runPasswordResets } from '../services/accounts';
import { runWeeklyDigest } from '../services/digest';
import { MAIL_RETRY, deliverDue, type MailLog } from '../services/mail-queue';

const POLL_MS = 30_000;

export const mailDelivery = fp(
  async (app, { ctx }: { ctx: AppContext }) => {
    let timer: NodeJS.Timeout | null = null;
    let resetTurns: NodeJS.Timeout | null = null;
    let resetting: Promise<unknown> | null = null;
    let running: Promise<void> | null = null;
    let again = false;
    let closed = false;
    const log: MailLog = (level, message) => app.log[level](message);

    const work = async () => {
      try {
        while (!closed && (await deliverDue(ctx, log)) === MAIL_RETRY.batch) {
          // A full batch: there may be more.
        }
        if (!closed) await runWeeklyDigest(ctx);
      } catch (err) {
        // The database is away or closing: the next turn tries again.
        if (!closed) app.log.warn(`Mail delivery paused: ${(err as Error).message}`);
      }
    };
    const schedule = () => {
      if (closed) return;
      timer = setTimeout(kick, POLL_MS);
      timer.unref();
    };
    function kick() {
      if (closed) return;
      if (running) {
        again = true;
        return;
      }
      if (timer) clearTimeout(timer);
      timer = null;
      running = work().finally(() => {
        running = null;
        if (again) {
          again = false;
          kick();
        } else schedule();
      });
    }

    const turnResets = () => {
      if (closed || resetting) return;
      resetting = runPasswordResets(ctx)
        .catch((err: unknown) => app.log.warn(`Password resets paused: ${(err as Error).message}`))
        .finally(() => {
          resetting = null;
        });
    };

    let stopListening = () => {};
    app.addHook('onReady', async () => {
      stopListening = ctx.mailWake.listen(kick);
      kick();
      resetTurns = setInterval(turnResets, RESET_TURN_MS);
      resetTurns.unref();
    });
    app.addHook('onClose', async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      if (resetTurns) clearInterval(resetTurns);
      stopListening();
      await running;
      await resetting;
      // Requests still waiting get their links now; their mail goes at the next start.
      await runPasswordResets(ctx).catch((err: unknown) =>
        app.log.warn(`Password resets left unmade: ${(err as Error).message}`),
      );
    });
  },
  { name: 'mail-delivery' },
);
