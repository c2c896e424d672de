// The SPA's page addresses, written once. The route table (src/app/route-table.ts) routes these
// patterns; features and components build their links from `paths`. Here in src/lib rather than in
// src/app because features and components may not import the app shell. The server reads the
// build's route manifest (server/lib/spa-preload.ts), and imports this file only for the links it
// puts in mail (server/mail/links.ts); so it imports nothing.

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
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  unsubscribe: '/unsubscribe',
  profile: '/profile',
  research: '/research',
} as const;

export type RoutePattern = (typeof ROUTE_PATTERNS)[keyof typeof ROUTE_PATTERNS];

const withId = (pattern: string, id: string) => pattern.replace(':id', encodeURIComponent(id));

/** Addresses to link to. */
export const paths = {
  home: ROUTE_PATTERNS.home,
  peptides: ROUTE_PATTERNS.peptides,
  peptide: (id: string) => withId(ROUTE_PATTERNS.peptide, id),
  experience: (id: string) => withId(ROUTE_PATTERNS.experience, id),
  submit: ROUTE_PATTERNS.submit,
  community: ROUTE_PATTERNS.community,
  explore: ROUTE_PATTERNS.explore,
  privacy: ROUTE_PATTERNS.privacy,
  terms: ROUTE_PATTERNS.terms,
  login: ROUTE_PATTERNS.login,
  register: ROUTE_PATTERNS.register,
  registered: ROUTE_PATTERNS.registered,
  forgotPassword: ROUTE_PATTERNS.forgotPassword,
  resetPassword: ROUTE_PATTERNS.resetPassword,
  unsubscribe: ROUTE_PATTERNS.unsubscribe,
  profile: ROUTE_PATTERNS.profile,
  research: ROUTE_PATTERNS.research,
} as const;
