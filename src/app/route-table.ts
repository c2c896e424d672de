// Every page of the SPA, listed once. The router and the page preloads (src/app/AppRoutes.tsx), the
// header and footer links (src/app/layout/nav-items.ts), the build's pre-render (src/prerender.tsx)
// and the build's route manifest that the server reads (scripts/route-manifest.ts, via
// vite.config.ts) are all derived from this list: a new page is one entry here.
// Plain data with no React, so vite.config.ts can import it too.
// With its extension, as Vite's config loader asks of files vite.config.ts imports.
import { ROUTE_PATTERNS } from '../lib/paths.ts';

/** Who a page is for. Members and moderators must be signed in to open it; the Research Hub
 *  itself explains to a member that it is for moderators (the server refuses them anyway). */
export type Audience = 'everyone' | 'member' | 'moderator';

export interface RouteSpec {
  /** react-router pattern, from src/lib/paths.ts. */
  path: string;
  /** The page's module under src/features, without `.tsx`; it exports a component of its file's name. */
  page: string;
  audience: Audience;
  /** The first screen is the same for every visitor (no id in the path, no sign-in), so the
   *  build renders it to HTML that paints before any JavaScript runs. */
  prerender?: boolean;
  /** Linked from the shell: the header's main navigation and/or the footer, in table order. */
  link?: { label: string; in: readonly ('nav' | 'footer')[] };
}

export const ROUTES: readonly RouteSpec[] = [
  {
    path: ROUTE_PATTERNS.home,
    page: 'home/HomePage',
    audience: 'everyone',
    prerender: true,
    link: { label: 'Home', in: ['nav'] },
  },
  {
    path: ROUTE_PATTERNS.peptides,
    page: 'peptides/PeptidesPage',
    audience: 'everyone',
    prerender: true,
    link: { label: 'Peptides', in: ['nav'] },
  },
  { path: ROUTE_PATTERNS.peptide, page: 'peptides/PeptideDetailPage', audience: 'everyone' },
  { path: ROUTE_PATTERNS.experience, page: 'experiences/ExperienceDetailPage', audience: 'everyone' },
  {
    path: ROUTE_PATTERNS.submit,
    page: 'submit/SubmitPage',
    audience: 'everyone',
    prerender: true,
    link: { label: 'Submit Experience', in: ['nav'] },
  },
  {
    path: ROUTE_PATTERNS.community,
    page: 'community/CommunityPage',
    audience: 'everyone',
    prerender: true,
    link: { label: 'Community', in: ['nav'] },
  },
  {
    path: ROUTE_PATTERNS.explore,
    page: 'explore/ExplorePage',
    audience: 'everyone',
    prerender: true,
    link: { label: 'Explore', in: ['nav'] },
  },
  {
    path: ROUTE_PATTERNS.terms,
    page: 'terms/TermsPage',
    audience: 'everyone',
    prerender: true,
    link: { label: 'Terms', in: ['footer'] },
  },
  {
    path: ROUTE_PATTERNS.privacy,
    page: 'privacy/PrivacyPage',
    audience: 'everyone',
    prerender: true,
    link: { label: 'Privacy', in: ['nav', 'footer'] },
  },
  { path: ROUTE_PATTERNS.login, page: 'auth/LoginPage', audience: 'everyone', prerender: true },
  { path: ROUTE_PATTERNS.register, page: 'auth/RegisterPage', audience: 'everyone', prerender: true },
  { path: ROUTE_PATTERNS.registered, page: 'auth/RegisteredPage', audience: 'everyone' },
  { path: ROUTE_PATTERNS.forgotPassword, page: 'auth/ForgotPasswordPage', audience: 'everyone' },
  // These read a token from the address's fragment: nothing to render before the script runs.
  { path: ROUTE_PATTERNS.resetPassword, page: 'auth/ResetPasswordPage', audience: 'everyone' },
  { path: ROUTE_PATTERNS.unsubscribe, page: 'auth/UnsubscribePage', audience: 'everyone' },
  { path: ROUTE_PATTERNS.confirmEmail, page: 'auth/ConfirmEmailPage', audience: 'everyone' },
  {
    path: ROUTE_PATTERNS.profile,
    page: 'profile/ProfilePage',
    audience: 'member',
    link: { label: 'Profile', in: ['nav'] },
  },
  {
    path: ROUTE_PATTERNS.research,
    page: 'research/ResearchPage',
    audience: 'moderator',
    link: { label: 'Research Hub', in: ['nav'] },
  },
];

/** The page module's file, as the bundler names it (relative to the project root). */
export const pageFile = (route: RouteSpec) => `src/features/${route.page}.tsx`;
/** The page component's export name: its file's name. */
export const pageExport = (route: RouteSpec) => route.page.slice(route.page.lastIndexOf('/') + 1);

/** The pages that need a signed-in visitor. */
export const needsSignIn = (route: RouteSpec) => route.audience !== 'everyone';

export type Viewer = 'visitor' | 'member' | 'moderator';
const SEES: Record<Viewer, readonly Audience[]> = {
  visitor: ['everyone'],
  member: ['everyone', 'member'],
  moderator: ['everyone', 'member', 'moderator'],
};

export interface ShellLink {
  to: string;
  label: string;
  /** Active only on the exact path (Home would otherwise be active everywhere). */
  end: boolean;
}

/** The links `viewer` gets in the header's navigation or the footer. */
export function shellLinks(
  where: 'nav' | 'footer',
  viewer: Viewer,
  routes: readonly RouteSpec[] = ROUTES,
): ShellLink[] {
  return routes.flatMap((route) =>
    route.link?.in.includes(where) && SEES[viewer].includes(route.audience)
      ? [{ to: route.path, label: route.link.label, end: route.path === ROUTE_PATTERNS.home }]
      : [],
  );
}

/** The paths the build pre-renders. */
export const prerenderedPaths = (routes: readonly RouteSpec[] = ROUTES) =>
  routes.filter((route) => route.prerender).map((route) => route.path);
