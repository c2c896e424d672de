// Community (docs/product-rules.md, "Votes"): filters in the URL and sent to the server,
// cursor paging with Load more, and votes for visitors and members.
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './helpers/render-app';
import { backend } from './msw/backend';
import { mockCommunityApi, type CommunityMock } from './msw/community-handlers';
import { errorBody, makeExperience } from './msw/fixtures';
import { server } from './msw/server';
import { CATEGORIES } from '@contract/vocabulary';

// Lazy page chunks and MSW on a busy machine: allow time for the first render.
vi.setConfig({ testTimeout: 30_000 });
const slow = { timeout: 8_000 };

let mock: CommunityMock;
beforeEach(() => {
  mock = mockCommunityApi();
});

const cards = () =>
  screen.getAllByRole('listitem').filter((li) => within(li).queryByRole('group', { name: 'Vote on this experience' }));
const lastQuery = () => mock.listQueries.at(-1)!;

describe('community list', () => {
  it('shows a spinner first, then cards with every listed field, and loads more by cursor', async () => {
    const { user } = renderApp('/community');
    expect(await screen.findByRole('heading', { level: 1, name: 'Community Experiences' }, slow)).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Loading experiences' })).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(20), slow);
    const first = cards()[0]!;
    for (const text of [
      'BPC-157',
      '250 mcg',
      'Daily',
      '30 days',
      'Subcutaneous',
      'Injury Healing',
      'Faster recovery',
      'Oct 28, 2026',
    ]) {
      expect(within(first).getAllByText(text, { exact: false }).length).toBeGreaterThan(0);
    }
    expect(within(first).getByText('8/10')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Helpful (0)' })).toBeInTheDocument();
    // The way in says what it opens; the peptide's name is a heading, not a link taken for the peptide's page.
    expect(within(first).getByRole('link', { name: 'Read the full report' })).toHaveAttribute(
      'href',
      `/experiences/${mock.experiences[0]!._id}`,
    );
    expect(within(first).queryByRole('link', { name: 'BPC-157' })).toBeNull();

    expect(lastQuery().get('cursor')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    // As long as the first page may take: five more cards (side effects, votes) took over the 5 s
    // default in a clean-clone run beside the browser suite.
    await waitFor(() => expect(cards()).toHaveLength(25), slow);
    expect(lastQuery().get('cursor')).toBe('20');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('You have reached the end of the list.')).toBeInTheDocument();
  });

  it('sends search, category and sort to the server, keeps them in the URL, and clears them', async () => {
    const app = renderApp('/community');
    await waitFor(() => expect(cards()).toHaveLength(20), slow);
    expect(screen.getByRole('button', { name: 'Clear Filters' })).toBeDisabled();

    await app.user.type(screen.getByLabelText('Search'), 'TB-500');
    await waitFor(() => expect(app.search().get('search')).toBe('TB-500'));
    await waitFor(() => expect(lastQuery().get('search')).toBe('TB-500'));
    // The peptide categories, the same six as the peptide list's filter.
    expect([...(screen.getByLabelText('Category') as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'All Categories',
      ...CATEGORIES,
    ]);
    await app.user.selectOptions(screen.getByLabelText('Category'), 'Healing & Recovery');
    await app.user.selectOptions(screen.getByLabelText('Sort'), 'helpful');
    await waitFor(() => expect(lastQuery().get('sort')).toBe('helpful'));
    expect(lastQuery().get('category')).toBe('Healing & Recovery');
    expect(app.search().toString()).toBe('search=TB-500&category=Healing+%26+Recovery&sort=helpful');

    await app.user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(app.search().toString()).toBe(''));
    expect(screen.getByLabelText('Search')).toHaveValue('');
    expect(screen.getByLabelText('Category')).toHaveValue('all');
    expect(screen.getByLabelText('Sort')).toHaveValue('newest');
  });

  it('applies filters from a shared URL on first load (an old purpose-group link opens its category)', async () => {
    renderApp('/community?search=sleep&category=cognitive&sort=rating');
    await waitFor(() => expect(mock.listQueries.length).toBeGreaterThan(0));
    expect(Object.fromEntries(lastQuery())).toMatchObject({
      search: 'sleep',
      category: 'Cognitive Enhancement',
      sort: 'rating',
    });
    expect(screen.getByLabelText('Search')).toHaveValue('sleep');
    expect(screen.getByLabelText('Category')).toHaveValue('Cognitive Enhancement');
    expect(screen.getByLabelText('Sort')).toHaveValue('rating');
    expect(await screen.findByText('No experiences match these filters.')).toBeInTheDocument();
  });

  it('shows the server error as a toast and inline', async () => {
    mock = mockCommunityApi({ failList: 'Database unavailable' });
    renderApp('/community');
    await waitFor(() => expect(screen.getAllByText('Database unavailable')).toHaveLength(2), slow);
  });
});

describe('community votes', () => {
  // A short list keeps these tests about votes, not about rendering 20 cards in jsdom.
  beforeEach(() => {
    mock = mockCommunityApi({
      experiences: [0, 1, 2, 3].map((i) =>
        makeExperience({ votes: { helpful: i, notHelpful: 0, detailed: 0, concerning: 0, total: i } }),
      ),
    });
  });

  it('asks a visitor to log in and sends nothing', async () => {
    const { user } = renderApp('/community');
    await waitFor(() => expect(cards()).toHaveLength(4), slow);
    await user.click(within(cards()[1]!).getByRole('button', { name: /^Helpful/ }));
    const notice = within(cards()[1]!).getByRole('alert');
    expect(within(notice).getByText('Authentication Required')).toBeInTheDocument();
    expect(within(notice).getByText('Please log in to vote on experiences.')).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(mock.votes.size).toBe(0);
  });

  it('records a member vote with the server count, highlights it, and withdraws it when pressed again', async () => {
    backend.seedSession('member@example.com');
    const { user } = renderApp('/community');
    await waitFor(() => expect(cards()).toHaveLength(4), slow);
    // One lookup of the member's votes for the whole page, not one per card.
    await waitFor(() => expect(mock.voteLookups).toHaveLength(1));
    expect(mock.voteLookups[0]).toEqual(mock.experiences.map((e) => e._id));

    const card = () => cards()[2]!;
    await user.click(within(card()).getByRole('button', { name: 'Helpful (2)' }));
    expect(await screen.findByText('Your helpful vote has been recorded.', {}, slow)).toBeInTheDocument();
    expect(screen.getByText('Vote Recorded')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(card()).getByRole('button', { name: 'Helpful (3)' })).toHaveAttribute('aria-pressed', 'true'),
    );

    await user.click(within(card()).getByRole('button', { name: 'Helpful (3)' }));
    expect(await screen.findByText('Your vote has been withdrawn.', {}, slow)).toBeInTheDocument();
    expect(mock.withdrawals).toEqual([mock.experiences[2]!._id]);
    await waitFor(() =>
      expect(within(card()).getByRole('button', { name: 'Helpful (2)' })).toHaveAttribute('aria-pressed', 'false'),
    );
  });

  it('a vote the page did not know of (its lookup failed) is refused with Already Voted and then shown', async () => {
    const { user: member } = backend.seedSession('member@example.com');
    mock.votes.set(`${member._id}:${mock.experiences[2]!._id}`, 'helpful');
    server.use(http.get('/api/votes', () => HttpResponse.json(errorBody('boom'), { status: 500 })));
    const { user } = renderApp('/community');
    await waitFor(() => expect(cards()).toHaveLength(4), slow);
    const card = () => cards()[2]!;
    await user.click(within(card()).getByRole('button', { name: 'Helpful (2)' }));
    expect(
      await screen.findByText('You have already marked this experience as helpful.', {}, slow),
    ).toBeInTheDocument();
    expect(screen.getByText('Already Voted')).toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Helpful (2)' })).toHaveAttribute('aria-pressed', 'true');
  });
});
