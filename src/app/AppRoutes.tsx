// The router, built from the route table (src/app/route-table.ts). Every page is its own chunk,
// loaded when first visited.
import type { ComponentType } from 'react';
import { Route, Routes, matchPath } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { Layout } from './layout/Layout';
import { type LazyPage, lazyPage } from './lazy-page';
import { ROUTES, needsSignIn, pageExport, pageFile } from './route-table';
import { RequireAuth } from './session/RequireAuth';

// The pages' loaders, by file. Each one is a dynamic import, so each page is a chunk of its own.
const LOADERS = import.meta.glob<Record<string, ComponentType>>('../features/*/*Page.tsx');

// Rarely needed, so out of the first load like every page.
const NotFoundPage = lazyPage(() => import('./layout/NotFoundPage'), 'NotFoundPage');

const PAGES: { path: string; page: LazyPage; signIn: boolean }[] = ROUTES.map((route) => {
  const load = LOADERS[`../${pageFile(route).slice('src/'.length)}`];
  // A table entry naming no page module fails every test at once, not a visitor later.
  if (!load) throw new Error(`Route ${route.path}: no page module ${pageFile(route)}`);
  return { path: route.path, page: lazyPage(load, pageExport(route)), signIn: needsSignIn(route) };
});

/** Loads the code of the page at `pathname`; resolves at once for a path with no page (src/app/boot.tsx). */
export function preloadPageAt(pathname: string): Promise<unknown> {
  const page = PAGES.find(({ path }) => matchPath(path, pathname))?.page;
  return page ? page.preload() : Promise.resolve();
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {PAGES.map(({ path, page: Page, signIn }) => {
          const element = signIn ? (
            <RequireAuth>
              <Page />
            </RequireAuth>
          ) : (
            <Page />
          );
          return path === paths.home ? (
            <Route key={path} index element={element} />
          ) : (
            <Route key={path} path={path} element={element} />
          );
        })}
        {/* A mistyped address says so, with ways onward (not a silent move to Home). */}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
