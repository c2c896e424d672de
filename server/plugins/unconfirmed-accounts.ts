// Deletes the accounts whose address was not confirmed within UNCONFIRMED_ACCOUNT_DAYS
// (services/registration.ts `deleteUnconfirmedAccounts`): once as the app becomes ready, then
// every hour, beside mail delivery (plugins/mail-delivery.ts). Every process of a WORKERS=N
// server runs this timer; the statement takes only rows no other process holds, so two runs at
// once neither wait for each other nor delete twice. Nothing here runs inside a request.
import fp from 'fastify-plugin';
import { UNCONFIRMED_ACCOUNT_DAYS } from '../../contract/users';
import type { AppContext } from '../context';
import { UNCONFIRMED_DELETE_BATCH, deleteUnconfirmedAccounts } from '../services/registration';

const HOUR_MS = 3_600_000;

export const unconfirmedAccounts = fp(
  async (app, { ctx }: { ctx: AppContext }) => {
    let timer: NodeJS.Timeout | null = null;
    let running: Promise<void> | null = null;
    let closed = false;

    const run = () => {
      if (closed || running) return;
      running = (async () => {
        for (;;) {
          const n = await deleteUnconfirmedAccounts(ctx);
          if (n > 0)
            app.log.info(
              `Deleted ${n} account${n === 1 ? '' : 's'} whose email address was not confirmed within ${UNCONFIRMED_ACCOUNT_DAYS} days`,
            );
          // A full batch: there may be more.
          if (n < UNCONFIRMED_DELETE_BATCH || closed) break;
        }
      })()
        .catch((err: unknown) => {
          // The database is away or closing: the next hour tries again.
          if (!closed) app.log.warn(`Deleting unconfirmed accounts paused: ${(err as Error).message}`);
        })
        .finally(() => {
          running = null;
        });
    };

    app.addHook('onReady', async () => {
      run();
      timer = setInterval(run, HOUR_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      closed = true;
      if (timer) clearInterval(timer);
      await running;
    });
  },
  { name: 'unconfirmed-accounts' },
);
