// Every path the API serves, with its method, access (docs/product-rules.md, "Who may do what")
// and schemas, written once: the server registers each route from this table with the row's
// schemas (server/plugins/route-config.ts `routeSchema`, which checks it), the web app calls it by
// its key (src/api/client.ts `call`: URL, method, reading of the answer) and sends the sign-in
// token only where `sendsToken` says, and the OpenAPI document takes each operationId, access and
// security from it. The schemas load on demand: this table is on the web app's first load, the
// zod schemas (tens of kB) are not.
import type { ZodMiniType } from 'zod/mini';

export type Access = 'public' | 'member' | 'moderator';

/** An endpoint's request parts and its success answer (an `ok(...)` envelope), as zod schemas. */
export interface EndpointSchemas {
  params?: ZodMiniType;
  query?: ZodMiniType;
  body?: ZodMiniType;
  response: ZodMiniType;
}

// One loader per contract module; each row picks its schemas from the module it loads.
const users = () => import('./users');
const account = () => import('./account');
const analytics = () => import('./analytics');
const peptides = () => import('./peptides');
const experiences = () => import('./experiences');
const moderationApi = () => import('./moderation-api');
const common = () => import('./common');
const withCommon =
  <M>(module: () => Promise<M>) =>
  () =>
    Promise.all([module(), common()]);

/** A row's `schemas`: the module loaded, then its schemas picked (typed as picked, for `call` and `routeSchema`). */
function load<M, S extends EndpointSchemas>(module: () => Promise<M>, pick: (loaded: M) => S): () => Promise<S> {
  return () => module().then(pick);
}

/**
 * `token: 'optional'` marks a public endpoint that reads a bearer token when one is sent (a
 * member sees more, and a token that is sent must be valid: 401 otherwise). Every other public
 * endpoint never reads one, and the web app sends none to it.
 */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  access: Access;
  token?: 'optional';
  /**
   * How a list pages: `cursor` lists answer `nextCursor` (null on the last page) and a
   * `Link: <…>; rel="next"` header, and take it back as `?cursor=`; `page` lists take `page` and
   * `limit` and answer `total`, `page` and `pageSize`.
   */
  paging?: 'cursor' | 'page';
  /** The status of a success when it is not 200 (201: something was created). */
  status?: 201;
  /** Loads the endpoint's schemas; absent only for the API document, which is no envelope. */
  schemas?: () => Promise<EndpointSchemas>;
}

