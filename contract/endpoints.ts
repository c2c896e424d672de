// Every path the API serves, with its method and access (docs/product-rules.md, "Who may do what"),
// written once: the server registers each route from this table (server/plugins/route-config.ts
// checks it), the web app builds its URLs with `pathOf` and sends the sign-in token only where
// `sendsToken` says, and the OpenAPI document takes each operationId, access and security from it.
export type Access = 'public' | 'member' | 'moderator';

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
}

export const ENDPOINTS = {
  // Liveness and readiness (server/routes/system.ts), for load balancers and orchestrators.
  health: { method: 'GET', path: '/api/health', access: 'public' },
  healthReady: { method: 'GET', path: '/api/health/ready', access: 'public' },
  limits: { method: 'GET', path: '/api/limits', access: 'public' },
  register: { method: 'POST', path: '/api/users/register', access: 'public' },
  login: { method: 'POST', path: '/api/users/login', access: 'public' },
  // The link of the sign-up mail: its token in the body (contract/users.ts ConfirmEmailRequest).
  confirmEmail: { method: 'POST', path: '/api/auth/confirm-email', access: 'public' },
  refresh: { method: 'POST', path: '/api/auth/refresh', access: 'public' },
  // An expired access token must not stop a sign-out: the refresh token in the body is enough.
  logout: { method: 'POST', path: '/api/auth/logout', access: 'public', token: 'optional' },
  me: { method: 'GET', path: '/api/users/me', access: 'member' },
  updateMe: { method: 'PUT', path: '/api/users/me', access: 'member' },
  pendingUsers: { method: 'GET', path: '/api/users/pending', access: 'moderator', paging: 'page' },
  approveUser: { method: 'POST', path: '/api/users/:id/approve', access: 'moderator' },
  rejectUser: { method: 'POST', path: '/api/users/:id/reject', access: 'moderator' },
  // A member's own account (contract/account.ts, server/routes/account.ts).
  changePassword: { method: 'POST', path: '/api/users/me/password', access: 'member' },
  signOutEverywhere: { method: 'POST', path: '/api/users/me/sessions/end', access: 'member' },
  exportMe: { method: 'GET', path: '/api/users/me/export', access: 'member' },
  deleteMe: { method: 'POST', path: '/api/users/me/delete', access: 'member' },
  forgotPassword: { method: 'POST', path: '/api/auth/forgot-password', access: 'public' },
  resetPassword: { method: 'POST', path: '/api/auth/reset-password', access: 'public' },
  // RFC 8058 one-click unsubscribe of the weekly digest: the token is in the query (mail clients POST to the address as given).
  unsubscribe: { method: 'POST', path: '/api/users/unsubscribe', access: 'public' },
  analytics: { method: 'GET', path: '/api/analytics', access: 'member' },
  publicAnalytics: { method: 'GET', path: '/api/analytics/public', access: 'public' },
  trends: { method: 'GET', path: '/api/analytics/trends', access: 'member' },
  compare: { method: 'GET', path: '/api/analytics/compare', access: 'member' },
  peptides: { method: 'GET', path: '/api/peptides', access: 'public', token: 'optional', paging: 'page' },
  publicPeptides: { method: 'GET', path: '/api/peptides/public', access: 'public', paging: 'page' },
  // Every live peptide in one answer, the same for everyone: the report wizard searches it on the
  // device (contract/peptides.ts CatalogueEntry). Before `peptide`, whose pattern would match its path.
  peptideCatalogue: { method: 'GET', path: '/api/peptides/catalogue', access: 'public' },
  peptide: { method: 'GET', path: '/api/peptides/:id', access: 'public', token: 'optional' },
  createPeptide: { method: 'POST', path: '/api/peptides', access: 'member' },
  deletePeptide: { method: 'DELETE', path: '/api/peptides/:id', access: 'member' },
  reviewPeptide: { method: 'POST', path: '/api/peptides/:id/review', access: 'moderator' },
  // How this site publishes (grid, minimum group, longest and typical wait): the same for everyone.
  publication: { method: 'GET', path: '/api/publication', access: 'public' },
  submitExperience: { method: 'POST', path: '/api/experiences', access: 'public' },
  experiences: { method: 'GET', path: '/api/experiences', access: 'public', paging: 'cursor' },
  homeExperiences: { method: 'GET', path: '/api/experiences/home/public', access: 'public' },
  experience: { method: 'GET', path: '/api/experiences/:id', access: 'public' },
  // The tracking ID travels in the body, never in a URL (server/routes/experiences.ts).
  trackedExperience: { method: 'POST', path: '/api/experiences/tracking/lookup', access: 'public' },
  updateTrackedExperience: { method: 'PUT', path: '/api/experiences/tracking', access: 'public' },
  deleteTrackedExperience: { method: 'POST', path: '/api/experiences/tracking/delete', access: 'public' },
  vote: { method: 'POST', path: '/api/experiences/:id/vote', access: 'member' },
  voteStatus: { method: 'GET', path: '/api/experiences/:id/vote', access: 'member' },
  withdrawVote: { method: 'DELETE', path: '/api/experiences/:id/vote', access: 'member' },
  flag: { method: 'POST', path: '/api/experiences/:id/flag', access: 'member' },
  moderationQueue: { method: 'GET', path: '/api/moderation/queue', access: 'moderator', paging: 'cursor' },
  moderationPublish: { method: 'POST', path: '/api/moderation/experiences/:id/publish', access: 'moderator' },
  moderationHide: { method: 'POST', path: '/api/moderation/experiences/:id/hide', access: 'moderator' },
  moderationRestore: { method: 'POST', path: '/api/moderation/experiences/:id/restore', access: 'moderator' },
  moderationLog: { method: 'GET', path: '/api/moderation/log', access: 'moderator', paging: 'cursor' },
  moderationSummary: { method: 'GET', path: '/api/moderation/summary', access: 'moderator' },
  moderationBulk: { method: 'POST', path: '/api/moderation/bulk', access: 'moderator' },
  moderationUndo: { method: 'POST', path: '/api/moderation/experiences/:id/undo', access: 'moderator' },
  myVotes: { method: 'GET', path: '/api/votes', access: 'member' },
  myFlags: { method: 'GET', path: '/api/flags', access: 'member' },
  effects: { method: 'GET', path: '/api/effects', access: 'public' },
  researchOverview: { method: 'GET', path: '/api/research/overview', access: 'moderator' },
  researchPeptides: { method: 'GET', path: '/api/research/peptides', access: 'moderator', paging: 'page' },
  researchExport: { method: 'GET', path: '/api/research/export', access: 'moderator', paging: 'cursor' },
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
