// Home: the four stat cards from the public analytics, and the three tabs.
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './helpers/render-app';
import { mockCommunityApi, type CommunityMock } from './msw/community-handlers';
import { errorBody, makeExperience } from './msw/fixtures';
import { on } from './msw/endpoint';
import { makeAnalytics } from './msw/explore-fixtures';
import { server } from './msw/server';

vi.setConfig({ testTimeout: 20_000 });
const slow = { timeout: 8_000 };

let mock: CommunityMock;
beforeEach(() => {
  mock = mockCommunityApi({
    experiences: [
      makeExperience({
        peptideName: 'Semax',
        dosage: '600 mcg',
        outcomes: { energy: 8, sleep: 6, mood: 7, performance: 9, recovery: 5, focus: 1 },
        story: 'Clear **focus** in the mornings. '.repeat(5),
      }),
      makeExperience({ peptideName: 'Selank' }),
      makeExperience({ peptideName: 'TB-500' }),
    ],
  });
});

describe('home', () => {
  it('shows the title, the calls to action and the four stat cards from the analytics', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Peptide Community' }, slow)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Share Experience' })).toHaveAttribute('href', '/submit');
    expect(screen.getByRole('link', { name: 'Explore Data' })).toHaveAttribute('href', '/explore');
    const stats = screen.getByRole('region', { name: 'Community statistics' });
    // makeAnalytics: 1234 experiences, +12.5%, 30 peptides in 6 categories, 6.4/10, 90 this month (17 active: Explore's figure).
    await waitFor(() => expect(within(stats).getByText('1,234')).toBeInTheDocument(), slow);
    expect(within(stats).getByText('+12.5% on the same days of last month (so far)')).toBeInTheDocument();
    expect(within(stats).getByText('across 6 categories')).toBeInTheDocument();
    expect(within(stats).getByText('6.4/10')).toBeInTheDocument();
    expect(within(stats).getByText('90')).toBeInTheDocument();
    expect(within(stats).getByText('reports shared (so far)')).toBeInTheDocument();
  });

  it('says so where the same days of last month had no reports, instead of a growth figure', async () => {
    server.use(
      on('publicAnalytics', () =>
        HttpResponse.json({
          success: true,
          data: makeAnalytics({
            experienceGrowth: null,
            trendingCategories: [
              { name: 'Cognitive Enhancement', growth: -25, experiences: 3 },
              { name: 'Growth Hormone', growth: null, experiences: 4 },
            ],
          }),
        }),
      ),
    );
    const { user } = renderApp('/');
    const stats = await screen.findByRole('region', { name: 'Community statistics' }, slow);
    await waitFor(
      () => expect(within(stats).getByText('no reports in the same days of last month')).toBeInTheDocument(),
      slow,
    );
    expect(stats).not.toHaveTextContent('%');
    await user.click(await screen.findByRole('tab', { name: 'Community Insights' }, slow));
    const insights = (await screen.findByRole('heading', { name: 'Trending categories this month (so far)' }, slow))
      .parentElement!;
    const [cognitive, growthHormone] = within(insights).getAllByRole('listitem');
    expect(cognitive).toHaveTextContent(/^Cognitive Enhancement-25%$/);
    expect(growthHormone).toHaveTextContent(/^Growth Hormoneno reports in the same days of last month$/);
    expect(insights).toHaveTextContent('this month so far against the same days of last month');
  });

  it('lists popular peptides first, then recent experiences with their overall rating out of 10, then insights', async () => {
    const { user } = renderApp('/');
    const popular = await screen.findByRole('tab', { name: 'Popular Peptides' }, slow);
    expect(popular).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('link', { name: /BPC-157/ }, slow)).toHaveAttribute(
      'href',
      '/peptides/20000000-0000-4000-8000-000000000001',
    );

    await user.click(screen.getByRole('tab', { name: 'Recent Experiences' }));
    const semax = await screen.findByRole('link', { name: /Semax/ }, slow);
    expect(semax).toHaveAttribute('href', `/experiences/${mock.experiences[0]!._id}`);
    // energy 8, sleep 6, mood 7, performance 9, recovery 5, focus 1: the mean of all six, out of 10 and labelled.
    expect(within(semax).getByText('Overall 6.0/10')).toBeInTheDocument();
    expect(semax).not.toHaveTextContent('/5');
    expect(within(semax).getByText('600 mcg')).toBeInTheDocument();
    expect(within(semax).getAllByText('focus')[0]!.tagName).toBe('STRONG');
    expect(
      screen
        .getAllByRole('link', { name: /experience|Semax|Selank|TB-500/ })
        .filter((a) => a.getAttribute('href')?.startsWith('/experiences/')),
    ).toHaveLength(3);

    await user.click(screen.getByRole('tab', { name: 'Community Insights' }));
    expect(await screen.findByText('Growth Hormone', {}, slow)).toBeInTheDocument();
    expect(screen.getByText('+20%')).toBeInTheDocument();
  });

  it('shows an analytics failure inline and as an Error toast', async () => {
    server.use(
      http.get('/api/analytics/public', () =>
        HttpResponse.json(errorBody('Analytics are unavailable'), { status: 503 }),
      ),
    );
    renderApp('/');
    await waitFor(
      () => expect(screen.getAllByText('Analytics are unavailable').length).toBeGreaterThanOrEqual(2),
      slow,
    );
    expect(screen.getByText('Error')).toBeInTheDocument();
  });
});