export const ENDPOINTS = {
  // Liveness and readiness (server/routes/system.ts), for load balancers and orchestrators.
  health: {
    method: 'GET',
    path: '/api/health',
    access: 'public',
    schemas: load(analytics, (s) => ({ response: s.HealthResponse })),
  },
  healthReady: {
    method: 'GET',
    path: '/api/health/ready',
    access: 'public',
    schemas: load(analytics, (s) => ({ response: s.HealthReadyResponse })),
  },
  limits: {
    method: 'GET',
    path: '/api/limits',
    access: 'public',
    schemas: load(analytics, (s) => ({ response: s.LimitsResponse })),
  },
  register: {
    method: 'POST',
    path: '/api/users/register',
    access: 'public',
    status: 201,
    schemas: load(users, (s) => ({ body: s.RegisterRequest, response: s.RegisterResponse })),
  },
  login: {
    method: 'POST',
    path: '/api/users/login',
    access: 'public',
    schemas: load(users, (s) => ({ body: s.Credentials, response: s.LoginResponse })),
  },
  // The link of the sign-up mail: its token in the body (contract/users.ts ConfirmEmailRequest).
  confirmEmail: {
    method: 'POST',
    path: '/api/auth/confirm-email',
    access: 'public',
    schemas: load(users, (s) => ({ body: s.ConfirmEmailRequest, response: s.ConfirmEmailResponse })),
  },
  refresh: {
    method: 'POST',
    path: '/api/auth/refresh',
    access: 'public',
    schemas: load(users, (s) => ({ body: s.RefreshRequest, response: s.RefreshResponse })),
  },
  // An expired access token must not stop a sign-out: the refresh token in the body is enough.
  logout: {
    method: 'POST',
    path: '/api/auth/logout',
    access: 'public',
    token: 'optional',
    schemas: load(users, (s) => ({ body: s.LogoutRequest, response: s.LogoutResponse })),
  },
  me: {
    method: 'GET',
    path: '/api/users/me',
    access: 'member',
    schemas: load(users, (s) => ({ response: s.MeResponse })),
  },
  updateMe: {
    method: 'PUT',
    path: '/api/users/me',
    access: 'member',
    schemas: load(users, (s) => ({ body: s.UpdateProfileRequest, response: s.MeResponse })),
  },
  pendingUsers: {
    method: 'GET',
    path: '/api/users/pending',
    access: 'moderator',
    paging: 'page',
    schemas: load(users, (s) => ({ query: s.PendingUsersQuery, response: s.PendingUsersResponse })),
  },
  approveUser: {
    method: 'POST',
    path: '/api/users/:id/approve',
    access: 'moderator',
    schemas: load(withCommon(users), ([s, c]) => ({ params: c.IdParams, response: s.DecisionResponse })),
  },
  rejectUser: {
    method: 'POST',
    path: '/api/users/:id/reject',
    access: 'moderator',
    schemas: load(withCommon(users), ([s, c]) => ({
      params: c.IdParams,
      body: s.RejectRequest,
      response: s.DecisionResponse,
    })),
  },
  // A member's own account (contract/account.ts, server/routes/account.ts).
  changePassword: {
    method: 'POST',
    path: '/api/users/me/password',
    access: 'member',
    schemas: load(account, (s) => ({ body: s.ChangePasswordRequest, response: s.ChangePasswordResponse })),
  },
  signOutEverywhere: {
    method: 'POST',
    path: '/api/users/me/sessions/end',
    access: 'member',
    schemas: load(account, (s) => ({ body: s.SignOutEverywhereRequest, response: s.SignOutEverywhereResponse })),
  },
  exportMe: {
    method: 'GET',
    path: '/api/users/me/export',
    access: 'member',
    schemas: load(account, (s) => ({ response: s.AccountExportResponse })),
  },
  deleteMe: {
    method: 'POST',
    path: '/api/users/me/delete',
    access: 'member',
    schemas: load(account, (s) => ({ body: s.DeleteAccountRequest, response: s.DeleteAccountResponse })),
  },
  forgotPassword: {
    method: 'POST',
    path: '/api/auth/forgot-password',
    access: 'public',
    schemas: load(account, (s) => ({ body: s.ForgotPasswordRequest, response: s.ForgotPasswordResponse })),
  },
  resetPassword: {
    method: 'POST',
    path: '/api/auth/reset-password',
    access: 'public',
    schemas: load(account, (s) => ({ body: s.ResetPasswordRequest, response: s.ResetPasswordResponse })),
  },
  // RFC 8058 one-click unsubscribe of the weekly digest: the token is in the query (mail clients POST to the address as given).
  unsubscribe: {
    method: 'POST',
    path: '/api/users/unsubscribe',
    access: 'public',
    schemas: load(account, (s) => ({
      query: s.UnsubscribeQuery,
      body: s.UnsubscribeRequest,
      response: s.UnsubscribeResponse,
    })),
  },
  analytics: {
    method: 'GET',
    path: '/api/analytics',
    access: 'member',
    schemas: load(analytics, (s) => ({ response: s.MemberAnalyticsResponse })),
  },
  publicAnalytics: {
    method: 'GET',
    path: '/api/analytics/public',
    access: 'public',
    schemas: load(analytics, (s) => ({ response: s.AnalyticsResponse })),
  },
  trends: {
    method: 'GET',
    path: '/api/analytics/trends',
    access: 'member',
    schemas: load(analytics, (s) => ({ query: s.TrendsQuery, response: s.TrendsResponse })),
  },
  compare: {
    method: 'GET',
    path: '/api/analytics/compare',
    access: 'member',
    schemas: load(analytics, (s) => ({ query: s.CompareQuery, response: s.CompareResponse })),
  },
  peptides: {
    method: 'GET',
    path: '/api/peptides',
    access: 'public',
    token: 'optional',
    paging: 'page',
    schemas: load(peptides, (s) => ({ query: s.PeptideListQuery, response: s.PeptideListResponse })),
  },
  publicPeptides: {
    method: 'GET',
    path: '/api/peptides/public',
    access: 'public',
    paging: 'page',
    schemas: load(peptides, (s) => ({ query: s.PeptideListQuery, response: s.PeptideListResponse })),
  },
  // Every live peptide in one answer, the same for everyone: the report wizard searches it on the
  // device (contract/peptides.ts CatalogueEntry). Before `peptide`, whose pattern would match its path.
  peptideCatalogue: {
    method: 'GET',
    path: '/api/peptides/catalogue',
    access: 'public',
    schemas: load(peptides, (s) => ({ response: s.PeptideCatalogueResponse })),
  },
  peptide: {
    method: 'GET',
    path: '/api/peptides/:id',
    access: 'public',
    token: 'optional',
    schemas: load(withCommon(peptides), ([s, c]) => ({ params: c.IdParams, response: s.PeptideDetailResponse })),
  },
  createPeptide: {
    method: 'POST',
    path: '/api/peptides',
    access: 'member',
    status: 201,
    schemas: load(peptides, (s) => ({ body: s.CreatePeptideRequest, response: s.PeptideResponse })),
  },
  deletePeptide: {
    method: 'DELETE',
    path: '/api/peptides/:id',
    access: 'member',
    schemas: load(withCommon(peptides), ([s, c]) => ({ params: c.IdParams, response: s.DeletePeptideResponse })),
  },
  reviewPeptide: {
    method: 'POST',
    path: '/api/peptides/:id/review',
    access: 'moderator',
    schemas: load(withCommon(peptides), ([s, c]) => ({ params: c.IdParams, response: s.PeptideResponse })),
  },
  // How this site publishes (grid, minimum group, longest and typical wait): the same for everyone.
  publication: {
    method: 'GET',
    path: '/api/publication',
    access: 'public',
    schemas: load(experiences, (s) => ({ response: s.PublicationScheduleResponse })),
  },
  submitExperience: {
    method: 'POST',
    path: '/api/experiences',
    access: 'public',
    status: 201,
    schemas: load(experiences, (s) => ({ body: s.SubmitExperienceRequest, response: s.SubmitExperienceResponse })),
  },
  experiences: {
    method: 'GET',
    path: '/api/experiences',
    access: 'public',
    paging: 'cursor',
    schemas: load(experiences, (s) => ({ query: s.ExperienceListQuery, response: s.ExperienceListResponse })),
  },
  homeExperiences: {
    method: 'GET',
    path: '/api/experiences/home/public',
    access: 'public',
    schemas: load(experiences, (s) => ({ query: s.HomeExperiencesQuery, response: s.HomeExperiencesResponse })),
  },
  experience: {
    method: 'GET',
    path: '/api/experiences/:id',
    access: 'public',
    schemas: load(withCommon(experiences), ([s, c]) => ({ params: c.IdParams, response: s.ExperienceResponse })),
  },
  // The tracking ID travels in the body, never in a URL (server/routes/experiences.ts).
  trackedExperience: {
    method: 'POST',
    path: '/api/experiences/tracking/lookup',
    access: 'public',
    schemas: load(experiences, (s) => ({ body: s.TrackingLookupRequest, response: s.OwnExperienceResponse })),
  },
  updateTrackedExperience: {
    method: 'PUT',
    path: '/api/experiences/tracking',
    access: 'public',
    schemas: load(experiences, (s) => ({ body: s.UpdateTrackedExperienceRequest, response: s.OwnExperienceResponse })),
  },
  deleteTrackedExperience: {
    method: 'POST',
    path: '/api/experiences/tracking/delete',
    access: 'public',
    schemas: load(experiences, (s) => ({ body: s.TrackingLookupRequest, response: s.DeleteExperienceResponse })),
  },
  vote: {
    method: 'POST',
    path: '/api/experiences/:id/vote',
    access: 'member',
    status: 201,
    schemas: load(withCommon(experiences), ([s, c]) => ({
      params: c.IdParams,
      body: s.VoteRequest,
      response: s.VoteResponse,
    })),
  },
  voteStatus: {
    method: 'GET',
    path: '/api/experiences/:id/vote',
    access: 'member',
    schemas: load(withCommon(experiences), ([s, c]) => ({ params: c.IdParams, response: s.VoteStatusResponse })),
  },
  withdrawVote: {
    method: 'DELETE',
    path: '/api/experiences/:id/vote',
    access: 'member',
    schemas: load(withCommon(experiences), ([s, c]) => ({
      params: c.IdParams,
      response: s.WithdrawVoteResponse,
    })),
  },
  flag: {
    method: 'POST',
    path: '/api/experiences/:id/flag',
    access: 'member',
    status: 201,
    schemas: load(withCommon(moderationApi), ([s, c]) => ({
      params: c.IdParams,
      body: s.FlagRequest,
      response: s.FlagResponse,
    })),
  },
  moderationQueue: {
    method: 'GET',
    path: '/api/moderation/queue',
    access: 'moderator',
    paging: 'cursor',
    schemas: load(moderationApi, (s) => ({ query: s.ModerationQueueQuery, response: s.ModerationQueueResponse })),
  },
  moderationPublish: {
    method: 'POST',
    path: '/api/moderation/experiences/:id/publish',
    access: 'moderator',
    schemas: load(withCommon(moderationApi), ([s, c]) => ({
      params: c.IdParams,
      response: s.ModerationDecisionResponse,
    })),
  },
  moderationHide: {
    method: 'POST',
    path: '/api/moderation/experiences/:id/hide',
    access: 'moderator',
    schemas: load(withCommon(moderationApi), ([s, c]) => ({
      params: c.IdParams,
      body: s.HideRequest,
      response: s.ModerationDecisionResponse,
    })),
  },
  moderationRestore: {
    method: 'POST',
    path: '/api/moderation/experiences/:id/restore',
    access: 'moderator',
    schemas: load(withCommon(moderationApi), ([s, c]) => ({
      params: c.IdParams,
      response: s.ModerationDecisionResponse,
    })),
  },
  moderationLog: {
    method: 'GET',
    path: '/api/moderation/log',
    access: 'moderator',
    paging: 'cursor',
    schemas: load(moderationApi, (s) => ({ query: s.ModerationLogQuery, response: s.ModerationLogResponse })),
  },
  moderationSummary: {
    method: 'GET',
    path: '/api/moderation/summary',
    access: 'moderator',
    schemas: load(moderationApi, (s) => ({ response: s.ModerationSummaryResponse })),
  },
  moderationBulk: {
    method: 'POST',
    path: '/api/moderation/bulk',
    access: 'moderator',
    schemas: load(moderationApi, (s) => ({ body: s.BulkDecisionRequest, response: s.BulkDecisionResponse })),
  },
  moderationUndo: {
    method: 'POST',
    path: '/api/moderation/experiences/:id/undo',
    access: 'moderator',
    schemas: load(withCommon(moderationApi), ([s, c]) => ({ params: c.IdParams, response: s.UndoResponse })),
  },
  myVotes: {
    method: 'GET',
    path: '/api/votes',
    access: 'member',
    schemas: load(experiences, (s) => ({ query: s.MyVotesQuery, response: s.MyVotesResponse })),
  },
  myFlags: {
    method: 'GET',
    path: '/api/flags',
    access: 'member',
    schemas: load(moderationApi, (s) => ({ query: s.MyFlagsQuery, response: s.MyFlagsResponse })),
  },
  effects: {
    method: 'GET',
    path: '/api/effects',
    access: 'public',
    schemas: load(experiences, (s) => ({ query: s.EffectsQuery, response: s.EffectsResponse })),
  },
  researchOverview: {
    method: 'GET',
    path: '/api/research/overview',
    access: 'moderator',
    schemas: load(analytics, (s) => ({ response: s.ResearchOverviewResponse })),
  },
  researchPeptides: {
    method: 'GET',
    path: '/api/research/peptides',
    access: 'moderator',
    paging: 'page',
    schemas: load(analytics, (s) => ({ query: s.ResearchPeptidesQuery, response: s.ResearchPeptidesResponse })),
  },
  researchExport: {
    method: 'GET',
    path: '/api/research/export',
    access: 'moderator',
    paging: 'cursor',
    schemas: load(analytics, (s) => ({ query: s.ResearchExportQuery, response: s.ResearchExportResponse })),
  },
  // The API's own description (OpenAPI 3.1); the reference page made from it is API_REFERENCE.page.
  apiDocument: { method: 'GET', path: '/api/openapi.json', access: 'public' },
} as const satisfies Record<string, Endpoint>;

