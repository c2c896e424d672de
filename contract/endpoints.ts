// Every path the API serves, with its method, access (docs/product-rules.md, "Who may do what")
// and schemas, written once: the server registers each route from this table with the row's
// schemas (server/plugins/route-config.ts `routeSchema`, which checks it), the web app calls it by
// its key (src/api/client.ts `call`: URL, method, reading of the answer) and sends the sign-in
// token only where `sendsToken` says, and the OpenAPI document takes each operationId, access and
// security from it. The schemas load on demand: this table is on the web app's first load, the
// zod schemas (tens of kB) are not.
import type { EndpointSchemas } from './common';

export type { EndpointSchemas };
export type Access = 'public' | 'member' | 'moderator';

// Each row's `schemas` loads the contract module its shapes live in, whose `<AREA>_ENDPOINTS`
// map gives them by the row's key (`routeSchema` and `call` read `(await row.schemas())[key]`).
// A row names only its module here, so the table the web app loads first stays small (its first
// load of / is within a few hundred bytes of its budget: tests/e2e/budgets.test.ts).
const users = () => import('./users').then((m) => m.USERS_ENDPOINTS);
const account = () => import('./account').then((m) => m.ACCOUNT_ENDPOINTS);
const analytics = () => import('./analytics').then((m) => m.ANALYTICS_ENDPOINTS);
const peptides = () => import('./peptides').then((m) => m.PEPTIDES_ENDPOINTS);
const experiences = () => import('./experiences').then((m) => m.EXPERIENCES_ENDPOINTS);
const moderationApi = () => import('./moderation-api').then((m) => m.MODERATION_ENDPOINTS);
const members = () => import('./members').then((m) => m.MEMBERS_ENDPOINTS);

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
  /**
   * Loads the schemas of the module the endpoint's shapes live in, by endpoint key (the row's
   * own at its key); absent only for the API document, which is no envelope.
   */
  schemas?: () => Promise<Partial<Record<string, EndpointSchemas>>>;
}

