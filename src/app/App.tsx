import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './AppProviders';
import { AppRoutes } from './AppRoutes';
import { createQueryClient } from './query-client';

export function App() {
  const [queryClient] = useState(createQueryClient);
  // URL changes render at once, not as transitions: filters and sorts live in the URL, and a
  // select bound to it must show the new value before the next key press arrives.
  return (
    <BrowserRouter useTransitions={false}>
      <AppProviders queryClient={queryClient}>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  );
}
