// The moderators' Reports and Activity tabs against MSW: the queue with why each report is there
// (the whole report behind Details), empty and error states, Publish / Hide / Restore updating
// the list with a toast and moving focus, the Hide dialog's checks, and the Activity filters. The
// queue's tools (counts, filter, bulk, keys, Undo, diff) are tests/web/moderation-queue.test.tsx.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { HIDE_REASON_LABELS, HOLD_REASON_LABELS } from '@contract/moderation';
import { renderApp } from './helpers/render-app';
import { backend } from './msw/backend';
import { makeLogEntry, makeQueueItem, moderationHandlers, type ModerationStore } from './msw/moderation-handlers';
import { researchHandlers } from './msw/research-handlers';
import { server } from './msw/server';

// A first render on a busy two-core machine took over 5 s.
const SLOW = { timeout: 10_000 };

function setup(initial: Partial<ModerationStore> = {}) {
  const moderation = moderationHandlers(initial);
  server.use(...researchHandlers().handlers, ...moderation.handlers);
  return moderation.store;
}

const reportList = () => screen.findByRole('list', { name: 'Waiting for review' }, SLOW);
const itemNamed = (name: RegExp) => screen.getByRole('listitem', { name });

describe('Reports tab', { timeout: 20_000 }, () => {
  beforeEach(() => {
    backend.seedSession('moderator@example.com');
  });

  it('lists held and flagged reports with why they are here and the whole report; Load more pages on', async () => {
    const held = makeQueueItem({
      peptideName: 'BPC-157',
      holdReasons: ['link', 'phone'],
      story: `A story with **bold** words that is long enough for the minimum of one hundred characters in a report ok.`,
    });
    const flagged = makeQueueItem({
      peptideName: 'TB-500',
      status: 'published',
      holdReasons: [],
      flags: {
        open: 3,
        reasons: [
          { reason: 'spam', count: 2 },
          { reason: 'dangerous', count: 1 },
        ],
        notes: [{ reason: 'spam', note: 'Sells a product.', createdAt: '2026-11-21T00:00:00.000Z' }],
      },
      concerningVotes: 4,
    });
    flagged.experience.sourcing = { vendorUrl: 'https://vendor.example', batchId: 'B-7', purityPercentage: 98 };
    held.experience.sideEffects = [{ name: 'Headache', severity: 'severe' }];
    const third = makeQueueItem({ peptideName: 'Ipamorelin' });
    const store = setup({ items: [held, flagged, third], pageSize: 2 });
    const { user } = renderApp('/research?tab=reports');
    await reportList();

    const first = itemNamed(/^BPC-157 report/);
    expect(first).toHaveTextContent('Held: not public');
    expect(within(first).getByRole('list', { name: 'Why it is held' })).toHaveTextContent(
      `${HOLD_REASON_LABELS.link}${HOLD_REASON_LABELS.phone}`,
    );
    // Compact: the whole report is one press away.
    expect(first).not.toHaveTextContent('250 mcg');
    await user.click(within(first).getByRole('button', { name: /^Details of BPC-157 report/ }));
    expect(within(first).getByText('bold', { selector: 'strong' })).toBeInTheDocument();
    expect(first).toHaveTextContent('250 mcg');
    expect(first).toHaveTextContent('30-34 · Male · Active');
    expect(within(first).getByText('Side effects').nextElementSibling).toHaveTextContent(/^Headache \(severe\)$/);
    expect(within(first).getByText('Benefits').nextElementSibling).toHaveTextContent('Recovery 8/10 · Sleep 6/10');

    const second = itemNamed(/^TB-500 report/);
    expect(second).toHaveTextContent('3 open flags: Spam or advertising (2), Dangerous advice (1)');
    expect(second).toHaveTextContent('4 members marked it concerning.');
    expect(second).toHaveTextContent('Sells a product.');
    await user.click(within(second).getByRole('button', { name: /^Details of TB-500 report/ }));
    expect(second).toHaveTextContent('https://vendor.example · batch B-7 · 98% purity (not published)');
    // Each button says which report it acts on.
    const id2 = flagged.experience._id.slice(0, 8);
    expect(
      within(second).getByRole('button', { name: `Keep published (dismiss flags) TB-500 report #${id2}` }),
    ).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: `Hide TB-500 report #${id2}` })).toBeInTheDocument();

    expect(screen.queryByRole('listitem', { name: /^Ipamorelin/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('listitem', { name: /^Ipamorelin report/ })).toBeInTheDocument();
    expect(screen.getByText('You have reached the end of the list.')).toBeInTheDocument();
    expect(
      store.requests
        .filter((r) => r.path === '/api/moderation/queue')
        .at(-1)!
        .params.get('cursor'),
    ).toBe('2');
  });

  it('says "Nothing waits for review" when the queue is empty', async () => {
    setup();
    renderApp('/research?tab=reports');
    expect(await screen.findByText('Nothing waits for review', {}, SLOW)).toBeInTheDocument();
  });

  it('a failed load shows the error with Retry, which loads the queue', async () => {
    const store = setup({ items: [makeQueueItem({ peptideName: 'BPC-157' })], fail: { queue: true } });
    const { user } = renderApp('/research?tab=reports');
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('Failed to load the reports');
    store.fail.queue = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await reportList();
    expect(itemNamed(/^BPC-157 report/)).toBeInTheDocument();
  });

  it('Publish: the report leaves the list, a toast says so and focus moves to the next report', async () => {
    const a = makeQueueItem({ peptideName: 'BPC-157' });
    const b = makeQueueItem({ peptideName: 'TB-500' });
    const store = setup({ items: [a, b] });
    const { user } = renderApp('/research?tab=reports');
    await reportList();
    await user.click(screen.getByRole('button', { name: `Publish BPC-157 report #${a.experience._id.slice(0, 8)}` }));
    expect(await screen.findByText('Report published.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: /^BPC-157/ })).not.toBeInTheDocument());
    await waitFor(() => expect(itemNamed(/^TB-500 report/)).toHaveFocus());
    expect(
      store.requests.some(
        (r) => r.method === 'POST' && r.path === `/api/moderation/experiences/${a.experience._id}/publish`,
      ),
    ).toBe(true);
  });

  it('Hide: the dialog asks for a reason and refuses a note over 500 characters, then hides with both', async () => {
    const a = makeQueueItem({ peptideName: 'BPC-157' });
    const store = setup({ items: [a] });
    const { user } = renderApp('/research?tab=reports');
    await reportList();
    await user.click(screen.getByRole('button', { name: /^Hide BPC-157 report/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this report' });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent),
    ).toEqual(Object.values(HIDE_REASON_LABELS));

    await user.click(within(dialog).getByRole('button', { name: 'Hide report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose why this report is hidden.');
    const note = within(dialog).getByRole('textbox', { name: 'Note for moderators (optional)' });
    await user.click(note);
    await user.paste('x'.repeat(501));
    expect(within(dialog).getByText(/1 characters too long/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: HIDE_REASON_LABELS.spam }));
    await user.click(within(dialog).getByRole('button', { name: 'Hide report' }));
    expect(store.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.clear(note);
    await user.type(note, 'Vendor link.');
    await user.click(within(dialog).getByRole('button', { name: 'Hide report' }));
    expect(await screen.findByText('Report hidden.')).toBeInTheDocument();
    expect(store.requests.find((r) => r.method === 'POST')!.body).toEqual({ reason: 'spam', note: 'Vendor link.' });
    expect(await screen.findByText('Nothing waits for review')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Reports' })).toHaveFocus());
  });

  it('Restore: hidden reports are listed under "Hidden reports" and Restore takes one out', async () => {
    const hidden = makeQueueItem({ peptideName: 'BPC-157', status: 'hidden', holdReasons: [] });
    hidden.experience.hiddenReason = { code: 'spam', text: 'A moderator removed it as spam or advertising.' };
    setup({ items: [hidden, makeQueueItem({ peptideName: 'TB-500' })] });
    const { user, search } = renderApp('/research?tab=reports');
    await reportList();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'hidden');
    expect(search().get('queue')).toBe('hidden');
    const list = await screen.findByRole('list', { name: 'Hidden reports' });
    expect(within(list).getAllByRole('listitem', { name: /report #/ })).toHaveLength(1);
    expect(list).toHaveTextContent('Hidden as: Spam or advertising');
    await user.click(within(list).getByRole('button', { name: /^Restore BPC-157 report/ }));
    expect(await screen.findByText('Report restored.')).toBeInTheDocument();
    expect(await screen.findByText('No hidden reports')).toBeInTheDocument();
  });

  it('a refused decision (409) is told in a toast with the server reason', async () => {
    const a = makeQueueItem({ peptideName: 'BPC-157' });
    const store = setup({ items: [a] });
    const { user } = renderApp('/research?tab=reports');
    await reportList();
    // Another moderator hid it meanwhile: Publish is refused with the server's reason.
    store.items[0].status = 'hidden';
    await user.click(screen.getByRole('button', { name: /^Publish BPC-157 report/ }));
    expect(await screen.findByText('The decision was not saved')).toBeInTheDocument();
    expect(
      screen.getByText('Only a held report, or a published report with open flags, can be published'),
    ).toBeInTheDocument();
  });
});

describe('Activity tab', { timeout: 20_000 }, () => {
  beforeEach(() => {
    backend.seedSession('moderator@example.com');
  });

  it('names a deleted moderator "A former moderator", never "Automatic"', async () => {
    setup({
      log: [
        makeLogEntry({
          action: 'hide',
          moderatorId: null,
          moderatorEmail: null,
          formerModerator: true,
          reasons: ['spam'],
        }),
      ],
    });
    renderApp('/research?tab=activity');
    const list = await screen.findByRole('list', { name: 'Moderation activity' }, SLOW);
    const [entry] = within(list).getAllByRole('listitem');
    expect(entry).toHaveTextContent('A former moderator');
    expect(entry).not.toHaveTextContent('Automatic');
  });

  it('shows who did what and why, filters by action and by moderator, and links to the report', async () => {
    const store = setup({
      log: [
        makeLogEntry({
          action: 'hide',
          moderatorId: 'm-2',
          moderatorEmail: 'other@example.com',
          reasons: ['dangerous'],
          note: 'Unsafe dose.',
          createdAt: '2026-11-22T10:00:00.000Z',
          experienceId: '50000000-0000-4000-8000-0000000000aa',
        }),
        makeLogEntry({
          action: 'publish',
          moderatorId: 'm-3',
          moderatorEmail: 'third@example.com',
          reasons: [],
          createdAt: '2026-11-21T10:00:00.000Z',
        }),
        makeLogEntry({ action: 'hold', reasons: ['flags'], createdAt: '2026-11-20T10:00:00.000Z' }),
      ],
    });
    const { user, search } = renderApp('/research?tab=activity');
    const list = await screen.findByRole('list', { name: 'Moderation activity' }, SLOW);
    const [hide, publish, hold] = within(list).getAllByRole('listitem');
    expect(hide).toHaveTextContent('Hidden');
    expect(hide).toHaveTextContent('other@example.com');
    expect(hide).toHaveTextContent('Nov 22, 2026');
    expect(hide).toHaveTextContent('Reason: Dangerous advice');
    expect(hide).toHaveTextContent('Note: Unsafe dose.');
    expect(publish).toHaveTextContent('third@example.com');
    expect(hold).toHaveTextContent('Automatic');
    expect(hold).toHaveTextContent('Reason: Flagged by members');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'hide');
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Moderation activity' })).getAllByRole('listitem')).toHaveLength(
        1,
      ),
    );
    expect(store.requests.at(-1)!.params.get('action')).toBe('hide');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), '');
    const moderator = screen.getByRole('combobox', { name: 'Moderator' });
    expect(
      within(moderator)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Everyone', 'moderator@example.com (you)', 'other@example.com', 'third@example.com']);
    await user.selectOptions(moderator, 'third@example.com');
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Moderation activity' })).getAllByRole('listitem')).toHaveLength(
        1,
      ),
    );
    expect(store.requests.at(-1)!.params.get('moderatorId')).toBe('m-3');
    // The other moderators stay in the list while one is chosen.
    expect(within(moderator).getAllByRole('option')).toHaveLength(4);

    await user.selectOptions(moderator, '');
    await user.click(
      within(screen.getByRole('list', { name: 'Moderation activity' })).getAllByRole('link', {
        name: 'Open report #50000000',
      })[0],
    );
    expect(search().get('tab')).toBe('reports');
    expect(search().get('report')).toBe('50000000-0000-4000-8000-0000000000aa');
  });
});
