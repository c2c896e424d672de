// Other processes on this PostgreSQL write too: their commits empty our read caches (NOTIFY
// app_cache) and the sessions they end, or the accounts whose standing they change, leave our
// session cache at once (NOTIFY app_sessions, payload the user id; triggers in migration 003).
// While a listening connection is down, the cache it guards is not trusted. Our own writes come
// back as NOTIFY too, later: they already emptied the read caches when they returned (as they
// must on PGlite, which has no NOTIFY), so that echo is ignored; it would otherwise drop answers
// built since from the same data, and two members asking at once would get different bytes.
import fp from 'fastify-plugin';
import type { AppContext } from '../context';

export const crossProcessSignals = fp(
  async (app, { ctx }: { ctx: AppContext }) => {
    const listen = ctx.db.listen;
    if (!listen) return;
    const stop = await listen(
      'app_cache',
      (_table, own) => {
        if (!own) ctx.cache.invalidate();
      },
      (up) => ctx.cache.setTrusted(up),
    );
    const stopSessions = await listen(
      'app_sessions',
      (userId) => (userId ? ctx.sessions.invalidateUser(userId) : ctx.sessions.invalidateAll()),
      (up) => ctx.sessions.setTrusted(up),
    ).catch(async (err: unknown) => {
      await stop();
      throw err;
    });
    app.addHook('onClose', async () => {
      await stopSessions();
      ctx.sessions.setTrusted(false);
      await stop();
    });
  },
  { name: 'cross-process-signals' },
);
