import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppProviders } from '@/app/AppProviders';
import { AppRoutes } from '@/app/AppRoutes';
import { createQueryClient } from '@/app/query-client';

/** Shows the router's current path, so tests can assert where navigation ended. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-search={location.search} data-hash={location.hash}>
      {location.pathname}
    </output>
  );
}

/** The whole app (providers, layout, lazy routes) at `path`, as a browser would show it. */
export function renderApp(path = '/') {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } });
  const user = userEvent.setup();
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders queryClient={queryClient}>
        <AppRoutes />
        <LocationProbe />
      </AppProviders>
    </MemoryRouter>,
  );
  return {
    ...result,
    user,
    queryClient,
    location: () => result.getByTestId('location').textContent,
    search: () => new URLSearchParams(result.getByTestId('location').getAttribute('data-search') ?? ''),
    hash: () => result.getByTestId('location').getAttribute('data-hash') ?? '',
  };
}