export type EndpointKey = keyof typeof ENDPOINTS;

/**
 * Paths that answer 404 saying where their use went (server/routes/experiences.ts): kept so old
 * clients hear why, left out of the API document.
 */
export const RETIRED_ENDPOINTS = [
  // It carried a report's quasi-identifiers in its URL before Submit.
  { methods: ['GET'], path: '/api/experiences/disclosure' },
  // A tracking ID in a URL, where proxies and browser histories keep it.
  { methods: ['GET', 'PUT', 'DELETE'], path: '/api/experiences/tracking/:trackingId' },
  // The combinations shown for a peptide, which the wizard read at step 4: no report shows its
  // demographics any more; the peptide's page has the shares of its reports.
  { methods: ['GET'], path: '/api/peptides/:id/disclosed' },
] as const;

/** The API's own description: the OpenAPI 3.1 document and the reference page made from it. */
export const API_REFERENCE = {
  document: ENDPOINTS.apiDocument.path,
  page: '/api/docs',
  /** The short guide (docs/api.md): answers, paging, curl and a typed client. */
  guide: 'https://github.com/peptide-community/peptide-community/blob/main/docs/api.md',
} as const;

/** Whether a call to this endpoint carries the sign-in token (the server reads it there). */
export function sendsToken(endpoint: Endpoint): boolean {
  return endpoint.access !== 'public' || endpoint.token === 'optional';
}

/** The names of a path's parameters: `'/api/users/:id/approve'` → `'id'`. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
type ParamsArg<K extends EndpointKey> = [ParamNames<(typeof ENDPOINTS)[K]['path']>] extends [never]
  ? []
  : [params: Record<ParamNames<(typeof ENDPOINTS)[K]['path']>, string>];

/** An endpoint's path with its parameters filled in, each percent-encoded: `pathOf('peptide', { id })`. */
export function pathOf<K extends EndpointKey>(key: K, ...[params]: ParamsArg<K>): string {
  const values = (params ?? {}) as Record<string, string>;
  return ENDPOINTS[key].path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}

/** The endpoint a request is for (method and a path without its query), or null for any other. */
export function endpointFor(method: string, path: string): Endpoint | null {
  const upper = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  for (const endpoint of Object.values(ENDPOINTS) as Endpoint[]) {
    if (endpoint.method === upper && pathPattern(endpoint.path).test(path)) return endpoint;
  }
  return null;
}

const patterns = new Map<string, RegExp>();
function pathPattern(path: string): RegExp {
  let re = patterns.get(path);
  if (!re) {
    re = new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}/?$`);
    patterns.set(path, re);
  }
  return re;
}
