// The moderators' queue tools against MSW: compact cards that mark what the hold rules
// matched, the count of what waits (tab badge, header, Overview), the reason filter in the URL,
// selection and bulk decisions with refusals, the keyboard shortcuts (and their silence while
// typing or in a dialog), Hide's note templates, Restore's confirmation when a rule still
// matches, Undo from the toast and the u key, an author's correction as a diff, and each card's
// history with its link to the Activity tab narrowed to that report.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { HIDE_NOTE_TEMPLATES, HIDE_REASON_LABELS, QUEUE_FILTER_LABELS } from '@contract/moderation';
import { renderApp } from './helpers/render-app';
import { backend } from './msw/backend';
import { makeLogEntry, makeQueueItem, moderationHandlers, type ModerationStore } from './msw/moderation-handlers';
import { researchHandlers } from './msw/research-handlers';
import { server } from './msw/server';

const SLOW = { timeout: 10_000 };
const STORY =
  'Six weeks on it for a sore tendon, slow and steady progress with no side effects worth a mention at all, then';

function setup(initial: Partial<ModerationStore> = {}) {
  const moderation = moderationHandlers(initial);
  server.use(...researchHandlers().handlers, ...moderation.handlers);
  return moderation.store;
}

const waitingList = () => screen.findByRole('list', { name: 'Waiting for review' }, SLOW);
const itemNamed = (name: RegExp) => screen.getByRole('listitem', { name });
const short = (id: string) => id.slice(0, 8);
const posts = (store: ModerationStore) => store.requests.filter((r) => r.method === 'POST');

