// The one back-button policy of src/lib/url-state.ts: choosing a tab, filter or sort replaces the
// history entry, so Back leaves the screen for the page the user came from (instead of undoing
// choices one by one), and the screen's entry keeps the latest choices when the user returns.
import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/AppProviders';
import { AppRoutes } from '@/app/AppRoutes';
import { createQueryClient } from '@/app/query-client';
import { backend } from './msw/backend';
import { mockCommunityApi } from './msw/community-handlers';
import { mockExploreApi } from './msw/explore-fixtures';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

function Probe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="where">{`${location.pathname}${location.search}`}</output>
      <button type="button" onClick={() => navigate(-1)}>
        Browser Back
      </button>
      <button type="button" onClick={() => navigate(1)}>
        Browser Forward
      </button>
    </>
  );
}

/** The app opened at `path` after a visit to Home, as when a user follows a link from there. */
function renderFromHome(path: string) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } });
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/', path]} initialIndex={1}>
      <AppProviders queryClient={queryClient}>
        <AppRoutes />
        <Probe />
      </AppProviders>
    </MemoryRouter>,
  );
  const where = () => screen.getByTestId('where').textContent;
  const back = () => user.click(screen.getByRole('button', { name: 'Browser Back' }));
  const forward = () => user.click(screen.getByRole('button', { name: 'Browser Forward' }));
  return { user, where, back, forward };
}

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

describe('Back after changing URL state', () => {
  it('Community: after a category and a sort, Back returns to Home and Forward to the filtered list', async () => {
    mockCommunityApi();
    const app = renderFromHome('/community');
    await screen.findByRole('heading', { level: 1, name: 'Community Experiences' });
    await app.user.selectOptions(screen.getByLabelText('Category'), 'Healing & Recovery');
    await app.user.selectOptions(screen.getByLabelText('Sort'), 'helpful');
    await waitFor(() => expect(app.where()).toBe('/community?category=Healing+%26+Recovery&sort=helpful'));
    await app.back();
    await waitFor(() => expect(app.where()).toBe('/'));
    await app.forward();
    await waitFor(() => expect(app.where()).toBe('/community?category=Healing+%26+Recovery&sort=helpful'));
    expect(await screen.findByLabelText('Category')).toHaveValue('Healing & Recovery');
  });

  it('Explore: after opening two tabs, Back returns to Home', async () => {
    mockExploreApi();
    const app = renderFromHome('/explore');
    await screen.findByRole('heading', { level: 1, name: 'Data Explorer' });
    await app.user.click(screen.getByRole('tab', { name: 'Top Rated' }));
    await app.user.click(screen.getByRole('tab', { name: 'Growth Trends' }));
    await waitFor(() => expect(app.where()).toBe('/explore?tab=growth'));
    await app.back();
    await waitFor(() => expect(app.where()).toBe('/'));
  });

  it('Profile: after opening a tab, Back returns to Home and Forward reopens that tab', async () => {
    backend.seedSession('member@example.com');
    const app = renderFromHome('/profile');
    await screen.findByLabelText('Age range');
    await app.user.click(screen.getByRole('tab', { name: 'Preferences' }));
    await waitFor(() => expect(app.where()).toBe('/profile?tab=preferences'));
    await app.back();
    await waitFor(() => expect(app.where()).toBe('/'));
    await app.forward();
    expect(await screen.findByRole('tab', { name: 'Preferences', selected: true })).toBeInTheDocument();
  });
});
