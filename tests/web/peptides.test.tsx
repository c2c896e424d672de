// Peptides list, create form, delete dialog and detail page, against MSW.
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ExperienceListResponse } from '@contract/experiences';
import { ApiErrorBody, formatIssues, issueList } from '@contract/common';
import {
  CreatePeptideRequest,
  PeptideListResponse,
  PeptideResponse,
  type Peptide,
  type ReporterShares,
} from '@contract/peptides';
import { SOURCES_MESSAGE, sourceMessage } from '@contract/sources';
import { renderApp } from './helpers/render-app';
import { backend } from './msw/backend';
import { catalogueBody, errorBody, makePeptide, makeReporters, peptideDetailBody } from './msw/fixtures';
import { server } from './msw/server';

/** A tiny in-memory catalogue answering list, create, delete and detail (with who reports each: `reporters` by id, else 24 reports' shares). */
function useCatalogue(initial: Peptide[], reporters: Record<string, ReporterShares> = {}) {
  const store = [...initial];
  const queries: URLSearchParams[] = [];
  server.use(
    // The whole catalogue, which the wizard searches on the device; before `/api/peptides/:id`.
    http.get('/api/peptides/catalogue', () => HttpResponse.json(catalogueBody(store))),
    http.get('/api/peptides', ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      const search = (params.get('search') ?? '').toLowerCase();
      const category = params.get('category') ?? 'all';
      const peptides = store.filter(
        (p) => p.name.toLowerCase().includes(search) && (category === 'all' || p.category === category),
      );
      return HttpResponse.json(
        PeptideListResponse.parse({ success: true, data: { peptides, total: peptides.length, page: 1, pageSize: 24 } }),
      );
    }),
    http.post('/api/peptides', async ({ request }) => {
      const body = (await request.json()) as Partial<Peptide>;
      if (body.name === 'Duplicate')
        return HttpResponse.json(
          {
            ...errorBody('A peptide named "BPC-157" already exists'),
            code: 'conflict',
            existing: { id: '11111111-1111-4111-8111-111111111111', name: 'BPC-157' },
          },
          { status: 409 },
        );
      // The contract's checks, answered as the server answers them (validation_failed, issues).
      const parsed = CreatePeptideRequest.safeParse(body);
      if (!parsed.success) {
        const error = {
          success: false,
          error: formatIssues(parsed.error.issues),
          code: 'validation_failed',
          issues: issueList(parsed.error.issues),
        };
        return HttpResponse.json(ApiErrorBody.parse(error), { status: 400 });
      }
      // The server's reading of a citation (server/services/peptides.ts), for the one the tests send.
      const linked = parsed.data.sources.findIndex((source) => source.includes('shop.example.com'));
      if (linked >= 0) {
        const message = `${sourceMessage(linked, SOURCES_MESSAGE.citationLink)} ("shop.example.com")`;
        return HttpResponse.json(
          ApiErrorBody.parse({
            success: false,
            error: message,
            code: 'validation_failed',
            issues: [{ path: ['sources'], message }],
          }),
          { status: 400 },
        );
      }
      const peptide = makePeptide({ ...parsed.data, canDelete: true, reviewedAt: null });
      store.push(peptide);
      return HttpResponse.json(PeptideResponse.parse({ success: true, data: { peptide } }), { status: 201 });
    }),
    http.delete('/api/peptides/:id', ({ params }) => {
      const index = store.findIndex((p) => p._id === params.id);
      store.splice(index, 1);
      return HttpResponse.json({ success: true, data: {} });
    }),
    http.get('/api/peptides/:id', ({ params }) => {
      const peptide = store.find((p) => p._id === params.id);
      if (!peptide) return HttpResponse.json(errorBody('Peptide not found'), { status: 404 });
      return HttpResponse.json(peptideDetailBody(peptide, reporters[peptide._id] ?? makeReporters()));
    }),
    http.post('/api/peptides/:id/review', ({ params }) => {
      const peptide = store.find((p) => p._id === params.id)!;
      peptide.reviewedAt = '2026-11-27T09:00:00.000Z';
      return HttpResponse.json(PeptideResponse.parse({ success: true, data: { peptide } }));
    }),
    http.get('/api/experiences', () =>
      HttpResponse.json(ExperienceListResponse.parse({ success: true, data: { experiences: [], nextCursor: null } })),
    ),
  );
  return { store, queries };
}

