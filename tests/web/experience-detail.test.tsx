// /experiences/{id} and the votes on peptide detail (one vote lookup per page, members only).
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './helpers/render-app';
import { backend } from './msw/backend';
import { mockCommunityApi, type CommunityMock } from './msw/community-handlers';
import { DEFAULT_PEPTIDES, makeExperience } from './msw/fixtures';

vi.setConfig({ testTimeout: 20_000 });
const slow = { timeout: 8_000 };

let mock: CommunityMock;
beforeEach(() => {
  mock = mockCommunityApi({
    experiences: [
      makeExperience({
        vendor: { name: 'Acme Labs', quantity: '5 mg', batchId: null },
        demo: true,
        votes: { helpful: 4, notHelpful: 1, detailed: 2, concerning: 0, total: 7 },
        sideEffects: [
          { name: 'Headache', severity: 'severe' },
          { name: 'Nausea', severity: 'mild' },
        ],
      }),
      makeExperience({
        story:
          '<img src=x onerror="window.__xss=1"> and **bold** text, long enough to be a story of more than one hundred characters.',
      }),
    ],
  });
});

describe('experience detail', () => {
  it('shows the whole report with its vote counts, vendor and demo label', async () => {
    const e = mock.experiences[0]!;
    renderApp(`/experiences/${e._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'BPC-157 experience' }, slow)).toBeInTheDocument();
    for (const name of ['Helpful (4)', 'Not Helpful (1)', 'Detailed (2)', 'Concerning (0)'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByText('7 total votes')).toBeInTheDocument();
    expect(screen.getByText('Vendor: Acme Labs · 5 mg')).toBeInTheDocument();
    expect(screen.getByText('Demo data')).toBeInTheDocument();
    // Side effects apart from the rated benefits, each with its severity, and not in the rating.
    expect(screen.getByRole('heading', { name: 'Side effects' }).nextElementSibling).toHaveTextContent(
      /^Headache \(severe\), Nausea \(mild\)$/,
    );
    expect(screen.getByRole('heading', { name: 'Benefits' }).nextElementSibling).toHaveTextContent(
      /^Recovery 8\/10Sleep 6\/10$/,
    );
    expect(screen.getByText('Overall 7.0/10')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Community' })).toHaveAttribute('href', '/community');
  });

  it("leads on to the peptide's other reports and copies its own address", async () => {
    const e = mock.experiences[0]!;
    const app = renderApp(`/experiences/${e._id}`);
    await screen.findByRole('heading', { level: 1, name: 'BPC-157 experience' }, slow);
    await app.user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(window.location.href);
    await app.user.click(screen.getByRole('link', { name: 'More BPC-157 reports' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Community Experiences' }, slow)).toBeInTheDocument();
    expect(app.search().get('peptide')).toBe(e.peptideId);
  });

  it('a peptide\'s page shows its reports in the same card as Community, each with "Read the full report"', async () => {
    const e = mock.experiences[0]!;
    const { user } = renderApp(`/peptides/${DEFAULT_PEPTIDES[0]!._id}`);
    await user.click(await screen.findByRole('tab', { name: 'Experiences' }, slow));
    const links = await screen.findAllByRole('link', { name: 'Read the full report' }, slow);
    const link = links.find((a) => a.getAttribute('href') === `/experiences/${e._id}`)!;
    const card = link.closest('li') as HTMLElement;
    for (const text of ['Dosage', 'Frequency', 'Duration', 'Route', 'Benefits'])
      expect(within(card).getByText(text)).toBeInTheDocument();
    expect(within(card).getByRole('group', { name: 'Vote on this experience' })).toBeInTheDocument();
    await user.click(link);
    expect(
      await screen.findByRole('heading', { level: 1, name: `${e.peptideName} experience` }, slow),
    ).toBeInTheDocument();
  });

  it('renders a story as text: markup stays inert, only **bold** is formatted', async () => {
    const e = mock.experiences[1]!;
    renderApp(`/experiences/${e._id}`);
    expect(await screen.findByText(/<img src=x onerror=/, {}, slow)).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByText('bold').tagName).toBe('STRONG');
  });

  it('says when the report does not exist', async () => {
    renderApp('/experiences/00000000-0000-4000-8000-0000000000ff');
    expect(await screen.findByRole('heading', { level: 1, name: 'Experience not found' }, slow)).toBeInTheDocument();
  });
});

describe('votes on peptide detail', () => {
  it('looks up the member votes once for the page and records a Detailed vote', async () => {
    backend.seedSession('member@example.com');
    const { user } = renderApp(`/peptides/${DEFAULT_PEPTIDES[0]!._id}`);
    await user.click(await screen.findByRole('tab', { name: 'Experiences' }, slow));
    const first = await screen.findByRole('button', { name: 'Detailed (2)' }, slow);
    await waitFor(() => expect(mock.voteLookups).toHaveLength(1));
    expect(mock.voteLookups[0]).toEqual(mock.experiences.map((e) => e._id));
    await user.click(first);
    expect(await screen.findByText('Your detailed vote has been recorded.', {}, slow)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Detailed (3)' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(
      within(screen.getAllByRole('group', { name: 'Vote on this experience' })[0]!).getByText('8 total votes'),
    ).toBeInTheDocument();
  });

  it('shows every vote type that counts, so the total is the sum of the buttons', async () => {
    const { user } = renderApp(`/peptides/${DEFAULT_PEPTIDES[0]!._id}`);
    await user.click(await screen.findByRole('tab', { name: 'Experiences' }, slow));
    const group = within((await screen.findAllByRole('group', { name: 'Vote on this experience' }, slow))[0]!);
    // 4 helpful + 1 not helpful + 2 detailed + 0 concerning = 7.
    for (const name of ['Helpful (4)', 'Not Helpful (1)', 'Detailed (2)', 'Concerning (0)'])
      expect(group.getByRole('button', { name })).toBeInTheDocument();
    expect(group.getByText('7 total votes')).toBeInTheDocument();
  });

  it('a member withdraws a vote by pressing the chosen type again; the counts follow at once', async () => {
    backend.seedSession('member@example.com');
    const e = mock.experiences[0]!;
    const { user } = renderApp(`/experiences/${e._id}`);
    await user.click(await screen.findByRole('button', { name: 'Helpful (4)' }, slow));
    expect(await screen.findByText('Your helpful vote has been recorded.', {}, slow)).toBeInTheDocument();
    const helpful = await screen.findByRole('button', { name: 'Helpful (5)' }, slow);
    expect(helpful).toHaveAttribute('aria-pressed', 'true');
    expect(helpful).toHaveAccessibleDescription('Press Helpful again to withdraw your vote.');
    expect(screen.getByText('8 total votes')).toBeInTheDocument();

    await user.click(helpful);
    expect(await screen.findByText('Your vote has been withdrawn.', {}, slow)).toBeInTheDocument();
    expect(mock.withdrawals).toEqual([e._id]);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Helpful (4)' })).toHaveAttribute('aria-pressed', 'false'),
    );
    expect(screen.getByText('7 total votes')).toBeInTheDocument();
    expect(screen.queryByText(/again to withdraw/)).not.toBeInTheDocument();
    // And voting again is a fresh vote, not "Already Voted".
    await user.click(screen.getByRole('button', { name: 'Helpful (4)' }));
    expect(await screen.findByRole('button', { name: 'Helpful (5)' }, slow)).toHaveAttribute('aria-pressed', 'true');
  });

  it('does not look up votes for a visitor and shows the sign-in notice on vote', async () => {
    const { user } = renderApp(`/peptides/${DEFAULT_PEPTIDES[0]!._id}`);
    await user.click(await screen.findByRole('tab', { name: 'Experiences' }, slow));
    await user.click(await screen.findByRole('button', { name: 'Helpful (4)' }, slow));
    expect(screen.getByText('Authentication Required')).toBeInTheDocument();
    expect(mock.voteLookups).toHaveLength(0);
  });
});
