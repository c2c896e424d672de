import { useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './AppProviders';
import { AppRoutes } from './AppRoutes';
import { queryClientForPage } from './query-client';

/**
 * Everything below the router: the same tree in the browser and in the pre-render, which passes a
 * query client holding the data it renders with (src/prerender.tsx).
 */
export function AppContent({ queryClient: given }: { queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? queryClientForPage());
  return (
    <AppProviders queryClient={queryClient}>
      <AppRoutes />
    </AppProviders>
  );
}

export function App() {
  // URL changes render at once, not as transitions: filters and sorts live in the URL, and a
  // select bound to it must show the new value before the next key press arrives.
  return (
    <BrowserRouter useTransitions={false}>
      <AppContent />
    </BrowserRouter>
  );
}
