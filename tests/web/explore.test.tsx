// Data Explorer (docs/product-rules.md, "Pages and navigation", "Figures") against MSW.
import { configure, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, delay, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './helpers/render-app';
import { backend } from './msw/backend';
import { makeAnalytics, mockExploreApi } from './msw/explore-fixtures';
import { errorBody } from './msw/fixtures';
import { server } from './msw/server';

// The route and its chart chunk load lazily; on a busy machine the first load takes a while.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  // jsdom cannot draw: the chart's canvas stays blank and its table carries the numbers.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

const panel = () => screen.getByRole('tabpanel');

describe('Data Explorer for everyone', { timeout: 20_000 }, () => {
  it('shows a spinner, then the title, the four stat cards and the overview', async () => {
    mockExploreApi({ slow: true });
    renderApp('/explore');
    expect(await screen.findByRole('status', { name: 'Loading data explorer' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Data Explorer', level: 1 })).toBeInTheDocument();

    const card = (label: string) => screen.getByText(label, { selector: 'p' }).closest('div')!.parentElement!;
    expect(card('Total Experiences')).toHaveTextContent('1,234');
    expect(card('Total Experiences')).toHaveTextContent('+12.5% on the same days of last month (so far)');
    expect(card('Peptides Tracked')).toHaveTextContent('30');
    expect(card('Peptides Tracked')).toHaveTextContent('across 6 categories');
    expect(card('Avg Rating')).toHaveTextContent('6.4/10');
    expect(card('Active Users')).toHaveTextContent('17');

    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    // Period changes only the trend tabs: not offered here.
    expect(screen.queryByRole('combobox', { name: 'Period' })).not.toBeInTheDocument();
    const popular = screen
      .getByRole('heading', { name: 'Most Popular Peptides' })
      .closest('.rounded-lg')! as HTMLElement;
    const items = within(popular).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('BPC-157');
    expect(items[0]).toHaveTextContent('7.8, likely 7.5-8.1');
    expect(items[0]).toHaveTextContent('120 experiences');
    // Effectiveness: the peptide's rating, the same figure as the list's (not the mean of its outcome
    // means, 7.0), with its sample size; then each outcome's mean.
    expect(screen.getByRole('progressbar', { name: 'BPC-157: 7.8 out of 10, n = 120' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Recovery: 8.0 out of 10, n = 110' })).toBeInTheDocument();
  });

  it('shows the empty text when there are no top peptides', async () => {
    mockExploreApi({ analytics: makeAnalytics({ topPeptides: [], effectivenessData: [] }) });
    const { user } = renderApp('/explore');
    expect(await screen.findByText('No top peptides data available')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Top Rated' }));
    expect(within(panel()).getByText('No top peptides data available')).toBeInTheDocument();
  });

  it('ranks the most reported peptides by rating (the lower end of the likely range), unlike Overview', async () => {
    const base = makeAnalytics();
    const [bpc, tb] = base.topPeptides;
    // TB-500: fewer reports than BPC-157 (second on Overview), rated higher.
    const topPeptides = [bpc!, { ...tb!, rating: 8.6, ratingInterval: { low: 8.2, high: 9.0 } }];
    mockExploreApi({ analytics: makeAnalytics({ topPeptides }) });
    const { user } = renderApp('/explore?tab=top');
    await screen.findByRole('heading', { name: 'Top Rated', level: 2 });
    expect(within(panel()).getByText(/Ranked by the lower end of the likely range/)).toBeInTheDocument();
    const items = within(panel()).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('#1 TB-500'),
      expect.stringContaining('#2 BPC-157'),
    ]);
    expect(items[1]).toHaveTextContent('Average rating 7.8, likely 7.5-8.1');
    await user.click(within(items[0]!).getByRole('link', { name: /TB-500/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/peptides/20000000-0000-4000-8000-000000000002');
  });

  it('shows Something went wrong with the message when the figures fail to load, and recovers', async () => {
    mockExploreApi({ analytics: 503 });
    const { user } = renderApp('/explore');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('The analytics service is unavailable');
    mockExploreApi();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Data Explorer', level: 1 })).toBeInTheDocument();
  });

  it('gates the member tabs for visitors and fetches no trend data', async () => {
    const mock = mockExploreApi();
    const { user } = renderApp('/explore');
    await screen.findByRole('heading', { name: 'Data Explorer', level: 1 });
    for (const tab of ['Usage Trends', 'Growth Trends', 'Compare']) {
      await user.click(screen.getByRole('tab', { name: tab }));
      expect(within(panel()).getByRole('heading', { name: 'Authentication Required' })).toBeInTheDocument();
      expect(within(panel()).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    }
    expect(within(panel()).getByText(/compares up to 3 peptides/)).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(mock.trendQueries).toHaveLength(0);
    expect(mock.compareQueries).toHaveLength(0);
    await user.click(within(panel()).getByRole('link', { name: 'Sign In' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });
});

describe('Data Explorer for members', { timeout: 20_000 }, () => {
  beforeEach(() => {
    backend.seedSession('member@example.com');
  });

  it('draws usage trends by peptide and by category, with a table of the numbers', async () => {
    const mock = mockExploreApi();
    const { user } = renderApp('/explore?tab=usage');
    const chart = await screen.findByRole('img', { name: /Line chart of experiences per month by peptide/ });
    expect(chart.tagName).toBe('CANVAS');
    expect(chart).toHaveAccessibleName(/most reported peptide is BPC-157 with 66/);
    const table = screen.getByRole('table', { name: 'Experiences per month by peptide' });
    const bpc = within(table).getByRole('row', { name: /^BPC-157/ });
    expect(
      within(bpc)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['66', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
    expect(within(within(table).getByRole('row', { name: /^All/ })).getAllByRole('cell')[0]).toHaveTextContent('78');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .slice(0, 3)
        .map((c) => c.textContent),
    ).toEqual(['Peptide', 'Total', 'Jan 2026']);
    expect(within(table).getAllByRole('columnheader').at(-1)).toHaveTextContent('Dec 2026 (so far)');
    expect(screen.getByText(/The last month is in progress \(dashed\): counted up to 2026-12-10/)).toBeInTheDocument();
    expect(mock.trendQueries.at(-1)?.get('groupBy')).toBe('peptide');
    expect(mock.trendQueries.at(-1)?.get('period')).toBe('monthly');

    await user.click(screen.getByRole('button', { name: 'By category' }));
    expect(screen.getByRole('button', { name: 'By category' })).toHaveAttribute('aria-pressed', 'true');
    const byCategory = await screen.findByRole('table', { name: 'Experiences per month by category' });
    expect(
      within(within(byCategory).getByRole('row', { name: /^Healing & Recovery/ })).getAllByRole('cell')[0],
    ).toHaveTextContent('78');
    expect(mock.trendQueries.at(-1)?.get('groupBy')).toBe('category');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'weekly');
    await screen.findByRole('table', { name: 'Experiences per week by category' });
    expect(mock.trendQueries.at(-1)?.get('period')).toBe('weekly');
  });

  it('draws growth per period with growth percentages in its table', async () => {
    mockExploreApi();
    renderApp('/explore?tab=growth&period=monthly');
    await screen.findByRole('img', { name: /Bar chart of experiences per month/ });
    const table = screen.getByRole('table', { name: 'Experiences and growth per month' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(rows[1]).toHaveTextContent('Jan 2026');
    expect(rows[1]).toHaveTextContent('—');
    expect(rows[2]).toHaveTextContent('2+100%'); // 1 then 2 experiences
    expect(rows[11]).toHaveTextContent('11+10%');
    // The month in progress is marked, and its 12 so far are compared with the same days of the
    // month before, never with its whole 11 (changed with the rule: it had no growth at all).
    expect(rows[12]).toHaveTextContent(/^Dec 2026 \(so far\)12\+20% on the same days of last month \(so far\)$/);
    expect(
      screen.getByRole('img', {
        name: /12 so far this month \(to 2026-12-10\), \+20% on the same days of last month \(so far\); 11 last month, \+10% on the one before\./,
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/The last month is in progress \(outlined bar, hollow point\): counted up to 2026-12-10/),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('monthly');
  });

  it('compares up to 3 chosen peptides and no more', async () => {
    const mock = mockExploreApi();
    const { user } = renderApp('/explore?tab=compare');
    expect(await screen.findByText('Choose up to 3 peptides above to compare them.')).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Choose up to 3 peptides' });
    const box = (name: string) => within(group).getByRole('checkbox', { name: new RegExp(`^${name}`) });
    await waitFor(() => expect(within(group).getAllByRole('checkbox')).toHaveLength(5));
    await user.click(box('BPC-157'));
    await user.click(box('TB-500'));
    await user.click(box('GHK-Cu'));
    expect(screen.getByText('3 of 3 selected')).toBeInTheDocument();
    expect(box('Semax')).toBeDisabled();
    expect(box('Selank')).toBeDisabled();
    expect(box('BPC-157')).toBeChecked();

    const table = await screen.findByRole('table', { name: 'Peptide comparison' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['', 'BPC-157', 'TB-500', 'GHK-Cu']);
    expect(within(table).getByRole('row', { name: /^Experiences/ })).toHaveTextContent('504030');
    expect(within(table).getByRole('row', { name: /^Energy/ })).toHaveTextContent('7.2, likely 6.8-7.6, n = 50');
    expect(within(table).getByRole('row', { name: /^Sleep/ })).toHaveTextContent('too few to say (n = 3)');
    // Per outcome, whether each pair differs by more than chance; too few ratings say so.
    const verdicts = screen.getByRole('region', { name: 'Are the differences clear?' });
    expect(
      within(verdicts)
        .getByText(/^Energy:/)
        .closest('li'),
    ).toHaveTextContent(
      'Energy: BPC-157 vs TB-500, clear difference; BPC-157 vs GHK-Cu, clear difference; TB-500 vs GHK-Cu, within chance',
    );
    expect(
      within(verdicts)
        .getByText(/^Sleep:/)
        .closest('li'),
    ).toHaveTextContent('Sleep: too few to say');
    expect(
      screen.getByRole('img', { name: /Bar chart of mean outcome ratings out of 10 for BPC-157, TB-500, GHK-Cu/ }),
    ).toBeInTheDocument();
    expect(mock.compareQueries.at(-1)).toEqual(mock.catalogue.slice(0, 3).map((p) => p._id));
    expect(mock.compareQueries.every((ids) => ids.length <= 3)).toBe(true);

    // Removing one frees a place.
    await user.click(screen.getByRole('button', { name: 'Remove TB-500 from the comparison' }));
    expect(screen.getByText('2 of 3 selected')).toBeInTheDocument();
    expect(box('Semax')).toBeEnabled();
    expect(screen.getByRole('searchbox', { name: 'Find a peptide' })).toHaveFocus();
  });

  it('shows a skeleton while trends load and the error inline when they fail', async () => {
    mockExploreApi();
    server.use(
      http.get('/api/analytics/trends', async () => {
        await delay(100);
        return HttpResponse.json(errorBody('Trends are unavailable right now'), { status: 500 });
      }),
    );
    renderApp('/explore?tab=growth');
    expect(await screen.findByRole('status', { name: 'Loading chart' })).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Trends are unavailable right now');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    // The rest of the explorer stays usable.
    expect(screen.getByRole('heading', { name: 'Data Explorer', level: 1 })).toBeInTheDocument();
  });

  it('restores the comparison from a shared link', async () => {
    const mock = mockExploreApi();
    const [a, b] = mock.catalogue;
    renderApp(`/explore?tab=compare&compare=${a!._id},${b!._id}`);
    const table = await screen.findByRole('table', { name: 'Peptide comparison' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['', a!.name, b!.name]);
    expect(screen.getByText('2 of 3 selected')).toBeInTheDocument();
  });
});
