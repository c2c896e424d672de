// An in-memory Research Hub API for the web tests: overview, per-peptide table, export pages,
// limits, analytics and the pending-registration queue (the members below it: member-handlers.ts). Moderator-only calls answer 401/403
// like the real server; every body goes through the contract schemas.
import { HttpResponse } from 'msw';
import { on } from './endpoint';
import { ENDPOINTS } from '@contract/endpoints';
import {
  MemberAnalyticsResponse,
  LimitsResponse,
  ResearchExportResponse,
  ResearchOverviewResponse,
  ResearchPeptidesResponse,
  type ExportRow,
  type ExportShares,
  type RateLimitInfo,
  type ResearchOverview,
  type ResearchPeptideRow,
} from '@contract/analytics';
import { ModerationSummaryResponse } from '@contract/moderation-api';
import { DecisionResponse, PendingUsersResponse, type PendingUser } from '@contract/users';
import { bearerUser } from './handlers';
import { errorBody, makeReporters } from './fixtures';

const id = (n: number) => `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function makeOverview(overrides: Partial<ResearchOverview> = {}): ResearchOverview {
  return ResearchOverviewResponse.parse({
    success: true,
    data: {
      experiences: 1234,
      experiencesThisMonth: 87,
      peptides: 14,
      votes: 5678,
      members: 321,
      pendingRegistrations: 2,
      completeReportShare: 1,
      optionalDetailsShare: 0.834,
      perPeptide: [],
      perCategory: [
        { name: 'Healing & Recovery', experiences: 700, meanRating: 7.46, interval: { low: 7.3, high: 7.6 } },
        { name: 'Growth Hormone', experiences: 534, meanRating: 6.9, interval: { low: 6.7, high: 7.1 } },
        { name: 'Metabolic Health', experiences: 0, meanRating: null, interval: null },
      ],
      ...overrides,
    },
  }).data;
}

export function makeResearchPeptide(n: number, overrides: Partial<ResearchPeptideRow> = {}): ResearchPeptideRow {
  return {
    _id: id(n),
    name: `Peptide ${n}`,
    category: 'Healing & Recovery',
    experiences: 100 - n,
    meanRating: 7.25,
    interval: { low: 6.9, high: 7.6 },
    votes: 12,
    outcomeMeans: [{ name: 'recovery', mean: 8.1, n: 40, interval: { low: 7.6, high: 8.6 } }],
    ...overrides,
  };
}

export function makeExportRow(overrides: Partial<ExportRow> = {}): ExportRow {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    peptide: 'BPC-157',
    category: 'Healing & Recovery',
    month: '2026-11',
    dosage: '250 mcg',
    dose: { amount: 250, unit: 'mcg', strength: null, mcg: 250 },
    frequency: 'daily',
    durationDays: 30,
    route: 'subcutaneous',
    primaryPurpose: ['Recovery'],
    timeline: '1-week',
    rating: 7.5,
    outcomes: { recovery: 8 },
    sideEffects: [],
    effects: [],
    ageRange: null,
    biologicalSex: null,
    activityLevel: null,
    ...overrides,
  };
}

export const LIMITS: RateLimitInfo[] = [
  {
    name: 'Experience submissions',
    description: `POST ${ENDPOINTS.submitExperience.path}`,
    max: 10,
    windowSeconds: 3600,
    scope: 'address',
  },
  {
    name: 'Sign-in attempts per account',
    description: `POST ${ENDPOINTS.login.path}`,
    max: 10,
    windowSeconds: 900,
    scope: 'email',
  },
  { name: 'All other API requests', description: 'Every API request', max: 600, windowSeconds: 60, scope: 'address' },
];

export function makePending(n: number, email: string, createdAt = '2026-11-20T09:30:00.000Z'): PendingUser {
  return { _id: id(500 + n), username: email.split('@')[0], email, status: 'pending', createdAt, moderatorNotes: null };
}

export interface ResearchStore {
  overview: ResearchOverview;
  peptides: ResearchPeptideRow[];
  pending: PendingUser[];
  /** Accounts approved or rejected in this test, by id: an undo (member-handlers.ts) puts them back. */
  decided: Map<string, { user: PendingUser; decision: 'approve' | 'reject' }>;
  exportPages: ExportRow[][];
  /** Who reports each peptide, as every page of the export carries it. */
  exportShares: ExportShares[];
  /** Every research request's path and query, in order. */
  requests: { method: string; path: string; params: URLSearchParams; body?: unknown }[];
  fail: Partial<Record<'overview' | 'peptides' | 'pending' | 'approve' | 'reject' | 'export' | 'limits', boolean>>;
}

/** Installs the research handlers on `server` (per test) and returns the store they read. */
export function researchHandlers(initial: Partial<ResearchStore> = {}) {
  const store: ResearchStore = {
    overview: makeOverview(),
    peptides: Array.from({ length: 25 }, (_, i) => makeResearchPeptide(i + 1)),
    pending: [makePending(1, 'alice@example.com'), makePending(2, 'bob@example.com', '2026-11-21T15:05:00.000Z')],
    exportPages: [[makeExportRow()], [makeExportRow({ peptide: 'TB-500' })]],
    exportShares: [{ peptide: 'BPC-157', ...makeReporters() }],
    decided: new Map(),
    requests: [],
    fail: {},
    ...initial,
  };

  /** null when the caller is a moderator, else the refusal the server would send. */
  function refuse(request: Request, key: keyof ResearchStore['fail']) {
    const url = new URL(request.url);
    store.requests.push({ method: request.method, path: url.pathname, params: url.searchParams });
    const caller = bearerUser(request);
    if (!caller) return HttpResponse.json(errorBody('Sign in to do this'), { status: 401 });
    if (caller.role !== 'moderator')
      return HttpResponse.json(errorBody('Only moderators can do this'), { status: 403 });
    if (store.fail[key]) return HttpResponse.json(errorBody('Database unavailable'), { status: 500 });
    return null;
  }

  const handlers = [
    on('researchOverview', ({ request }) => {
      return refuse(request, 'overview') ?? HttpResponse.json({ success: true, data: store.overview });
    }),
    on('researchPeptides', ({ request }) => {
      const refused = refuse(request, 'peptides');
      if (refused) return refused;
      const params = new URL(request.url).searchParams;
      const page = Number(params.get('page') ?? 1);
      const limit = Number(params.get('limit') ?? 20);
      const sort = params.get('sort') ?? 'experiences';
      const sorted = [...store.peptides].sort((a, b) =>
        sort === 'name'
          ? a.name.localeCompare(b.name)
          : sort === 'rating'
            ? (b.interval?.low ?? -1) - (a.interval?.low ?? -1)
            : b.experiences - a.experiences,
      );
      const data = {
        peptides: sorted.slice((page - 1) * limit, page * limit),
        total: sorted.length,
        page,
        pageSize: limit,
      };
      return HttpResponse.json(ResearchPeptidesResponse.parse({ success: true, data }));
    }),
    on('researchExport', ({ request }) => {
      const refused = refuse(request, 'export');
      if (refused) return refused;
      const params = new URL(request.url).searchParams;
      const index = Number(params.get('cursor') ?? 0);
      const rows = store.exportPages[index] ?? [];
      const nextCursor = index + 1 < store.exportPages.length ? String(index + 1) : null;
      if (params.get('format') === 'csv' && params.get('table') === 'means') {
        // One page, no cursor: every mean with its n and interval.
        const csv = ['peptide,outcome,n,mean,low,high', '"BPC-157","","41","7.2","6.8","7.6"'].join('\r\n') + '\r\n';
        return new HttpResponse(csv, { headers: { 'content-type': 'text/csv; charset=utf-8' } });
      }
      if (params.get('format') === 'csv') {
        const bom = params.get('bom') === 'true' ? '\uFEFF' : '';
        const csv =
          params.get('table') === 'outcomes'
            ? bom + ['id,outcome,rating', ...rows.map((r) => `"${r.id}","${r.peptide}","7"`)].join('\r\n') + '\r\n'
            : params.get('table') === 'sideEffects'
              ? bom +
                ['id,sideEffect,severity', ...rows.map((r) => `"${r.id}","Headache","mild"`)].join('\r\n') +
                '\r\n'
              : bom +
                [
                  'id,peptide,category,month',
                  ...rows.map((r) => `"${r.id}","${r.peptide}","${r.category}","${r.month}"`),
                ].join('\r\n') +
                '\r\n';
        return new HttpResponse(csv, {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            ...(nextCursor ? { 'x-next-cursor': nextCursor } : {}),
          },
        });
      }
      const data = {
        k: 20,
        generatedAt: '2026-11-23T00:00:00.000Z',
        rows,
        nextCursor,
        shares: store.exportShares,
        breakdown: [],
      };
      return HttpResponse.json(ResearchExportResponse.parse({ success: true, data }));
    }),
    on('analytics', ({ request }) => {
      const refused = refuse(request, 'overview');
      if (refused) return refused;
      const data = {
        totalExperiences: 1234,
        experienceGrowth: 12.5,
        experiencesThisMonth: 87,
        totalPeptides: 14,
        categories: 6,
        averageRating: 7.2,
        averageRatingInterval: { low: 7.1, high: 7.3 },
        activeUsers: 40,
        activeUsersCount: 40,
        trendingCategories: [],
        topPeptides: [],
        effectivenessData: [],
        generatedAt: '2026-11-23T00:00:00.000Z',
        // What members get beyond the public figures, as the server sends it.
        monthly: [{ month: '2026-11', experiences: 87, partial: true }],
        byCategory: [
          { name: 'Healing', peptides: 2, experiences: 40, meanRating: 7.5, interval: { low: 7.1, high: 7.9 } },
        ],
      };
      return HttpResponse.json(MemberAnalyticsResponse.parse({ success: true, data }));
    }),
    on('limits', ({ request }) => {
      store.requests.push({ method: 'GET', path: ENDPOINTS.limits.path, params: new URL(request.url).searchParams });
      if (store.fail.limits) return HttpResponse.json(errorBody('Database unavailable'), { status: 500 });
      return HttpResponse.json(LimitsResponse.parse({ success: true, data: { limits: LIMITS } }));
    }),
    on('pendingUsers', ({ request }) => {
      const refused = refuse(request, 'pending');
      if (refused) return refused;
      const params = new URL(request.url).searchParams;
      const page = Number(params.get('page') ?? 1);
      const limit = Number(params.get('limit') ?? 50);
      const users = store.pending.slice((page - 1) * limit, page * limit);
      return HttpResponse.json(
        PendingUsersResponse.parse({
          success: true,
          data: { users, total: store.pending.length, page, pageSize: limit },
        }),
      );
    }),
    ...(['approveUser', 'rejectUser'] as const).map((key) =>
      on(key, async ({ request, params }) => {
        const decision = key === 'approveUser' ? 'approve' : 'reject';
        const refused = refuse(request, decision);
        const body = decision === 'reject' ? await request.json().catch(() => undefined) : undefined;
        store.requests[store.requests.length - 1].body = body;
        if (refused) return refused;
        const user = store.pending.find((u) => u._id === params.id);
        if (!user) return HttpResponse.json(errorBody('User not found'), { status: 404 });
        store.pending = store.pending.filter((u) => u !== user);
        store.decided.set(user._id, { user, decision });
        const notes = (body as { notes?: string } | undefined)?.notes;
        const decided = {
          ...user,
          status: decision === 'approve' ? 'approved' : 'rejected',
          moderatorNotes: notes || null,
        };
        return HttpResponse.json(DecisionResponse.parse({ success: true, data: { user: decided } }));
      }),
    ),
  ];
  /**
   * What waits, counting this store's registrations (the User Management tab's badge); not among
   * `handlers`, so the moderation stand-in's summary keeps its own counts where both are used.
   */
  const summaryHandler = on('moderationSummary', ({ request }) => {
    const refused = refuse(request, 'overview');
    if (refused) return refused;
    const none = { waiting: 0, held: 0, flagged: 0, hidden: 0, scheduled: 0 };
    return HttpResponse.json(
      ModerationSummaryResponse.parse({
        success: true,
        data: { ...none, pendingRegistrations: store.pending.length },
      }),
    );
  });
  return { store, handlers, summaryHandler };
}
