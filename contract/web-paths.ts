// The web app's page addresses, written once. The route table (src/app/route-table.ts) routes these
// patterns; features and components build their links from `paths` (through src/lib/paths.ts);
// the server builds the links it puts in mail from them (server/mail/links.ts). In contract/ because
// both the web app and the server need them and neither may import the other. Imports nothing.

/** Route patterns in react-router syntax (`:id` is one path segment). */
export const ROUTE_PATTERNS = {
  home: '/',
  peptides: '/peptides',
  peptide: '/peptides/:id',
  experience: '/experiences/:id',
  submit: '/submit',
  community: '/community',
  explore: '/explore',
  privacy: '/privacy',
  terms: '/terms',
  login: '/login',
  register: '/register',
  registered: '/registered',
  confirmEmail: '/confirm-email',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  unsubscribe: '/unsubscribe',
  profile: '/profile',
  research: '/research',
} as const;

export type RoutePattern = (typeof ROUTE_PATTERNS)[keyof typeof ROUTE_PATTERNS];

const withId = (pattern: string, id: string) => pattern.replace(':id', encodeURIComponent(id));

/**
 * The wizard opened with a peptide chosen carries it in the address's fragment
 * (`/submit#peptide=<id>`, `paths.submitWith`), which no request sends: a proxy or the host sees
 * nothing of the report being written (docs/product-rules.md, "Anonymity"). An older link's query
 * (`/submit?peptide=<id>`) is still read, then dropped from the address.
 */
export const SUBMIT_PEPTIDE_PARAM = 'peptide';
/** Community filtered to one peptide (the filter schema's `peptide` key): browsing, a public id in the query. */
export const COMMUNITY_PEPTIDE_PARAM = 'peptide';
/** `path?param=value`, the value encoded. */
export const withQuery = (path: string, param: string, value: string) =>
  `${path}?${param}=${encodeURIComponent(value)}`;

/** Addresses to link to. */
export const paths = {
  home: ROUTE_PATTERNS.home,
  peptides: ROUTE_PATTERNS.peptides,
  peptide: (id: string) => withId(ROUTE_PATTERNS.peptide, id),
  experience: (id: string) => withId(ROUTE_PATTERNS.experience, id),
  submit: ROUTE_PATTERNS.submit,
  /** The wizard with this peptide chosen, the id in the fragment (SUBMIT_PEPTIDE_PARAM). */
  submitWith: (peptideId: string) =>
    `${ROUTE_PATTERNS.submit}#${SUBMIT_PEPTIDE_PARAM}=${encodeURIComponent(peptideId)}`,
  community: ROUTE_PATTERNS.community,
  explore: ROUTE_PATTERNS.explore,
  privacy: ROUTE_PATTERNS.privacy,
  terms: ROUTE_PATTERNS.terms,
  login: ROUTE_PATTERNS.login,
  register: ROUTE_PATTERNS.register,
  registered: ROUTE_PATTERNS.registered,
  confirmEmail: ROUTE_PATTERNS.confirmEmail,
  forgotPassword: ROUTE_PATTERNS.forgotPassword,
  resetPassword: ROUTE_PATTERNS.resetPassword,
  unsubscribe: ROUTE_PATTERNS.unsubscribe,
  profile: ROUTE_PATTERNS.profile,
  research: ROUTE_PATTERNS.research,
} as const;