describe('peptides list', () => {
  it('reads filters from the URL, sends them to the server and writes changes back', async () => {
    const { queries } = useCatalogue([makePeptide({ name: 'BPC-157' })]);
    const { user } = renderApp('/peptides?search=bpc&category=Growth+Hormone&sort=rating&view=list');
    expect(await screen.findByText('No peptides found matching your criteria.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search peptides' })).toHaveValue('bpc');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('Growth Hormone');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('rating');
    expect(screen.getByRole('tab', { name: 'List View' })).toHaveAttribute('aria-selected', 'true');
    const first = queries[0];
    expect([first?.get('search'), first?.get('category'), first?.get('sort'), first?.get('limit')]).toEqual([
      'bpc',
      'Growth Hormone',
      'rating',
      '24',
    ]);

    const category = screen.getByRole('combobox', { name: 'Category' });
    expect(within(category).getAllByRole('option')).toHaveLength(7);
    await user.selectOptions(category, 'all');
    expect(await screen.findByRole('link', { name: 'BPC-157' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/peptides\//),
    );
    // The compact list: name, category, rating and reports on one line; no description or effects.
    const row = screen.getByRole('link', { name: 'BPC-157' }).closest('li') as HTMLElement;
    // The rating as every page writes it: out of 10, or said in words when too few rated it.
    expect(
      within(row).getByText(/^Rating \d+\.\d, likely \d+\.\d-\d+\.\d$|^too few to say|^No ratings yet$/),
    ).toBeInTheDocument();
    expect(within(row).getByText(/^\d+ reports?$/)).toBeInTheDocument();
    expect(within(row).queryByText('Dosage')).toBeNull();
    expect(screen.queryByText(/more$/)).not.toBeInTheDocument();
    expect(queries.at(-1)?.get('category')).toBe('all');

    // Debounced search: one request for the finished word, not one per keystroke.
    const before = queries.length;
    const box = screen.getByRole('searchbox', { name: 'Search peptides' });
    await user.clear(box);
    await user.type(box, 'zzz');
    expect(await screen.findByText('No peptides found matching your criteria.')).toBeInTheDocument();
    await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('zzz'));
    expect(queries.slice(before).some((q) => q.get('search') === 'z' || q.get('search') === 'zz')).toBe(false);
  });

  it('shows the empty state and grid view by default', async () => {
    useCatalogue([]);
    renderApp('/peptides');
    expect(await screen.findByText('No peptides found matching your criteria.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Grid View' })).toHaveAttribute('aria-selected', 'true');
  });

  it('grid cards show the first three effects and "+N more"', async () => {
    useCatalogue([
      makePeptide({ name: 'TB-500', totalExperiences: 12 }),
      makePeptide({ _id: '20000000-0000-4000-8000-0000000000ff', name: 'Rare', totalExperiences: 4 }),
    ]);
    renderApp('/peptides');
    expect((await screen.findAllByText('+2 more'))[0]).toBeInTheDocument();
    // The mean with its likely range (the count stands beside it on the card).
    expect(screen.getByText('7.5, likely 7.1-7.9')).toBeInTheDocument();
    // A mean of fewer than five reports is not shown as a number.
    expect(screen.getByText('too few to say (n = 4)')).toBeInTheDocument();
    expect(screen.queryByText('Not reviewed')).not.toBeInTheDocument();
  });

  it('sorted by rating, says the order follows the lower end of the likely range', async () => {
    useCatalogue([makePeptide({ name: 'TB-500', totalExperiences: 12 })]);
    renderApp('/peptides?sort=rating');
    expect(await screen.findByText('Ranked by the lower end of the likely range.')).toBeInTheDocument();
  });
});

