// Figures read the same everywhere (src/lib/format.ts): Home and Explore show one peptide's
// rating and the month's growth alike, and Active Users is the real figure, even 0 (a figure
// is never substituted: docs/product-rules.md, "Figures").
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './helpers/render-app';
import { makeAnalytics, mockExploreApi } from './msw/explore-fixtures';
import { makePeptide } from './msw/fixtures';

vi.setConfig({ testTimeout: 20_000 });
const slow = { timeout: 8_000 };

const BPC = '20000000-0000-4000-8000-000000000001';
// 5.15 is 5.1499... in binary: toFixed(1) gives 5.1 where Math.round(x * 10) gives 5.2.
const analytics = makeAnalytics({
  activeUsers: 0,
  activeUsersCount: 0,
  totalExperiences: 42,
  experienceGrowth: -9,
  averageRating: 5.15,
  averageRatingInterval: { low: 4.8, high: 5.6 },
  topPeptides: [
    {
      _id: BPC,
      name: 'BPC-157',
      category: 'Healing & Recovery',
      rating: 5.15,
      ratingInterval: { low: 4.8, high: 5.6 },
      experiences: 42,
    },
  ],
  // Its outcomes' means average 5.35: a different statistic, never shown as the peptide's rating.
  effectivenessData: [
    {
      peptide: 'BPC-157',
      peptideId: BPC,
      rating: 5.15,
      ratingInterval: { low: 4.8, high: 5.6 },
      experiences: 42,
      // Sleep has 3 ratings: the server gives no mean for it.
      effectiveness: { recovery: 5.9, sleep: null },
      intervals: { recovery: { low: 5.5, high: 6.3 }, sleep: null },
      sampleSizes: { recovery: 40, sleep: 3 },
    },
  ],
});

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  mockExploreApi({
    analytics,
    catalogue: [makePeptide({ _id: BPC, name: 'BPC-157', averageRating: 5.15, totalExperiences: 42 })],
  });
});

/** A stat card found by its label. */
const card = (scope: HTMLElement, label: string) =>
  within(scope).getByText(label, { selector: 'p' }).closest('div')!.parentElement!;

describe('figures', () => {
  it("Home leads with the reports shared this month, not with members active (Explore's figure), and says it is not medical advice", async () => {
    renderApp('/');
    const stats = await screen.findByRole('region', { name: 'Community statistics' }, slow);
    await waitFor(
      () => expect(card(stats, 'This Month')).toHaveTextContent(/^This Month90reports shared \(so far\)$/),
      slow,
    );
    expect(card(stats, 'Total Experiences')).toHaveTextContent('42');
    expect(within(stats).queryByText('Active Users')).not.toBeInTheDocument();
    // Near the top, before the figures.
    const notice = screen.getByRole('complementary', { name: 'Safety notice' });
    expect(notice).toHaveTextContent(/^Not medical advice\./);
    expect(notice.compareDocumentPosition(stats) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('Home and Explore round growth and ratings by one rule', async () => {
    const home = renderApp('/');
    const stats = await screen.findByRole('region', { name: 'Community statistics' }, slow);
    await waitFor(
      () => expect(card(stats, 'Total Experiences')).toHaveTextContent('-9% on the same days of last month (so far)'),
      slow,
    );
    expect(card(stats, 'Avg Rating')).toHaveTextContent('5.2/10');
    expect(card(stats, 'Avg Rating')).toHaveTextContent('likely 4.8-5.6');
    const popular = await screen.findByRole('link', { name: /BPC-157/ }, slow);
    expect(popular).toHaveTextContent('5.2, likely 4.8-5.6');
    home.unmount();

    renderApp('/explore');
    const summary = await screen.findByRole('region', { name: 'Summary' }, slow);
    expect(card(summary, 'Total Experiences')).toHaveTextContent('-9% on the same days of last month (so far)');
    expect(card(summary, 'Avg Rating')).toHaveTextContent('5.2/10');
    expect(card(summary, 'Active Users')).toHaveTextContent(/^Active Users0this month \(so far\)$/);
    const top = screen.getByRole('heading', { name: 'Most Popular Peptides' }).closest('.rounded-lg')! as HTMLElement;
    expect(within(top).getByRole('listitem')).toHaveTextContent('5.2, likely 4.8-5.6');
    // One rating for the peptide on the page: the effectiveness card shows the same figure, with its n.
    const shown = [...document.querySelectorAll(`[data-peptide-rating="${BPC}"]`)].map((el) => el.textContent);
    expect(shown.length).toBeGreaterThanOrEqual(2);
    for (const text of shown) expect(text).toMatch(/^(?:Rating )?5\.2, likely 4\.8-5\.6(?:, n = 42)?$/);
    // An outcome mean of fewer than 5 ratings is said so, not shown as a number.
    expect(screen.getByText('too few to say (n = 3)')).toBeInTheDocument();
  });
});
