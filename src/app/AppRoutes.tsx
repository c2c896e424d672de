// Spec section 2 route table. Every page is its own chunk, loaded when first visited.
import { type ComponentType, lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Layout } from './layout/Layout';
import { RequireAuth } from './session/RequireAuth';

/** React.lazy for a named export. */
function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

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