describe('create peptide', () => {
  async function openForm() {
    backend.seedSession('member@example.com');
    const app = renderApp('/peptides');
    await app.user.click(await screen.findByRole('button', { name: 'Create Peptide' }));
    // The form's code loads on demand (it is members-only).
    expect(await screen.findByText('Create New Peptide')).toBeInTheDocument();
    return app;
  }

  async function fill(
    user: Awaited<ReturnType<typeof openForm>>['user'],
    sequence: string,
    name = 'New Peptide',
    sources = 'https://pubmed.ncbi.nlm.nih.gov/?term=new{Enter}Author A et al. (2020), J Pept 12:345',
  ) {
    await user.type(screen.getByLabelText('Name *'), name);
    await user.selectOptions(screen.getByLabelText('Category *'), 'Anti-Aging');
    await user.type(screen.getByLabelText('Peptide Sequence *'), sequence);
    await user.type(screen.getByLabelText('Description *'), 'Short');
    await user.type(screen.getByLabelText('Detailed Description *'), 'Long');
    await user.type(screen.getByLabelText('Mechanism of Action *'), 'Works');
    await user.type(screen.getByLabelText('Common Dosage *'), '1 mg');
    await user.type(screen.getByLabelText('Common Frequency *'), 'daily');
    if (sources) await user.type(screen.getByLabelText('Sources *'), sources);
  }

  it('marks every missing field under itself and focuses the first, sending nothing', async () => {
    useCatalogue([]);
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const name = screen.getByLabelText('Name *');
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('Enter the peptide’s name');
    expect(screen.getByLabelText('Category *')).toHaveAccessibleDescription('Choose a category');
    expect(screen.getByLabelText('Common Frequency *')).toHaveAttribute('aria-invalid', 'true');
    // No toast saying the same thing again.
    expect(screen.queryByText('Validation Error')).toBeNull();
    await user.type(name, 'Fixed');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(backend.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('refuses a bad sequence under its field', async () => {
    useCatalogue([]);
    const { user } = await openForm();
    await fill(user, 'AB1!');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const sequence = screen.getByLabelText('Peptide Sequence *');
    expect(sequence).toHaveAccessibleDescription(
      'Please enter a valid peptide sequence using standard amino acid codes',
    );
    expect(sequence).toHaveFocus();
    expect(screen.getAllByText('Please enter a valid peptide sequence using standard amino acid codes')).toHaveLength(
      1,
    );
  });

  it('creates, adds tags (blanks ignored) and opens the new peptide', async () => {
    const { store } = useCatalogue([]);
    const app = await openForm();
    const { user } = app;
    await fill(user, 'GHK-Cu');
    await user.type(screen.getByLabelText('Common Effects'), 'Skin{Enter}');
    await user.type(screen.getByLabelText('Common Effects'), '   {Enter}');
    await user.click(screen.getByRole('button', { name: 'Add Common Effects' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Peptide created successfully')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'New Peptide' })).toBeInTheDocument();
    expect(app.location()).toBe(`/peptides/${store[0]!._id}`);
    expect(store[0]?.commonEffects).toEqual(['Skin']);
    expect(store[0]?.sources).toEqual([
      'https://pubmed.ncbi.nlm.nih.gov/?term=new',
      'Author A et al. (2020), J Pept 12:345',
    ]);
  });

  it('asks for sources under their field, with the hint, and checks each line before sending', async () => {
    useCatalogue([]);
    const { user } = await openForm();
    await fill(user, 'GHK', 'New Peptide', '');
    const sources = screen.getByLabelText('Sources *');
    expect(sources).toHaveAccessibleDescription(/^At least one: a link to a study or article, or a citation/);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(sources).toHaveFocus();
    expect(sources).toHaveAttribute('aria-invalid', 'true');
    expect(sources).toHaveAccessibleDescription(
      expect.stringContaining('Add at least one source: a link or a citation'),
    );
    await user.type(sources, 'Author A (2020), J Pept 1:2{Enter}ftp://files.example.org/paper.pdf');
    expect(sources).toHaveAccessibleDescription(
      expect.stringContaining(
        'Source 2 is not a web address a reader can open: it must start with http:// or https://',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(backend.calls.some((c) => c.method === 'POST')).toBe(false);
    expect(screen.queryByText('Failed to create peptide')).toBeNull();
  });

  it("shows the server's refusal of a source under the field, focused, without a toast", async () => {
    const { store } = useCatalogue([]);
    const { user } = await openForm();
    await fill(user, 'GHK', 'New Peptide', 'Smith J (2020), see shop.example.com for more');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const sources = screen.getByLabelText('Sources *');
    await waitFor(() => expect(sources).toHaveFocus());
    expect(sources).toHaveAccessibleDescription(
      expect.stringContaining(
        'Source 1 is a citation with a link in it: put the web address on a line of its own, starting with https:// ("shop.example.com")',
      ),
    );
    expect(screen.queryByText('Failed to create peptide')).toBeNull();
    expect(store).toHaveLength(0);
    // Changing the field clears the server's message; a good line creates the page.
    await user.clear(sources);
    await user.type(sources, 'https://example.org/paper');
    expect(sources).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(/citation with a link/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'New Peptide' })).toBeInTheDocument();
    expect(store[0]?.sources).toEqual(['https://example.org/paper']);
  });

  it('says a taken name under Name with a link to the peptide that has it, keeping the values', async () => {
    useCatalogue([]);
    const { user } = await openForm();
    await fill(user, 'GHK', 'Duplicate');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    // Said under Name, focused, with a link to the peptide that has the name; no toast.
    const name = screen.getByLabelText('Name *');
    await waitFor(() => expect(name).toHaveAccessibleDescription(/A peptide named "BPC-157" already exists/));
    expect(name).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Open BPC-157' })).toHaveAttribute(
      'href',
      '/peptides/11111111-1111-4111-8111-111111111111',
    );
    expect(screen.queryByText('Failed to create peptide')).toBeNull();
    expect(name).toHaveValue('Duplicate');
  });
});

describe('delete peptide', () => {
  it('shows the button only where canDelete, confirms, deletes and drops the item', async () => {
    useCatalogue([makePeptide({ name: 'Mine', canDelete: true }), makePeptide({ name: 'Theirs', canDelete: false })]);
    backend.seedSession('member@example.com');
    const { user } = renderApp('/peptides');
    const button = await screen.findByRole('button', { name: 'Delete Mine' });
    expect(screen.queryByRole('button', { name: 'Delete Theirs' })).not.toBeInTheDocument();
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Delete Peptide' });
    // What the server does (tests/server/peptides.test.ts "its experiences stay"), never "all associated data".
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete "Mine"? It leaves the peptide list, its page goes away and no new reports can be shared for it.',
    );
    expect(dialog).toHaveTextContent(
      'The experiences already reported for it stay: they remain in the community feed and the statistics. This cannot be undone.',
    );
    expect(dialog).not.toHaveTextContent(/all associated data/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Delete Mine' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Mine has been deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Mine' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Theirs' })).toBeInTheDocument();
  });

  it('visitors see neither Create nor Delete', async () => {
    useCatalogue([makePeptide({ name: 'Mine', canDelete: true })]);
    renderApp('/peptides');
    await screen.findByRole('link', { name: 'Mine' });
    expect(screen.queryByRole('button', { name: 'Delete Mine' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Peptide' })).not.toBeInTheDocument();
  });
});

describe('peptide detail', () => {
  it('shows the overview', async () => {
    const peptide = makePeptide({ name: 'BPC-157' });
    useCatalogue([peptide]);
    renderApp(`/peptides/${peptide._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'BPC-157' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Popularity' })).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText('Based on 4 experiences and recent activity')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Peptides' })).toHaveAttribute('href', '/peptides');
  });

  it("shows each outcome's mean with its likely range and the spread of its ratings", async () => {
    const peptide = makePeptide({ name: 'Spread', averageRating: 7, totalExperiences: 5 });
    useCatalogue([peptide]);
    server.use(
      http.get(`/api/peptides/${peptide._id}`, () =>
        HttpResponse.json(
          peptideDetailBody(peptide, makeReporters(), [
            {
              name: 'energy',
              n: 5,
              mean: 7,
              interval: { low: 6.1, high: 7.9 },
              counts: [0, 0, 0, 0, 0, 1, 3, 1, 0, 0],
            },
            { name: 'sleep', n: 3, mean: null, interval: null, counts: [0, 0, 0, 0, 0, 0, 0, 2, 1, 0] },
          ]),
        ),
      ),
    );
    renderApp(`/peptides/${peptide._id}`);
    const card = (await screen.findByRole('heading', { name: 'How reports rate it' })).closest('.rounded-lg')!;
    const energy = card.querySelector('[data-outcome-spread="energy"]') as HTMLElement;
    expect(energy).toHaveTextContent('Energy 7.0, likely 6.1-7.9, n = 5');
    expect(within(energy).getByRole('img')).toHaveAccessibleName(
      'Ratings of Energy, from 1 to 10: 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 1, 7: 3, 8: 1, 9: 0, 10: 0',
    );
    expect(card.querySelector('[data-outcome-spread="sleep"]')).toHaveTextContent('Sleep too few to say (n = 3)');
  });

  it('shows the rating with its likely range and n, and no number below 5 reports', async () => {
    const rated = makePeptide({ name: 'Rated', averageRating: 7.2, totalExperiences: 41 });
    const few = makePeptide({ name: 'Few', averageRating: null, totalExperiences: 3 });
    useCatalogue([rated, few]);
    const first = renderApp(`/peptides/${rated._id}`);
    await screen.findByRole('heading', { level: 1, name: 'Rated' });
    expect(document.querySelector(`[data-peptide-rating="${rated._id}"]`)).toHaveTextContent(
      'Rating 7.2, likely 6.8-7.6, n = 41',
    );
    first.unmount();
    renderApp(`/peptides/${few._id}`);
    await screen.findByRole('heading', { level: 1, name: 'Few' });
    expect(document.querySelector(`[data-peptide-rating="${few._id}"]`)).toHaveTextContent(
      /^too few to say \(n = 3\)$/,
    );
  });

  it('shows who reports it: each question on its own, every answer with its share, as tables a screen reader reads', async () => {
    const peptide = makePeptide({ name: 'BPC-157' });
    useCatalogue([peptide]);
    renderApp(`/peptides/${peptide._id}`);
    const heading = await screen.findByRole('heading', { name: 'Who reports it' });
    const section = heading.closest('.rounded-lg') as HTMLElement;
    expect(
      within(section).getByText(/Shares of the 24 reports of BPC-157 public for at least 7 days, as of Mar 1, 2026\./),
    ).toBeInTheDocument();
    expect(
      within(section).getByText(
        /in steps of 5%, with a little random noise so that no single report can be picked out; they may not add up to 100%/,
      ),
    ).toBeInTheDocument();
    const tables = within(section).getAllByRole('table');
    expect(tables.map((t) => t.querySelector('caption')?.textContent)).toEqual([
      'Age range',
      'Biological sex',
      'Activity level',
    ]);
    const age = within(section).getByRole('table', { name: 'Age range' });
    expect(
      within(age)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['18-24', '25-29', '30-34', '35-39', '40-44', '45-49', '50+']);
    expect(within(age).getByRole('row', { name: '30-34 35%' })).toBeInTheDocument();
    expect(within(section).getByRole('row', { name: 'Prefer not to say 5%' })).toBeInTheDocument();
    expect(within(section).getByRole('row', { name: 'Active 40%' })).toBeInTheDocument();
    // The bars only repeat the numbers: hidden from assistive technology.
    for (const bar of section.querySelectorAll('td > div > div:first-child'))
      expect(bar).toHaveAttribute('aria-hidden', 'true');
  });

  it('says there are too few reports to show who reports it, below 20', async () => {
    const peptide = makePeptide({ name: 'Rare-1' });
    useCatalogue([peptide], { [peptide._id]: makeReporters({ reports: 15, shares: null }) });
    renderApp(`/peptides/${peptide._id}`);
    expect(
      await screen.findByText(
        /Too few reports to show who reports Rare-1\. Shares by age range, biological sex and activity level appear once 20 reports have been public for at least 7 days/,
      ),
    ).toBeInTheDocument();
    const section = screen.getByRole('heading', { name: 'Who reports it' }).closest('.rounded-lg') as HTMLElement;
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
  });

  it('leads to the wizard with the peptide already chosen', async () => {
    const peptide = makePeptide({ name: 'BPC-157', commonEffects: ['Recovery'] });
    useCatalogue([peptide]);
    const app = renderApp(`/peptides/${peptide._id}`);
    await app.user.click(await screen.findByRole('link', { name: 'Share your experience with BPC-157' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Share Your Experience' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Peptide' })).toHaveValue('BPC-157'));
    // The link carried it in the fragment, which no request sends; its work done, the address drops it.
    await waitFor(() => expect(`${app.location()}${app.search().toString()}${app.hash()}`).toBe('/submit'));
  });

  it("says who stands behind the page: a member's page is not reviewed until a moderator marks it", async () => {
    const reviewed = makePeptide({ name: 'BPC-157' });
    const member = makePeptide({ _id: '20000000-0000-4000-8000-0000000000ee', name: 'Buy-Now', reviewedAt: null });
    useCatalogue([reviewed, member]);
    const { unmount } = renderApp(`/peptides/${reviewed._id}`);
    expect(await screen.findByText('Reviewed')).toHaveTextContent('Reviewed Jan 15, 2026');
    expect(screen.queryByText('Community-submitted, not reviewed')).not.toBeInTheDocument();
    unmount();

    renderApp(`/peptides/${member._id}`);
    expect(await screen.findByText('Community-submitted, not reviewed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as reviewed' })).not.toBeInTheDocument();
  });

  it('a moderator marks a member page reviewed, and it says so at once', async () => {
    const member = makePeptide({ _id: '20000000-0000-4000-8000-0000000000ee', name: 'Buy-Now', reviewedAt: null });
    useCatalogue([member]);
    backend.seedSession('moderator@example.com');
    const { user } = renderApp(`/peptides/${member._id}`);
    await user.click(await screen.findByRole('button', { name: 'Mark as reviewed' }));
    expect(await screen.findByText('Reviewed')).toHaveTextContent('Reviewed Nov 27, 2026');
    expect(screen.queryByText('Community-submitted, not reviewed')).not.toBeInTheDocument();
    // The review answers the peptide alone: the page keeps who reports it.
    expect(screen.getByRole('table', { name: 'Age range' })).toBeInTheDocument();
  });

  it('lists the sources: a web address as a link that opens apart and passes nothing on, shown short; a citation as text', async () => {
    const long =
      'https://www.example.org/articles/peptides/a-very-long-path-that-goes-on-and-on-and-on/full-text?section=results';
    const peptide = makePeptide({
      name: 'BPC-157',
      sources: [
        'https://pubmed.ncbi.nlm.nih.gov/?term=BPC-157',
        'Sikiric P et al. (2018), Curr Pharm Des 24:1972',
        long,
      ],
    });
    useCatalogue([peptide]);
    renderApp(`/peptides/${peptide._id}`);
    const section = (await screen.findByRole('heading', { name: 'Sources' })).closest(
      'div.rounded-lg, section, [class*="border"]',
    ) as HTMLElement;
    const links = within(section).getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('href', 'https://pubmed.ncbi.nlm.nih.gov/?term=BPC-157');
    expect(links[0]).toHaveAttribute('rel', 'nofollow ugc noopener noreferrer');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveTextContent('pubmed.ncbi.nlm.nih.gov/?term=BPC-157');
    expect(links[0]).toHaveAccessibleName(/opens in a new tab/);
    expect(links[1]).toHaveAttribute('href', long);
    expect(links[1].textContent).toMatch(/^example\.org\/articles\/peptides\/.*…/);
    expect(within(section).getByText('Sikiric P et al. (2018), Curr Pharm Des 24:1972').closest('a')).toBeNull();
  });

  it("shows a member's page's sources beside its status, before the overview", async () => {
    const member = makePeptide({
      _id: '20000000-0000-4000-8000-0000000000ef',
      name: 'Member-Made',
      reviewedAt: null,
      sources: ['javascript-free citation (2021), J 1:1'],
    });
    useCatalogue([member]);
    renderApp(`/peptides/${member._id}`);
    const status = await screen.findByText('Community-submitted, not reviewed');
    const heading = screen.getByRole('heading', { name: 'Sources' });
    expect(screen.getByText('javascript-free citation (2021), J 1:1')).toBeInTheDocument();
    // Sources follow the status directly, before the safety notice and the tabs.
    expect(status.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      heading.compareDocumentPosition(screen.getByRole('tab', { name: 'Overview' })) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.getAllByRole('heading', { name: 'Sources' })).toHaveLength(1);
  });

  it('answers 404 with "Peptide not found" and a back link', async () => {
    useCatalogue([]);
    renderApp('/peptides/10000000-0000-4000-8000-999999999999');
    expect(await screen.findByRole('heading', { name: 'Peptide not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Peptides' })).toBeInTheDocument();
  });
});