describe('the queue', { timeout: 30_000 }, () => {
  beforeEach(() => {
    backend.seedSession('moderator@example.com');
  });

  it('a compact card marks the matched text where the story has it (any letter case) and lists every match; the counts show on the tab and the header', async () => {
    const linked = makeQueueItem({
      peptideName: 'BPC-157',
      holdReasons: ['link', 'phone'],
      story: `${STORY} I ordered from Shop-Example.COM and they answered fast.`,
      // The phone number is in the vendor's details, not the story: listed, not marked in the excerpt.
      matches: [
        { kind: 'link', text: 'shop-example.com' },
        { kind: 'phone', text: '+44 20 7946 0958' },
      ],
      repeatOf: { id: '70000000-0000-4000-8000-000000000001', excerpt: 'The same story, published yesterday.' },
    });
    const flagged = makeQueueItem({
      peptideName: 'TB-500',
      status: 'published',
      holdReasons: [],
      flags: { open: 1, reasons: [{ reason: 'spam', count: 1 }], notes: [] },
    });
    setup({ items: [linked, flagged] });
    renderApp('/research?tab=reports');
    await waitingList();

    const card = itemNamed(/^BPC-157 report/);
    const marks = [...card.querySelectorAll('mark')].map((m) => m.textContent);
    // In the excerpt as written, and in the chips as the rules read it.
    expect(marks).toEqual(['Shop-Example.COM', 'shop-example.com', '+44 20 7946 0958']);
    expect(within(card).getByRole('list', { name: 'What the hold rules match' })).toHaveTextContent(
      'Link: shop-example.comPhone: +44 20 7946 0958',
    );
    expect(within(card).getByRole('link', { name: 'the published report #70000000' })).toHaveAttribute(
      'href',
      '/experiences/70000000-0000-4000-8000-000000000001',
    );

    // No "0 members marked it concerning" beside a flag.
    expect(itemNamed(/^TB-500 report/)).toHaveTextContent('1 open flag: Spam or advertising (1).');
    expect(itemNamed(/^TB-500 report/)).not.toHaveTextContent('marked it concerning');
    expect(await screen.findByRole('tab', { name: 'Reports 2 waiting' })).toBeInTheDocument();
    expect(screen.getByText('2 waiting')).toBeInTheDocument();
  });

  it('the reason filter lives in the URL and narrows the request; an empty result says how to widen it', async () => {
    const store = setup({ items: [makeQueueItem({ peptideName: 'BPC-157', holdReasons: ['link'] })] });
    const { user, search } = renderApp('/research?tab=reports');
    await waitingList();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Reason' }), QUEUE_FILTER_LABELS.phone);
    expect(search().get('reason')).toBe('phone');
    expect(await screen.findByText(`Nothing waits for “${QUEUE_FILTER_LABELS.phone}”`, {}, SLOW)).toBeInTheDocument();
    expect(
      store.requests
        .filter((r) => r.path === '/api/moderation/queue')
        .at(-1)!
        .params.get('reason'),
    ).toBe('phone');
  });

  it('select two, Publish 2: one bulk request, both leave the list; a report the server refuses is listed with its reason, even once the list is empty', async () => {
    const [a, b, c] = ['BPC-157', 'TB-500', 'Ipamorelin'].map((peptideName) => makeQueueItem({ peptideName }));
    const store = setup({ items: [a!, b!, c!] });
    const { user } = renderApp('/research?tab=reports');
    await waitingList();
    await user.click(screen.getByRole('checkbox', { name: `Select BPC-157 report #${short(a!.experience._id)}` }));
    await user.click(screen.getByRole('checkbox', { name: `Select TB-500 report #${short(b!.experience._id)}` }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publish 2' }));
    expect(await screen.findByText('2 reports published.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: /^(BPC-157|TB-500) report/ })).not.toBeInTheDocument(),
    );
    expect(itemNamed(/^Ipamorelin report/)).toBeInTheDocument();
    expect(posts(store)).toEqual([
      expect.objectContaining({
        path: '/api/moderation/bulk',
        body: { ids: [a!.experience._id, b!.experience._id], action: 'publish' },
      }),
    ]);

    // Select all on the page; another moderator hid it meanwhile: refused and listed, though it has left the list.
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    store.items.find((i) => i === c)!.status = 'hidden';
    await user.click(screen.getByRole('button', { name: 'Publish 1' }));
    const refusal = await screen.findByRole('alert', {}, SLOW);
    expect(refusal).toHaveTextContent(
      `1 report not decided:Ipamorelin report #${short(c!.experience._id)}: Only a held report, or a published report with open flags, can be published`,
    );
    expect(await screen.findByText('Nothing waits for review')).toBeInTheDocument();
    // The toast says what became of it and why.
    expect(
      screen.getByText(
        'The report could not be published; 1 had changed meanwhile (reload the queue to see it). Each is listed above the queue with its reason.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBe(refusal);
    await user.click(within(refusal).getByRole('button', { name: 'Dismiss the list of reports not decided' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keyboard: j and k move between reports, p publishes the one in focus and focus moves to the next, x selects, h opens Hide', async () => {
    const [a, b, c] = ['BPC-157', 'TB-500', 'Ipamorelin'].map((peptideName) => makeQueueItem({ peptideName }));
    const store = setup({ items: [a!, b!, c!] });
    const { user } = renderApp('/research?tab=reports');
    await waitingList();
    await user.keyboard('j');
    expect(itemNamed(/^BPC-157 report/)).toHaveFocus();
    await user.keyboard('jj');
    expect(itemNamed(/^Ipamorelin report/)).toHaveFocus();
    await user.keyboard('kk');
    expect(itemNamed(/^BPC-157 report/)).toHaveFocus();

    await user.keyboard('p');
    await waitFor(() => expect(itemNamed(/^TB-500 report/)).toHaveFocus());
    expect(screen.queryByRole('listitem', { name: /^BPC-157 report/ })).not.toBeInTheDocument();
    expect(posts(store).map((r) => r.path)).toEqual([`/api/moderation/experiences/${a!.experience._id}/publish`]);

    await user.keyboard('x');
    expect(screen.getByRole('checkbox', { name: `Select TB-500 report #${short(b!.experience._id)}` })).toBeChecked();
    await user.keyboard('x');
    await user.keyboard('h');
    const dialog = await screen.findByRole('dialog', { name: 'Hide this report' });
    expect(dialog).toHaveTextContent(`TB-500 report #${short(b!.experience._id)} leaves every public list`);

    // ? shows the legend, and again hides it.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.keyboard('?');
    expect(screen.getByRole('region', { name: 'Keyboard shortcuts' })).toHaveTextContent('Undo your last decision');
    await user.keyboard('?');
    expect(screen.queryByRole('region', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
  });

  it('keys are ignored while typing in a field or while a dialog is open', async () => {
    const [a, b] = ['BPC-157', 'TB-500'].map((peptideName) => makeQueueItem({ peptideName }));
    const store = setup({ items: [a!, b!] });
    const { user } = renderApp('/research?tab=reports');
    await waitingList();
    // A select has the keys: letters choose its options.
    screen.getByRole('combobox', { name: 'Reason' }).focus();
    await user.keyboard('jp');
    expect(itemNamed(/^BPC-157 report/)).not.toHaveFocus();

    await user.click(screen.getByRole('button', { name: `Hide BPC-157 report #${short(a!.experience._id)}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this report' });
    const note = within(dialog).getByRole('textbox', { name: 'Note for moderators (optional)' });
    await user.type(note, 'jkphxu?');
    expect(note).toHaveValue('jkphxu?');
    // Outside the note too, in the dialog the queue's keys do nothing.
    within(dialog).getByRole('radio', { name: HIDE_REASON_LABELS.spam }).focus();
    await user.keyboard('p');
    expect(posts(store)).toEqual([]);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
  });

  it('Hide: a reason fills in its sentence to edit; a note the moderator changed is kept when the reason changes', async () => {
    const a = makeQueueItem({ peptideName: 'BPC-157' });
    const store = setup({ items: [a] });
    const { user } = renderApp('/research?tab=reports');
    await waitingList();
    await user.click(screen.getByRole('button', { name: /^Hide BPC-157 report/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this report' });
    const note = within(dialog).getByRole('textbox', { name: 'Note for moderators (optional)' });
    await user.click(within(dialog).getByRole('radio', { name: HIDE_REASON_LABELS.spam }));
    expect(note).toHaveValue(HIDE_NOTE_TEMPLATES.spam);
    await user.click(within(dialog).getByRole('radio', { name: HIDE_REASON_LABELS.dangerous }));
    expect(note).toHaveValue(HIDE_NOTE_TEMPLATES.dangerous);
    await user.type(note, ' Triple dose.');
    await user.click(within(dialog).getByRole('radio', { name: HIDE_REASON_LABELS['off-topic'] }));
    expect(note).toHaveValue(`${HIDE_NOTE_TEMPLATES.dangerous} Triple dose.`);
    await user.click(within(dialog).getByRole('button', { name: 'Hide report' }));
    await waitFor(() => expect(posts(store)).toHaveLength(1));
    expect(posts(store)[0]!.body).toEqual({
      reason: 'off-topic',
      note: `${HIDE_NOTE_TEMPLATES.dangerous} Triple dose.`,
    });
  });

  it('Restore asks first when the report still matches a hold rule, and says what it matches', async () => {
    const hidden = makeQueueItem({
      peptideName: 'BPC-157',
      status: 'hidden',
      holdReasons: [],
      matches: [{ kind: 'email', text: 'seller@gmail.com' }],
    });
    const clean = makeQueueItem({ peptideName: 'TB-500', status: 'hidden', holdReasons: [] });
    const store = setup({ items: [hidden, clean] });
    const { user } = renderApp('/research?tab=reports&queue=hidden');
    await screen.findByRole('list', { name: 'Hidden reports' }, SLOW);
    await user.click(screen.getByRole('button', { name: /^Restore BPC-157 report/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore a report that still matches a hold rule?' });
    expect(within(dialog).getByRole('list', { name: 'What it matches' })).toHaveTextContent('Email:seller@gmail.com');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posts(store)).toEqual([]);

    await user.click(screen.getByRole('button', { name: /^Restore BPC-157 report/ }));
    await user.click(await screen.findByRole('button', { name: 'Restore anyway' }));
    await waitFor(() =>
      expect(posts(store).map((r) => r.path)).toEqual([`/api/moderation/experiences/${hidden.experience._id}/restore`]),
    );
    // Nothing matches in the other: restored at once, no question.
    await user.click(await screen.findByRole('button', { name: /^Restore TB-500 report/ }));
    await waitFor(() => expect(posts(store)).toHaveLength(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Undo on the toast takes back a publish waiting for its batch: the report is back in the queue', async () => {
    const a = makeQueueItem({ peptideName: 'BPC-157' });
    const store = setup({ items: [a, makeQueueItem({ peptideName: 'TB-500' })], batches: true });
    const { user } = renderApp('/research?tab=reports');
    await waitingList();
    await user.click(screen.getByRole('button', { name: /^Publish BPC-157 report/ }));
    expect(
      await screen.findByText('Report approved: it is published at the next publication batch.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: /^BPC-157 report/ })).not.toBeInTheDocument());
    expect(await screen.findByText('1 waiting')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Publish undone: the report stays held.')).toBeInTheDocument();
    expect(posts(store).map((r) => r.path)).toEqual([
      `/api/moderation/experiences/${a.experience._id}/publish`,
      `/api/moderation/experiences/${a.experience._id}/undo`,
    ]);
    expect(await screen.findByRole('listitem', { name: /^BPC-157 report/ }, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('2 waiting')).toBeInTheDocument();
  });

  it('u undoes the last decision (a hide); with nothing left to undo it says so', async () => {
    const a = makeQueueItem({ peptideName: 'BPC-157' });
    const store = setup({ items: [a] });
    const { user } = renderApp('/research?tab=reports');
    await waitingList();
    await user.click(screen.getByRole('button', { name: /^Hide BPC-157 report/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this report' });
    await user.click(within(dialog).getByRole('radio', { name: HIDE_REASON_LABELS.spam }));
    await user.click(within(dialog).getByRole('button', { name: 'Hide report' }));
    expect(await screen.findByText('Nothing waits for review', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.keyboard('u');
    expect(await screen.findByText('Hide undone: the report is back as it was.')).toBeInTheDocument();
    expect(posts(store).at(-1)!.path).toBe(`/api/moderation/experiences/${a.experience._id}/undo`);
    // Focus comes back to the report that came back.
    await waitFor(() => expect(itemNamed(/^BPC-157 report/)).toHaveFocus(), SLOW);
    await user.keyboard('u');
    expect(await screen.findByText('Nothing to undo')).toBeInTheDocument();
  });

  it('Details: what an author changed while the report waited, the reasons it was held for before, and its history with a link to all of it', async () => {
    const a = makeQueueItem({
      peptideName: 'BPC-157',
      holdReasons: ['corrected'],
      story:
        'Week two and the knee feels calm, no swelling at all this time round, sleeping well and training lightly again now.',
      editedFrom: {
        story:
          'Week two and the knee feels calm, buy it at shop.example.com today, sleeping well and training lightly again now.',
        effects: ['Less pain'],
        outcomes: { recovery: 6 },
        holdReasons: ['link'],
      },
      history: [
        makeLogEntry({ action: 'hold', reasons: ['corrected'], createdAt: '2026-11-21T00:00:00.000Z' }),
        makeLogEntry({ action: 'hold', reasons: ['link'], createdAt: '2026-11-20T00:00:00.000Z' }),
      ],
    });
    a.experience.effects = ['Less pain', 'Better sleep'];
    a.experience.outcomes = { recovery: 8 };
    const store = setup({
      items: [a],
      log: [
        makeLogEntry({ experienceId: a.experience._id, action: 'hold', reasons: ['link'] }),
        makeLogEntry({ action: 'hide', moderatorId: 'm', moderatorEmail: 'x@example.com', reasons: ['spam'] }),
      ],
    });
    const { user, search } = renderApp('/research?tab=reports');
    await waitingList();
    const card = itemNamed(/^BPC-157 report/);
    expect(card).toHaveTextContent('Corrected by its author while it waited');
    await user.click(within(card).getByRole('button', { name: /^Details of BPC-157 report/ }));
    const edit = within(card).getByRole('region', { name: 'Corrected by its author while it waited' });
    expect(edit).toHaveTextContent('Held before the correction for:Contains a link');
    expect([...edit.querySelectorAll('del')].map((d) => d.textContent?.trim())).toEqual([
      'buy it at shop.example.com today,',
    ]);
    expect([...edit.querySelectorAll('ins')].map((d) => d.textContent?.trim())).toEqual([
      'no swelling at all this time round,',
      'Better sleep',
    ]);
    expect(within(edit).getByRole('list', { name: 'Outcomes changed' })).toHaveTextContent('6/10 → 8/10');

    const history = within(card).getByRole('region', { name: 'History' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Corrected while held'), expect.stringContaining('Contains a link')]);
    await user.click(within(history).getByRole('link', { name: 'See all in Activity' }));
    expect(search().get('tab')).toBe('activity');
    expect(search().get('activityReport')).toBe(a.experience._id);
    const log = await screen.findByRole('list', { name: 'Moderation activity' }, SLOW);
    expect(within(log).getAllByRole('listitem')).toHaveLength(1);
    // Narrowed to one report, one link opens it; the rows do not repeat it.
    expect(screen.getByRole('link', { name: 'Open the report' })).toBeInTheDocument();
    expect(within(log).queryByRole('link')).not.toBeInTheDocument();
    expect(
      store.requests
        .filter((r) => r.path === '/api/moderation/log')
        .at(-1)!
        .params.get('experienceId'),
    ).toBe(a.experience._id);
    await user.click(screen.getByRole('button', { name: 'Show every report' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Moderation activity' })).getAllByRole('listitem')).toHaveLength(
        2,
      ),
    );
    expect(
      within(screen.getByRole('list', { name: 'Moderation activity' })).getAllByRole('link', {
        name: /^Open report #/,
      }),
    ).toHaveLength(2);
    expect(search().get('activityReport')).toBeNull();
  });

  it('Details: the side effects a correction changed, and none where the correction was kept before side effects were', async () => {
    const edited = { story: STORY, effects: [], outcomes: { recovery: 8 }, holdReasons: ['link' as const] };
    const a = makeQueueItem({
      peptideName: 'BPC-157',
      holdReasons: ['corrected'],
      story: STORY,
      editedFrom: {
        ...edited,
        sideEffects: [
          { name: 'Headache', severity: 'severe' },
          { name: 'Dizziness', severity: 'mild' },
          { name: 'Fatigue', severity: 'mild' },
        ],
      },
    });
    a.experience.outcomes = { recovery: 8 };
    a.experience.sideEffects = [
      { name: 'Headache', severity: 'mild' },
      { name: 'Nausea', severity: 'moderate' },
      { name: 'fatigue', severity: 'mild' },
    ];
    // Kept before side effects were: not recorded, so nothing is said of them.
    const b = makeQueueItem({ peptideName: 'Semax', holdReasons: ['corrected'], story: STORY, editedFrom: edited });
    b.experience.outcomes = { recovery: 8 };
    b.experience.sideEffects = [{ name: 'Headache', severity: 'mild' }];
    setup({ items: [a, b] });
    const { user } = renderApp('/research?tab=reports');
    await waitingList();
    const first = itemNamed(/^BPC-157 report/);
    await user.click(within(first).getByRole('button', { name: /^Details of BPC-157 report/ }));
    const edit = within(first).getByRole('region', { name: 'Corrected by its author while it waited' });
    expect(
      within(within(edit).getByRole('list', { name: 'Side effects changed' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Headache severe → mild', 'Nausea added → moderate', 'Dizziness mild → removed']);
    const second = itemNamed(/^Semax report/);
    await user.click(within(second).getByRole('button', { name: /^Details of Semax report/ }));
    const older = within(second).getByRole('region', { name: 'Corrected by its author while it waited' });
    expect(within(older).queryByRole('list', { name: 'Side effects changed' })).toBeNull();
    expect(older).not.toHaveTextContent('Side effects');
  });

  it('Overview shows what waits, with a way to the queue', async () => {
    setup({
      items: [
        makeQueueItem({ peptideName: 'BPC-157' }),
        makeQueueItem({ peptideName: 'TB-500', status: 'hidden', holdReasons: [] }),
      ],
    });
    const { user, search } = renderApp('/research?tab=overview');
    const figures = await screen.findByRole('region', { name: 'Moderation' }, SLOW);
    expect(figures).toHaveTextContent('Waiting for Review1');
    expect(figures).toHaveTextContent('1 held, 0 published with open flags');
    expect(figures).toHaveTextContent('Hidden1');
    await user.click(within(figures).getByRole('link', { name: 'Review the queue' }));
    expect(search().get('tab')).toBe('reports');
    expect(await waitingList()).toBeInTheDocument();
  });
});
