// Data Explorer mocks: contract-valid analytics, trends and comparison bodies, and handlers that
// answer them like the server (trends and compare only for a signed-in member) and log queries.
import { HttpResponse, delay } from 'msw';
import { on } from './endpoint';
import {
  AnalyticsResponse,
  CompareResponse,
  TrendsResponse,
  type Analytics,
  type ComparedPeptide,
  type Trends,
} from '@contract/analytics';
import { PeptideListResponse, type Peptide } from '@contract/peptides';
import { bearerUser } from './handlers';
import { errorBody, likely, makePeptide } from './fixtures';
import { server } from './server';

export function makeAnalytics(overrides: Partial<Analytics> = {}): Analytics {
  return AnalyticsResponse.parse({
    success: true,
    data: {
      totalExperiences: 1234,
      experienceGrowth: 12.5,
      experiencesThisMonth: 90,
      totalPeptides: 30,
      categories: 6,
      averageRating: 6.4,
      averageRatingInterval: { low: 6.3, high: 6.5 },
      activeUsers: 17,
      activeUsersCount: 17,
      trendingCategories: [{ name: 'Growth Hormone', growth: 20, experiences: 40 }],
      topPeptides: [
        {
          _id: '20000000-0000-4000-8000-000000000001',
          name: 'BPC-157',
          category: 'Healing & Recovery',
          rating: 7.8,
          ratingInterval: { low: 7.5, high: 8.1 },
          experiences: 120,
        },
        {
          _id: '20000000-0000-4000-8000-000000000002',
          name: 'TB-500',
          category: 'Healing & Recovery',
          rating: 6.5,
          ratingInterval: { low: 6.1, high: 6.9 },
          experiences: 80,
        },
      ],
      effectivenessData: [
        {
          peptide: 'BPC-157',
          peptideId: '20000000-0000-4000-8000-000000000001',
          rating: 7.8,
          ratingInterval: { low: 7.5, high: 8.1 },
          experiences: 120,
          effectiveness: { recovery: 8, sleep: 6 },
          intervals: { recovery: { low: 7.7, high: 8.3 }, sleep: { low: 5.6, high: 6.4 } },
          sampleSizes: { recovery: 110, sleep: 95 },
        },
      ],
      generatedAt: '2026-11-20T10:00:00.000Z',
      ...overrides,
    },
  }).data;
}

export function makeTrends(period: Trends['period'], groupBy: Trends['groupBy']): Trends {
  const buckets = Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}-01`);
  const series =
    groupBy === 'peptide'
      ? [
          { key: 'a', name: 'BPC-157', counts: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] },
          { key: 'b', name: 'TB-500', counts: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] },
        ]
      : [{ key: 'Healing & Recovery', name: 'Healing & Recovery', counts: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] }];
  const totals = buckets.map((_, i) => series.reduce((sum, s) => sum + s.counts[i]!, 0));
  // The last bucket is the period in progress, counted up to asOf, and its growth is over the same
  // days of the period before (here 10 of the previous 11: +20%).
  const growth = totals.map((n, i) =>
    i === 0 ? null : i === 11 ? 20 : Math.round(((n - totals[i - 1]!) / totals[i - 1]!) * 1000) / 10,
  );
  return TrendsResponse.parse({
    success: true,
    data: { period, groupBy, buckets, series, totals, growth, asOf: '2026-12-10' },
  }).data;
}

export function makeCompared(peptide: Peptide): ComparedPeptide {
  return {
    _id: peptide._id,
    name: peptide.name,
    category: peptide.category,
    averageRating: peptide.averageRating,
    ratingInterval: peptide.ratingInterval,
    totalExperiences: peptide.totalExperiences,
    popularity: peptide.popularity,
    outcomeMeans: [
      {
        name: 'energy',
        n: peptide.totalExperiences,
        mean: peptide.totalExperiences < 5 ? null : 7.2,
        interval: likely(7.2, peptide.totalExperiences),
      },
      { name: 'sleep', mean: null, n: 3, interval: null },
    ],
    commonEffects: peptide.commonEffects.slice(0, 2),
    reportedEffects: [{ name: 'mild headache', count: 2 }],
  };
}

export interface ExploreMock {
  catalogue: Peptide[];
  trendQueries: URLSearchParams[];
  compareQueries: string[][];
}

/** Handlers for every call Explore makes; `analytics` may be a body, a status to fail with, or 'slow'. */
export function mockExploreApi(
  options: { analytics?: Analytics | number; slow?: boolean; catalogue?: Peptide[] } = {},
): ExploreMock {
  const catalogue =
    options.catalogue ??
    ['BPC-157', 'TB-500', 'GHK-Cu', 'Semax', 'Selank'].map((name, i) =>
      makePeptide({ name, totalExperiences: 50 - i * 10, averageRating: 7 - i * 0.5 }),
    );
  const mock: ExploreMock = { catalogue, trendQueries: [], compareQueries: [] };
  server.use(
    on('publicAnalytics', async () => {
      if (options.slow) await delay(1000);
      if (typeof options.analytics === 'number') {
        return HttpResponse.json(errorBody('The analytics service is unavailable'), { status: options.analytics });
      }
      return HttpResponse.json({ success: true, data: options.analytics ?? makeAnalytics() });
    }),
    on('trends', ({ request }) => {
      const params = new URL(request.url).searchParams;
      mock.trendQueries.push(params);
      if (!bearerUser(request)) return HttpResponse.json(errorBody('Authentication required'), { status: 401 });
      const trends = makeTrends(
        params.get('period') === 'weekly' ? 'weekly' : 'monthly',
        params.get('groupBy') === 'category' ? 'category' : 'peptide',
      );
      return HttpResponse.json(TrendsResponse.parse({ success: true, data: trends }));
    }),
    on('compare', ({ request }) => {
      const ids = (new URL(request.url).searchParams.get('ids') ?? '').split(',');
      mock.compareQueries.push(ids);
      if (!bearerUser(request)) return HttpResponse.json(errorBody('Authentication required'), { status: 401 });
      if (ids.length > 3) return HttpResponse.json(errorBody('ids can compare at most 3 peptides'), { status: 400 });
      const peptides = ids
        .map((id) => catalogue.find((p) => p._id === id))
        .filter((p) => p !== undefined)
        .map(makeCompared);
      // Energy (rated by 5 or more) has a verdict per pair: clear against the first peptide, else within chance.
      const differences = peptides.flatMap((a, i) =>
        peptides.slice(i + 1).map((b) => ({
          outcome: 'energy',
          peptides: [a._id, b._id],
          verdict: i === 0 ? 'clear' : 'within-chance',
        })),
      );
      return HttpResponse.json(CompareResponse.parse({ success: true, data: { peptides, differences } }));
    }),
    on('peptides', ({ request }) => {
      const search = (new URL(request.url).searchParams.get('search') ?? '').toLowerCase();
      const peptides = catalogue.filter((p) => p.name.toLowerCase().includes(search));
      return HttpResponse.json(
        PeptideListResponse.parse({ success: true, data: { peptides, total: peptides.length, page: 1, pageSize: 50 } }),
      );
    }),
  );
  return mock;
}
