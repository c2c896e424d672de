import type { FastifyInstance } from 'fastify';
import type { RateLimitInfo } from '../../contract/analytics';
import type { AppContext } from '../context';
import { publicRead } from '../plugins/route-config';

export async function systemRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/api/health', async () => {
    await ctx.db.query('select 1');
    return { success: true, data: { status: 'ok', db: 'ok' } };
  });

  // The limits really enforced, read by the Research Hub's API Access tab.
  app.get('/api/limits', publicRead, async () => {
    const r = ctx.config.rateLimits;
    const limits: RateLimitInfo[] = [
      { name: 'Experience submissions', description: 'POST /api/experiences', max: r.submissions.max, windowSeconds: r.submissions.windowSeconds, scope: 'address' },
      { name: 'Registrations', description: 'POST /api/users/register', max: r.register.max, windowSeconds: r.register.windowSeconds, scope: 'address' },
      { name: 'Failed sign-ins per account and address', description: 'POST /api/users/login', max: r.loginPerEmail.max, windowSeconds: r.loginPerEmail.windowSeconds, scope: 'email' },
      { name: 'Failed sign-ins per address', description: 'POST /api/users/login', max: r.loginPerAddress.max, windowSeconds: r.loginPerAddress.windowSeconds, scope: 'address' },
      { name: 'Votes', description: 'POST /api/experiences/{id}/vote', max: r.votes.max, windowSeconds: r.votes.windowSeconds, scope: 'account' },
      { name: 'All other API requests', description: 'Every /api request', max: r.general.max, windowSeconds: r.general.windowSeconds, scope: 'address' },
    ];
    return { success: true, data: { limits } };
  });
}
