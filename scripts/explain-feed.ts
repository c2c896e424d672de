// EXPLAIN (ANALYZE, BUFFERS) of every query Community's first page sends, for every sort x filter
// of `npm run bench -- --no-cache` (docs/performance.md, "Search at a million reports"):
//   node --import tsx scripts/explain-feed.ts postgres://.../bench_1000000 [repeats]
// The queries are the service's own (server/services/experience-feed.ts listExperiences), captured as
// sent and explained with their parameters; the first run of each is "cold" (whatever the
// database had in memory), the last of `repeats` "warm". EXPLAIN_ROOT=/other/checkout explains
// that checkout's service instead (old and new on the same database). Nothing is written.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDb, type QueryResult } from '../server/db/client';
import { ReadCache } from '../server/lib/cache';
import { CursorCodec } from '../server/lib/cursor';
import type { AppContext } from '../server/context';

const url = process.argv[2];
if (!url) throw new Error('usage: explain-feed.ts DATABASE_URL [repeats]');
const repeats = Number(process.argv[3] ?? 3);
const root = process.env.EXPLAIN_ROOT ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The feed moved to its own file on 26 November 2026; an older checkout has it in experiences.ts.
const feedFile = ['experience-feed.ts', 'experiences.ts']
  .map((f) => path.join(root, 'server/services', f))
  .find((f) => fs.existsSync(f))!;
const { listExperiences } = (await import(feedFile)) as typeof import('../server/services/experience-feed');

const db = await openDb({ databaseUrl: url, poolSize: 1 });
type Run = { kind: string; ms: number; node: string; read: number; hit: number; rows: number };
let runs: Run[] = [];
type PlanNode = {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
  'Shared Read Blocks'?: number;
  'Shared Hit Blocks'?: number;
  'Actual Rows'?: number;
};
/** The scans of experiences in a plan, shortly: "Index Scan experiences_newest_idx", "Bitmap Heap Scan (experiences_search_trgm_idx)". */
function scans(n: PlanNode): string[] {
  const own =
    n['Relation Name'] === 'experiences' || (n['Index Name'] ?? '').startsWith('experiences_')
      ? [`${n['Node Type']}${n['Index Name'] ? ` ${n['Index Name'].replace(/^experiences_/, '')}` : ''}`]
      : n['Node Type'] === 'Sort'
        ? ['Sort']
        : [];
  return [...own, ...(n.Plans ?? []).flatMap(scans)];
}
const spy = {
  ...db,
  async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
    if (/^\s*(select|with)/i.test(sql) && /from experiences e/.test(sql)) {
      const res = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(
        `explain (analyze, buffers, format json) ${sql}`,
        params,
      );
      const [{ Plan, 'Execution Time': ms }] = res.rows[0]['QUERY PLAN'];
      runs.push({
        kind: /^select count\(\*\)/.test(sql) ? 'count' : /^with matching/.test(sql) ? 'count + page' : 'page',
        ms,
        node: [...new Set(scans(Plan))].join(' + '),
        read: Plan['Shared Read Blocks'] ?? 0,
        hit: Plan['Shared Hit Blocks'] ?? 0,
        rows: Plan['Actual Rows'] ?? 0,
      });
    }
    return db.query<T>(sql, params);
  },
};
const ctx = {
  db: spy,
  cache: new ReadCache(0, 0, false),
  cursors: new CursorCodec('explain-feed'),
} as unknown as AppContext;

const peptides = (
  await db.query<{ id: string; name: string; n: number }>(
    'select p.id, p.name, c.experience_count as n from peptides p join peptide_counters c on c.peptide_id = p.id where c.experience_count > 0 order by c.experience_count desc, lower(p.name)',
  )
).rows;
const popular = peptides[0];
const rare = peptides[peptides.length - 1];
console.log(`rare term "${rare.name}" (${rare.n} reports), popular peptide ${popular.name} (${popular.n})`);
const filters: [string, { search?: string; category?: string; peptideId?: string }][] = [
  ['none', {}],
  ['"sleep"', { search: 'sleep' }],
  [`rare "${rare.name}"`, { search: rare.name }],
  ['cognitive', { category: 'Cognitive Enhancement' }],
  [`peptide ${popular.name}`, { peptideId: popular.id }],
];
const fmt = (r: Run | undefined) => (r ? `${r.ms.toFixed(1)} ms (${r.node}; read ${r.read}, hit ${r.hit})` : '-');
console.log('| sort | filter | query | cold | warm |');
console.log('|---|---|---|---|---|');
for (const sort of ['newest', 'oldest', 'helpful', 'rating'] as const) {
  for (const [name, f] of filters) {
    const all: Run[][] = [];
    let total: { count: number; capped: boolean } | null = null;
    for (let i = 0; i < repeats; i++) {
      runs = [];
      const page = await listExperiences(ctx, {
        search: f.search ?? '',
        category: (f.category ?? 'all') as never,
        sort,
        limit: 20,
        peptideId: f.peptideId,
      }).catch((err: Error) => (console.log(`| ${sort} | ${name} | failed: ${err.message} | | |`), { total: null }));
      total = page.total;
      all.push(runs);
    }
    if (!all[0].some((r) => r.kind.startsWith('count')))
      console.log(`| ${sort} | ${name} | count (${total?.count}) | a counter | |`);
    all[0].forEach((r, q) =>
      console.log(
        `| ${sort} | ${name} | ${r.kind}${r.kind.startsWith('count') ? ` (${total?.count}${total?.capped ? '+' : ''})` : ''} | ${fmt(r)} | ${fmt(all[all.length - 1][q])} |`,
      ),
    );
  }
}
await db.close();
