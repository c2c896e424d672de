// The effect vocabulary offered by the wizard.
import type { Effect } from '../../contract/experiences';
import type { AppContext } from '../context';
import { escapeLike } from './peptides';

export async function listEffects(
  ctx: AppContext,
  params: { type?: 'positive' | 'side'; search: string; limit: number },
) {
  return ctx.cache.get(`effects:${JSON.stringify(params)}`, async () => {
    const values: unknown[] = [];
    const where: string[] = [];
    if (params.type) {
      values.push(params.type);
      where.push(`type = $${values.length}`);
    }
    if (params.search) {
      values.push(`%${escapeLike(params.search.toLowerCase())}%`);
      where.push(`lower(name) like $${values.length}`);
    }
    values.push(params.limit);
    const res = await ctx.db.query<{ id: string; name: string; type: Effect['type']; total: number }>(
      `select id, name, type, count(*) over () as total from effects
        ${where.length ? `where ${where.join(' and ')}` : ''} order by lower(name) limit $${values.length}`,
      values,
    );
    return {
      effects: res.rows.map((r): Effect => ({ _id: r.id, name: r.name, type: r.type })),
      total: res.rows.length ? Number(res.rows[0].total) : 0,
    };
  });
}
