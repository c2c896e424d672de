import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './AppProviders';
import { AppRoutes } from './AppRoutes';
import { createQueryClient } from './query-client';

/** Everything below the router: the same tree in the browser and in the build's pre-render. */
export function AppContent() {
  const [queryClient] = useState(createQueryClient);
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
