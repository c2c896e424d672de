// Every failed load says what failed and offers Try again, which refetches the query that failed
// (src/components/page/LoadError.tsx): Home, Community, Submit, Peptides and peptide detail.
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './helpers/render-app';
import { mockCommunityApi } from './msw/community-handlers';
import { DEFAULT_PEPTIDES, errorBody } from './msw/fixtures';
import { server } from './msw/server';

vi.setConfig({ testTimeout: 20_000 });
const slow = { timeout: 8_000 };

let failing: Set<string>;
let requests: Record<string, number>;

/** `path` answers 503 while it is in `failing`; every request to it is counted. */
function failWhileListed(path: string) {
  server.use(
    http.get(path, () => {
      requests[path] = (requests[path] ?? 0) + 1;
      if (failing.has(path)) return HttpResponse.json(errorBody(`${path} is unavailable`), { status: 503 });
      return undefined; // the default handler answers
    }),
  );
  failing.add(path);
}

beforeEach(() => {
  failing = new Set();
  requests = {};
  mockCommunityApi();
});

/** Finds the load error titled `title`, recovers the server, presses Try again. */
async function retry(title: string, path: string) {
  const alert = (await screen.findByText(title, {}, slow)).closest('[role="alert"]') as HTMLElement;
  expect(alert).not.toBeNull();
  expect(alert).toHaveTextContent(`${path} is unavailable`);
  const before = requests[path] ?? 0;
  failing.delete(path);
  await within(alert).getByRole('button', { name: 'Try again' }).click();
  await waitFor(() => expect(requests[path]).toBeGreaterThan(before));
}

describe('load errors offer Try again', () => {
  it('Home: statistics', async () => {
    failWhileListed('/api/analytics/public');
    renderApp('/');
    await retry('Failed to load statistics', '/api/analytics/public');
    expect(
      await within(screen.getByRole('region', { name: 'Community statistics' })).findByText('1,234', {}, slow),
    ).toBeInTheDocument();
  });

  it('Home: popular peptides', async () => {
    failWhileListed('/api/peptides');
    renderApp('/');
    await retry('Failed to load peptides', '/api/peptides');
    expect(await screen.findByRole('heading', { level: 2, name: DEFAULT_PEPTIDES[0]!.name }, slow)).toBeInTheDocument();
  });

  it('Community: the feed', async () => {
    failWhileListed('/api/experiences');
    renderApp('/community');
    await retry('Failed to load experiences', '/api/experiences');
    expect(await screen.findByRole('button', { name: 'Load more' }, slow)).toBeInTheDocument();
    expect(screen.queryByText('Failed to load experiences')).not.toBeInTheDocument();
  });

  it('Submit: the form data, keeping the wizard', async () => {
    // The peptides are searched as the person types (the picker says when that fails); the effects
    // vocabulary is the form data loaded up front.
    failWhileListed('/api/effects');
    const { user } = renderApp('/submit');
    await user.type(await screen.findByLabelText('Dose', {}, slow), '250');
    await retry('Failed to load form data', '/api/effects');
    expect(screen.getByLabelText('Dose')).toHaveValue('250');
    await waitFor(() => expect(screen.queryByText('Failed to load form data')).not.toBeInTheDocument());
  });

  it('Peptides: the list', async () => {
    failWhileListed('/api/peptides');
    renderApp('/peptides');
    await retry('Failed to load peptides', '/api/peptides');
    expect(await screen.findByText(DEFAULT_PEPTIDES[0]!.name, {}, slow)).toBeInTheDocument();
  });

  it('Peptide detail: the peptide', async () => {
    const path = `/api/peptides/${DEFAULT_PEPTIDES[0]!._id}`;
    failWhileListed(path);
    renderApp(`/peptides/${DEFAULT_PEPTIDES[0]!._id}`);
    await retry('Failed to load peptide', path);
    expect(await screen.findByRole('heading', { level: 1, name: DEFAULT_PEPTIDES[0]!.name }, slow)).toBeInTheDocument();
  });
});

describe('a server that cannot be reached', () => {
  it('is said one way, and data loaded before is marked as possibly out of date until Try again reaches it', async () => {
    const app = renderApp('/peptides');
    expect(await screen.findByText(DEFAULT_PEPTIDES[0]!.name, {}, slow)).toBeInTheDocument();
    server.use(http.get('/api/peptides', () => HttpResponse.error()));
    await app.queryClient.refetchQueries({ type: 'active' });
    const notice = await screen.findByText(/may be out of date/, {}, slow);
    expect(notice).toHaveTextContent('Cannot reach the server. Check your connection, then try again.');
    // What was loaded stays on the page, and no transport wording shows anywhere.
    expect(screen.getByText(DEFAULT_PEPTIDES[0]!.name)).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('Network Error');
    server.resetHandlers();
    mockCommunityApi();
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByText(/may be out of date/)).not.toBeInTheDocument(), slow);
  });
});
