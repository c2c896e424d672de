// Spec section 2 route table. Every page is its own chunk, loaded when first visited.
import { Navigate, Route, Routes, matchPath } from 'react-router-dom';
import { Layout } from './layout/Layout';
import { type LazyPage, lazyPage } from './lazy-page';
import { RequireAuth } from './session/RequireAuth';

const HomePage = lazyPage(() => import('@/features/home/HomePage'), 'HomePage');
const PeptidesPage = lazyPage(() => import('@/features/peptides/PeptidesPage'), 'PeptidesPage');
const PeptideDetailPage = lazyPage(() => import('@/features/peptides/PeptideDetailPage'), 'PeptideDetailPage');
const ExperienceDetailPage = lazyPage(() => import('@/features/experiences/ExperienceDetailPage'), 'ExperienceDetailPage');
const SubmitPage = lazyPage(() => import('@/features/submit/SubmitPage'), 'SubmitPage');
const CommunityPage = lazyPage(() => import('@/features/community/CommunityPage'), 'CommunityPage');
const ExplorePage = lazyPage(() => import('@/features/explore/ExplorePage'), 'ExplorePage');
const PrivacyPage = lazyPage(() => import('@/features/privacy/PrivacyPage'), 'PrivacyPage');
const TermsPage = lazyPage(() => import('@/features/terms/TermsPage'), 'TermsPage');
const LoginPage = lazyPage(() => import('@/features/auth/LoginPage'), 'LoginPage');
const RegisterPage = lazyPage(() => import('@/features/auth/RegisterPage'), 'RegisterPage');
const ProfilePage = lazyPage(() => import('@/features/profile/ProfilePage'), 'ProfilePage');
const ResearchPage = lazyPage(() => import('@/features/research/ResearchPage'), 'ResearchPage');

/** Each page's path, for loading its code before the first render (src/app/boot.tsx). */
const PAGE_PATHS: [string, LazyPage][] = [
  ['/', HomePage],
  ['/peptides', PeptidesPage],
  ['/peptides/:id', PeptideDetailPage],
  ['/experiences/:id', ExperienceDetailPage],
  ['/submit', SubmitPage],
  ['/community', CommunityPage],
  ['/explore', ExplorePage],
  ['/privacy', PrivacyPage],
  ['/terms', TermsPage],
  ['/login', LoginPage],
  ['/register', RegisterPage],
  ['/profile', ProfilePage],
  ['/research', ResearchPage],
];

/** Loads the code of the page at `pathname`; resolves at once for a path with no page. */
export function preloadPageAt(pathname: string): Promise<unknown> {
  const page = PAGE_PATHS.find(([path]) => matchPath(path, pathname))?.[1];
  return page ? page.preload() : Promise.resolve();
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="peptides" element={<PeptidesPage />} />
        <Route path="peptides/:id" element={<PeptideDetailPage />} />
        <Route path="experiences/:id" element={<ExperienceDetailPage />} />
        <Route path="submit" element={<SubmitPage />} />
        <Route path="community" element={<CommunityPage />} />
        <Route path="explore" element={<ExplorePage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="register" element={<RegisterPage />} />
        <Route
          path="profile"
          element={
            <RequireAuth>
              <ProfilePage />
            </RequireAuth>
          }
        />
        <Route
          path="research"
          element={
            <RequireAuth>
              <ResearchPage />
            </RequireAuth>
          }
        />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
