// No report shows its age range, biological sex or activity level on any public view
// (docs/product-rules.md, "Anonymity"): the community feed, a report's page and a peptide's
// experiences show neither the values nor a "hidden" note, even where a server of an older
// release still sends them (contract/experiences.ts: `demographics` is deprecated, always null).
// Before, a card showed them where 5 settled reports shared them, "Hidden for privacy"
// elsewhere.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './helpers/render-app';
import { mockCommunityApi, type CommunityMock } from './msw/community-handlers';
import { DEFAULT_PEPTIDES, makeExperience } from './msw/fixtures';

vi.setConfig({ testTimeout: 30_000 });
const slow = { timeout: 8_000 };

let mock: CommunityMock;
beforeEach(() => {
  mock = mockCommunityApi({
    experiences: [
      // What an older server sent for a combination 5 reports shared.
      makeExperience({
        demographics: { ageRange: '30-34', biologicalSex: 'female', activityLevel: 'moderate' },
        vendor: { name: 'vendor.example', quantity: '2 ml', batchId: 'B-12' },
      }),
      makeExperience({ demographics: null }),
      makeExperience({
        demographics: { ageRange: '50+', biologicalSex: 'prefer-not-to-say', activityLevel: 'athletic' },
      }),
    ],
  });
});

const cards = () =>
  screen.getAllByRole('listitem').filter((li) => within(li).queryByRole('group', { name: 'Vote on this experience' }));
/** Anything a card could say about who wrote it. */
const ABOUT_WHO = /30-34|50\+|Female|Prefer not to say|Moderate|Athletic|Hidden for privacy|Age range/;

describe('no demographics on public views', () => {
  it('community cards show neither the values nor a note, whatever the answer carries', async () => {
    renderApp('/community');
    await waitFor(() => expect(cards()).toHaveLength(3), slow);
    for (const card of cards()) expect(card.textContent).not.toMatch(ABOUT_WHO);
    // The rest of the card is as before: every sourcing value the server publishes, batch included.
    expect(within(cards()[0]!).getByText('Vendor: vendor.example · 2 ml · batch B-12')).toBeInTheDocument();
    expect(within(cards()[0]!).getByText('Dosage')).toBeInTheDocument();
  });

  it("a report's own page shows none", async () => {
    renderApp(`/experiences/${mock.experiences[0]!._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'BPC-157 experience' }, slow)).toBeInTheDocument();
    expect(screen.getByRole('main').textContent).not.toMatch(/30-34|Hidden for privacy|Age range · Sex/);
  });

  it("a peptide's experiences show none", async () => {
    const { user } = renderApp(`/peptides/${DEFAULT_PEPTIDES[0]!._id}`);
    await user.click(await screen.findByRole('tab', { name: 'Experiences' }, slow));
    await waitFor(() => expect(cards()).toHaveLength(3), slow);
    for (const card of cards()) expect(card.textContent).not.toMatch(ABOUT_WHO);
  });
});
