// Community shows how many reports match its filters and filters by peptide (in the URL like the
// other filters); a report's page links its peptide.
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PeptideListResponse } from '@contract/peptides';
import { MATCH_COUNT_CAP } from '@contract/rules';
import { renderApp } from './helpers/render-app';
import { mockCommunityApi, type CommunityMock } from './msw/community-handlers';
import { makeExperience, makePeptide } from './msw/fixtures';
import { server } from './msw/server';

vi.setConfig({ testTimeout: 30_000 });
const slow = { timeout: 8_000 };

const BPC = makePeptide({ _id: '20000000-0000-4000-8000-000000000001', name: 'BPC-157', totalExperiences: 13 });
const TB = makePeptide({ _id: '20000000-0000-4000-8000-000000000002', name: 'TB-500', totalExperiences: 12 });
const UNREPORTED = makePeptide({
  _id: '20000000-0000-4000-8000-000000000003',
  name: 'Unreported',
  totalExperiences: 0,
});

let mock: CommunityMock;
beforeEach(() => {
  mock = mockCommunityApi({
    experiences: Array.from({ length: 25 }, (_, i) => {
      const p = i % 2 ? TB : BPC;
      return makeExperience({ peptideId: p._id, peptideName: p.name });
    }),
  });
  server.use(
    http.get('/api/peptides', () =>
      HttpResponse.json(
        PeptideListResponse.parse({
          success: true,
          data: { peptides: [BPC, TB, UNREPORTED], total: 3, page: 1, pageSize: 100 },
        }),
      ),
    ),
  );
});

const cards = () =>
  screen.getAllByRole('listitem').filter((li) => within(li).queryByRole('group', { name: 'Vote on this experience' }));
const lastQuery = () => mock.listQueries.at(-1)!;

describe('community total and peptide filter', () => {
  it('shows the number of matching reports, which Load more leaves as it is', async () => {
    const { user } = renderApp('/community');
    expect(await screen.findByText('25 reports', {}, slow)).toBeInTheDocument();
    expect(cards()).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cards()).toHaveLength(25));
    expect(screen.getByText('25 reports')).toBeInTheDocument();
  });

  it('shows a search with more matches than the server counts as "1,000+"', async () => {
    mock.experiences.push(
      ...Array.from({ length: MATCH_COUNT_CAP + 1 }, () =>
        makeExperience({ peptideId: BPC._id, peptideName: BPC.name, story: 'Slept well every night.' }),
      ),
    );
    renderApp('/community?search=slept');
    expect(await screen.findByText('1,000+ reports match', {}, slow)).toBeInTheDocument();
    expect(lastQuery().get('search')).toBe('slept');
  });

  it('filters by peptide through the URL, with the total of that peptide', async () => {
    const app = renderApp('/community');
    await screen.findByText('25 reports', {}, slow);
    // A searchable picker over every peptide (searched on the server), each with its reports.
    const picker = screen.getByRole('combobox', { name: 'Peptide' });
    await app.user.click(picker);
    expect(await screen.findByRole('option', { name: 'All peptides' })).toBeInTheDocument();
    await app.user.type(picker, 'TB');
    await app.user.click(await screen.findByRole('option', { name: /^TB-500, / }, slow));
    await waitFor(() => expect(app.search().get('peptide')).toBe(TB._id));
    await waitFor(() => expect(lastQuery().get('peptideId')).toBe(TB._id));
    expect(await screen.findByText('12 reports match', {}, slow)).toBeInTheDocument();
    expect(cards().every((c) => within(c).queryByText('BPC-157') === null)).toBe(true);

    await app.user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(app.search().toString()).toBe(''));
    expect(await screen.findByText('25 reports', {}, slow)).toBeInTheDocument();
  });

  it('counts the filters in use on the phone\'s "Filters (n)" button, which opens and closes them', async () => {
    const app = renderApp(`/community?peptide=${BPC._id}&sort=rating`);
    // The peptide narrows the list; the sort order only orders it and is not counted.
    const button = await screen.findByRole('button', { name: 'Filters (1)' }, slow);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('aria-controls', 'community-filters');
    await app.user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
  });

  it('applies a peptide from a shared URL on first load', async () => {
    renderApp(`/community?peptide=${BPC._id}`);
    expect(await screen.findByText('13 reports match', {}, slow)).toBeInTheDocument();
    expect(lastQuery().get('peptideId')).toBe(BPC._id);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Peptide' })).toHaveValue(BPC.name));
  });

  it("links a report's peptide to the peptide's page", async () => {
    const e = mock.experiences[1]!;
    renderApp(`/experiences/${e._id}`);
    await screen.findByRole('heading', { level: 1, name: 'TB-500 experience' }, slow);
    expect(screen.getByRole('link', { name: 'TB-500' })).toHaveAttribute('href', `/peptides/${TB._id}`);
  });
});
