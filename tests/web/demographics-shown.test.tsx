// The disclosure rule on every public view of a report (contract/experiences.ts: demographics
// is null where fewer than K_ANONYMITY similar reports exist): the community feed, a report's
// page and a peptide's experiences show DEMOGRAPHICS_NOT_SHOWN for those, quietly, and the
// values for the others.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMOGRAPHICS_NOT_SHOWN, K_ANONYMITY } from '@contract/rules';
import { DEMOGRAPHICS_WHY } from '@/components/experience/Demographics';
import { renderApp } from './helpers/render-app';
import { mockCommunityApi, type CommunityMock } from './msw/community-handlers';
import { DEFAULT_PEPTIDES, makeExperience } from './msw/fixtures';

vi.setConfig({ testTimeout: 30_000 });
const slow = { timeout: 8_000 };

let mock: CommunityMock;
beforeEach(() => {
  mock = mockCommunityApi({
    experiences: [
      makeExperience({
        demographics: { ageRange: '30-34', biologicalSex: 'female', activityLevel: 'moderate' },
        vendor: { name: 'vendor.example', quantity: '2 ml', batchId: 'B-12' },
      }),
      makeExperience({ demographics: null }),
      makeExperience({ demographics: { ageRange: '50+', biologicalSex: 'prefer-not-to-say', activityLevel: 'athletic' } }),
    ],
  });
});

const cards = () => screen.getAllByRole('listitem').filter((li) => within(li).queryByRole('group', { name: 'Vote on this experience' }));

describe('demographics on public views', () => {
  it('is a quiet note, with why on demand using the threshold from K_ANONYMITY', () => {
    expect(DEMOGRAPHICS_NOT_SHOWN).toBe('Hidden for privacy');
    expect(DEMOGRAPHICS_WHY).toContain(`Fewer than ${K_ANONYMITY} reports of this peptide share`);
  });

  it('community cards show the values, or the muted note where they are withheld', async () => {
    renderApp('/community');
    await waitFor(() => expect(cards()).toHaveLength(3), slow);
    const [shown, withheld, other] = cards();
    expect(within(shown!).getByText('30-34 · Female · Moderate')).toBeInTheDocument();
    expect(within(shown!).queryByText(DEMOGRAPHICS_NOT_SHOWN)).not.toBeInTheDocument();
    // Every sourcing value the server publishes, batch included.
    expect(within(shown!).getByText('Vendor: vendor.example · 2 ml · batch B-12')).toBeInTheDocument();
    const note = within(withheld!).getByText(DEMOGRAPHICS_NOT_SHOWN);
    expect(note).toHaveClass('text-muted-foreground');
    // Not italic, not leading like an error; why is one press away.
    expect(note.closest('[data-demographics="withheld"]')).not.toHaveClass('italic');
    const why = within(withheld!).getByText(DEMOGRAPHICS_WHY);
    expect(why).not.toBeVisible();
    await userEvent.click(within(withheld!).getByText('Why?'));
    expect(why).toBeVisible();
    // A screen reader hears what the note is about: it is the value of the demographics term.
    expect(note.closest('dd')?.previousElementSibling).toHaveTextContent('Age range · Sex · Activity');
    expect(within(withheld!).queryByText(/30-34/)).not.toBeInTheDocument();
    expect(within(other!).getByText('50+ · Prefer not to say · Athletic')).toBeInTheDocument();
  });

  it("a report's own page shows the note when withheld", async () => {
    renderApp(`/experiences/${mock.experiences[1]!._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'BPC-157 experience' }, slow)).toBeInTheDocument();
    expect(screen.getByText(DEMOGRAPHICS_NOT_SHOWN)).toBeInTheDocument();
  });

  it("a report's own page shows its values", async () => {
    renderApp(`/experiences/${mock.experiences[0]!._id}`);
    expect(await screen.findByText('30-34 · Female · Moderate', {}, slow)).toBeInTheDocument();
    expect(screen.queryByText(DEMOGRAPHICS_NOT_SHOWN)).not.toBeInTheDocument();
  });

  it("a peptide's experiences show age and sex, or the note", async () => {
    const { user } = renderApp(`/peptides/${DEFAULT_PEPTIDES[0]!._id}`);
    await user.click(await screen.findByRole('tab', { name: 'Experiences' }, slow));
    // The same card as everywhere: all three, or the note.
    expect(await screen.findByText('30-34 · Female · Moderate', {}, slow)).toBeInTheDocument();
    expect(screen.getByText('50+ · Prefer not to say · Athletic')).toBeInTheDocument();
    expect(screen.getAllByText(DEMOGRAPHICS_NOT_SHOWN)).toHaveLength(1);
  });
});