export const ENDPOINTS = {
  // Liveness and readiness (server/routes/system.ts), for load balancers and orchestrators.
  health: {
    method: 'GET',
    path: '/api/health',
    access: 'public',
    schemas: analytics,
  },
  healthReady: {
    method: 'GET',
    path: '/api/health/ready',
    access: 'public',
    schemas: analytics,
  },
  limits: {
    method: 'GET',
    path: '/api/limits',
    access: 'public',
    schemas: analytics,
  },
  register: {
    method: 'POST',
    path: '/api/users/register',
    access: 'public',
    status: 201,
    schemas: users,
  },
  login: {
    method: 'POST',
    path: '/api/users/login',
    access: 'public',
    schemas: users,
  },
  // The link of the sign-up mail: its token in the body (contract/users.ts ConfirmEmailRequest).
  confirmEmail: {
    method: 'POST',
    path: '/api/auth/confirm-email',
    access: 'public',
    schemas: users,
  },
  refresh: {
    method: 'POST',
    path: '/api/auth/refresh',
    access: 'public',
    schemas: users,
  },
  // An expired access token must not stop a sign-out: the refresh token in the body is enough.
  logout: {
    method: 'POST',
    path: '/api/auth/logout',
    access: 'public',
    token: 'optional',
    schemas: users,
  },
  me: {
    method: 'GET',
    path: '/api/users/me',
    access: 'member',
    schemas: users,
  },
  updateMe: {
    method: 'PUT',
    path: '/api/users/me',
    access: 'member',
    schemas: users,
  },
  pendingUsers: {
    method: 'GET',
    path: '/api/users/pending',
    access: 'moderator',
    paging: 'page',
    schemas: users,
  },
  approveUser: {
    method: 'POST',
    path: '/api/users/:id/approve',
    access: 'moderator',
    schemas: users,
  },
  rejectUser: {
    method: 'POST',
    path: '/api/users/:id/reject',
    access: 'moderator',
    schemas: users,
  },
  // After the first decision (contract/members.ts, server/routes/members.ts): undo it for a few
  // seconds, the approved members, suspending and reinstating one, and the log of all of these.
  // `members` before any `/api/users/:id` GET would match it (there is none today).
  members: {
    method: 'GET',
    path: '/api/users/members',
    access: 'moderator',
    paging: 'page',
    schemas: members,
  },
  undoUserDecision: {
    method: 'POST',
    path: '/api/users/:id/undo',
    access: 'moderator',
    schemas: members,
  },
  suspendUser: {
    method: 'POST',
    path: '/api/users/:id/suspend',
    access: 'moderator',
    schemas: members,
  },
  reinstateUser: {
    method: 'POST',
    path: '/api/users/:id/reinstate',
    access: 'moderator',
    schemas: members,
  },
  accountLog: {
    method: 'GET',
    path: '/api/moderation/accounts/log',
    access: 'moderator',
    paging: 'page',
    schemas: members,
  },
  // A member's own account (contract/account.ts, server/routes/account.ts).
  changePassword: {
    method: 'POST',
    path: '/api/users/me/password',
    access: 'member',
    schemas: account,
  },
  signOutEverywhere: {
    method: 'POST',
    path: '/api/users/me/sessions/end',
    access: 'member',
    schemas: account,
  },
  exportMe: {
    method: 'GET',
    path: '/api/users/me/export',
    access: 'member',
    schemas: account,
  },
  deleteMe: {
    method: 'POST',
    path: '/api/users/me/delete',
    access: 'member',
    schemas: account,
  },
  forgotPassword: {
    method: 'POST',
    path: '/api/auth/forgot-password',
    access: 'public',
    schemas: account,
  },
  resetPassword: {
    method: 'POST',
    path: '/api/auth/reset-password',
    access: 'public',
    schemas: account,
  },
  // RFC 8058 one-click unsubscribe of the weekly digest: the token is in the query (mail clients POST to the address as given).
  unsubscribe: {
    method: 'POST',
    path: '/api/users/unsubscribe',
    access: 'public',
    schemas: account,
  },
  analytics: {
    method: 'GET',
    path: '/api/analytics',
    access: 'member',
    schemas: analytics,
  },
  publicAnalytics: {
    method: 'GET',
    path: '/api/analytics/public',
    access: 'public',
    schemas: analytics,
  },
  trends: {
    method: 'GET',
    path: '/api/analytics/trends',
    access: 'member',
    schemas: analytics,
  },
  compare: {
    method: 'GET',
    path: '/api/analytics/compare',
    access: 'member',
    schemas: analytics,
  },
  peptides: {
    method: 'GET',
    path: '/api/peptides',
    access: 'public',
    token: 'optional',
    paging: 'page',
    schemas: peptides,
  },
  publicPeptides: {
    method: 'GET',
    path: '/api/peptides/public',
    access: 'public',
    paging: 'page',
    schemas: peptides,
  },
  // Every live peptide in one answer, the same for everyone: the report wizard searches it on the
  // device (contract/peptides.ts CatalogueEntry). Before `peptide`, whose pattern would match its path.
  peptideCatalogue: {
    method: 'GET',
    path: '/api/peptides/catalogue',
    access: 'public',
    schemas: peptides,
  },
  peptide: {
    method: 'GET',
    path: '/api/peptides/:id',
    access: 'public',
    token: 'optional',
    schemas: peptides,
  },
  createPeptide: {
    method: 'POST',
    path: '/api/peptides',
    access: 'member',
    status: 201,
    schemas: peptides,
  },
  deletePeptide: {
    method: 'DELETE',
    path: '/api/peptides/:id',
    access: 'member',
    schemas: peptides,
  },
  reviewPeptide: {
    method: 'POST',
    path: '/api/peptides/:id/review',
    access: 'moderator',
    schemas: peptides,
  },
  // How this site publishes (grid, minimum group, longest and typical wait): the same for everyone.
  publication: {
    method: 'GET',
    path: '/api/publication',
    access: 'public',
    schemas: experiences,
  },
  submitExperience: {
    method: 'POST',
    path: '/api/experiences',
    access: 'public',
    status: 201,
    schemas: experiences,
  },
  experiences: {
    method: 'GET',
    path: '/api/experiences',
    access: 'public',
    paging: 'cursor',
    schemas: experiences,
  },
  homeExperiences: {
    method: 'GET',
    path: '/api/experiences/home/public',
    access: 'public',
    schemas: experiences,
  },
  experience: {
    method: 'GET',
    path: '/api/experiences/:id',
    access: 'public',
    schemas: experiences,
  },
  // The tracking ID travels in the body, never in a URL (server/routes/experiences.ts).
  trackedExperience: {
    method: 'POST',
    path: '/api/experiences/tracking/lookup',
    access: 'public',
    schemas: experiences,
  },
  updateTrackedExperience: {
    method: 'PUT',
    path: '/api/experiences/tracking',
    access: 'public',
    schemas: experiences,
  },
  deleteTrackedExperience: {
    method: 'POST',
    path: '/api/experiences/tracking/delete',
    access: 'public',
    schemas: experiences,
  },
  vote: {
    method: 'POST',
    path: '/api/experiences/:id/vote',
    access: 'member',
    status: 201,
    schemas: experiences,
  },
  voteStatus: {
    method: 'GET',
    path: '/api/experiences/:id/vote',
    access: 'member',
    schemas: experiences,
  },
  withdrawVote: {
    method: 'DELETE',
    path: '/api/experiences/:id/vote',
    access: 'member',
    schemas: experiences,
  },
  flag: {
    method: 'POST',
    path: '/api/experiences/:id/flag',
    access: 'member',
    status: 201,
    schemas: moderationApi,
  },
  moderationQueue: {
    method: 'GET',
    path: '/api/moderation/queue',
    access: 'moderator',
    paging: 'cursor',
    schemas: moderationApi,
  },
  moderationPublish: {
    method: 'POST',
    path: '/api/moderation/experiences/:id/publish',
    access: 'moderator',
    schemas: moderationApi,
  },
  moderationHide: {
    method: 'POST',
    path: '/api/moderation/experiences/:id/hide',
    access: 'moderator',
    schemas: moderationApi,
  },
  moderationRestore: {
    method: 'POST',
    path: '/api/moderation/experiences/:id/restore',
    access: 'moderator',
    schemas: moderationApi,
  },
  moderationLog: {
    method: 'GET',
    path: '/api/moderation/log',
    access: 'moderator',
    paging: 'cursor',
    schemas: moderationApi,
  },
  moderationSummary: {
    method: 'GET',
    path: '/api/moderation/summary',
    access: 'moderator',
    schemas: moderationApi,
  },
  moderationBulk: {
    method: 'POST',
    path: '/api/moderation/bulk',
    access: 'moderator',
    schemas: moderationApi,
  },
  moderationUndo: {
    method: 'POST',
    path: '/api/moderation/experiences/:id/undo',
    access: 'moderator',
    schemas: moderationApi,
  },
  myVotes: {
    method: 'GET',
    path: '/api/votes',
    access: 'member',
    schemas: experiences,
  },
  myFlags: {
    method: 'GET',
    path: '/api/flags',
    access: 'member',
    schemas: moderationApi,
  },
  effects: {
    method: 'GET',
    path: '/api/effects',
    access: 'public',
    schemas: experiences,
  },
  researchOverview: {
    method: 'GET',
    path: '/api/research/overview',
    access: 'moderator',
    schemas: analytics,
  },
  researchPeptides: {
    method: 'GET',
    path: '/api/research/peptides',
    access: 'moderator',
    paging: 'page',
    schemas: analytics,
  },
  researchExport: {
    method: 'GET',
    path: '/api/research/export',
    access: 'moderator',
    paging: 'cursor',
    schemas: analytics,
  },
  // The API's own description (OpenAPI 3.1); the reference page made from it is API_REFERENCE.page.
  apiDocument: { method: 'GET', path: '/api/openapi.json', access: 'public' },
  // What each version of that document changed (docs/api-changelog.md), as Markdown.
  apiChangelog: { method: 'GET', path: '/api/changelog', access: 'public' },
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
  changelog: ENDPOINTS.apiChangelog.path,
  page: '/api/docs',
  /** The short guide (answers, paging, curl and a typed client), in the repository: src/lib/source-code.ts links it. */
  guide: 'docs/api.md',
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
