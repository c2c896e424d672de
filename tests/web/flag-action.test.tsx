// The "Flag" action (docs/product-rules.md "Moderation"): members flag a report through the
// dialog (reason and optional note, one flag each: again is a 409), a card they flagged before
// reads "Flagged" from page load (GET /api/flags), a held report leaves the list; visitors are
// asked to sign in and come back to the page afterwards.
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FLAG_REASONS, FLAG_REASON_TEXT, type FlagReason } from '@contract/moderation';
import { FlagRequest, NOTE_MAX } from '@contract/moderation-api';
import { renderApp } from './helpers/render-app';
import { PASSWORD, backend } from './msw/backend';
import { mockCommunityApi, type CommunityMock } from './msw/community-handlers';
import { DEFAULT_PEPTIDES, errorBody, makeExperience } from './msw/fixtures';
import { bearerUser } from './msw/handlers';
import { server } from './msw/server';

vi.setConfig({ testTimeout: 20_000 });
const slow = { timeout: 8_000 };

let mock: CommunityMock;
/** Flags the stand-in server received: who sent them and what. */
let flags: { experienceId: string; user: string | undefined; body: unknown }[];
/** Open flags that hold a report (the server's FLAG_HOLD_THRESHOLD, lowered to see the hold). */
let threshold: number;
let failNext: { status: number; message: string } | null;

beforeEach(() => {
  mock = mockCommunityApi({
    experiences: [
      makeExperience({
        story: 'First report: a calm six weeks with steady recovery, told in enough words to count as a story here.',
      }),
      makeExperience(),
    ],
  });
  flags = [];
  threshold = 3;
  failNext = null;
  server.use(
    http.post('/api/experiences/:id/flag', async ({ request, params }) => {
      const user = bearerUser(request);
      if (!user) return HttpResponse.json(errorBody('Authentication required'), { status: 401 });
      const body = await request.json();
      if (!FlagRequest.safeParse(body).success) return HttpResponse.json(errorBody('invalid flag'), { status: 400 });
      if (failNext) {
        const { status, message } = failNext;
        failNext = null;
        return HttpResponse.json(errorBody(message), { status });
      }
      const id = String(params.id);
      if (flags.some((f) => f.experienceId === id && f.user === user._id)) {
        return HttpResponse.json(errorBody('You have already flagged this report'), { status: 409 });
      }
      flags.push({ experienceId: id, user: user._id, body });
      mock.flags.set(`${user._id}:${id}`, (body as { reason: FlagReason }).reason);
      const held = flags.filter((f) => f.experienceId === id).length >= threshold;
      if (held) mock.experiences = mock.experiences.filter((e) => e._id !== id);
      return HttpResponse.json(
        { success: true, data: { flagged: true, status: held ? 'held' : 'published' } },
        { status: 201 },
      );
    }),
  );
});

/** The card (list item) that holds this story text. */
const cardOf = (text: string | RegExp) => screen.getByText(text).closest('li') as HTMLElement;

async function openDialog(app: ReturnType<typeof renderApp>, card: HTMLElement) {
  await app.user.click(within(card).getByRole('button', { name: 'Flag' }));
  return screen.findByRole('dialog', { name: 'Flag this report' }, slow);
}

describe('Flag: members', () => {
  beforeEach(() => {
    backend.seedSession('member@example.com');
  });

  it('flags a report with a reason and a note: the server gets them, a toast thanks, the action reads "Flagged"', async () => {
    const app = renderApp('/community');
    await screen.findByText(/First report/, {}, slow);
    const card = cardOf(/First report/);
    const dialog = await openDialog(app, card);
    // Every reason is a radio labelled with its sentence from the contract.
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(FLAG_REASONS.map((r) => FLAG_REASON_TEXT[r]));
    await app.user.click(within(dialog).getByRole('radio', { name: FLAG_REASON_TEXT.dangerous }));
    await app.user.type(within(dialog).getByLabelText(/Note for the moderators/), 'Suggests ten times the usual dose.');
    expect(within(dialog).getByText(`34/${NOTE_MAX} characters.`, { exact: false })).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Send flag' }));

    expect(await screen.findByText('Thank you. A moderator will look at this report.', {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Flag this report' })).toBeNull());
    expect(flags).toEqual([
      {
        experienceId: mock.experiences[0]!._id,
        user: backend.account('member@example.com')._id,
        body: { reason: 'dangerous', note: 'Suggests ten times the usual dose.' },
      },
    ]);
    const done = within(card).getByRole('button', { name: 'Flagged' });
    expect(done).toHaveAttribute('aria-disabled', 'true');
    await app.user.click(done);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a report this member flagged before reads "Flagged" from page load (GET /api/flags): no second attempt', async () => {
    const [first, second] = mock.experiences;
    mock.flags.set(`${backend.account('member@example.com')._id}:${first!._id}`, 'spam');
    const app = renderApp('/community');
    await screen.findByText(/First report/, {}, slow);
    const card = cardOf(/First report/);
    const done = await within(card).findByRole('button', { name: 'Flagged' }, slow);
    expect(done).toHaveAttribute('aria-disabled', 'true');
    // One lookup for the page's reports.
    expect(mock.flagLookups).toEqual([[first!._id, second!._id]]);
    await app.user.click(done);
    expect(screen.queryByRole('dialog')).toBeNull();
    // The other report can still be flagged.
    expect(screen.getAllByRole('button', { name: 'Flag' })).toHaveLength(1);
  });

  it('asks for a reason before sending anything', async () => {
    const app = renderApp('/community');
    await screen.findByText(/First report/, {}, slow);
    const dialog = await openDialog(app, cardOf(/First report/));
    await app.user.click(within(dialog).getByRole('button', { name: 'Send flag' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a reason.');
    expect(flags).toHaveLength(0);
  });

  it('a second flag (409) says so in the dialog and keeps what was typed', async () => {
    flags.push({
      experienceId: mock.experiences[0]!._id,
      user: backend.account('member@example.com')._id,
      body: { reason: 'spam' },
    });
    const app = renderApp('/community');
    await screen.findByText(/First report/, {}, slow);
    const card = cardOf(/First report/);
    const dialog = await openDialog(app, card);
    await app.user.click(within(dialog).getByRole('radio', { name: FLAG_REASON_TEXT.spam }));
    await app.user.type(within(dialog).getByLabelText(/Note for the moderators/), 'A shop link in disguise.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Send flag' }));
    expect(await within(dialog).findByRole('alert', {}, slow)).toHaveTextContent(
      'You have already flagged this report.',
    );
    expect(within(dialog).getByLabelText(/Note for the moderators/)).toHaveValue('A shop link in disguise.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: 'Flagged' })).toHaveAttribute('aria-disabled', 'true'),
    );
  });

  it('another failure shows the server message in the dialog, keeps the reason and note, and a retry sends them', async () => {
    failNext = { status: 429, message: 'Too many requests, please try again later' };
    const app = renderApp('/community');
    await screen.findByText(/First report/, {}, slow);
    const dialog = await openDialog(app, cardOf(/First report/));
    await app.user.click(within(dialog).getByRole('radio', { name: FLAG_REASON_TEXT['off-topic'] }));
    await app.user.type(within(dialog).getByLabelText(/Note for the moderators/), 'About a diet, not a peptide.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Send flag' }));
    expect(await within(dialog).findByRole('alert', {}, slow)).toHaveTextContent(
      'Too many requests, please try again later',
    );
    expect(within(dialog).getByRole('radio', { name: FLAG_REASON_TEXT['off-topic'] })).toBeChecked();
    expect(within(dialog).getByLabelText(/Note for the moderators/)).toHaveValue('About a diet, not a peptide.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Send flag' }));
    expect(await screen.findByText('Thank you. A moderator will look at this report.', {}, slow)).toBeInTheDocument();
    expect(flags.map((f) => f.body)).toEqual([{ reason: 'off-topic', note: 'About a diet, not a peptide.' }]);
  });

  it(`a note over ${NOTE_MAX} characters is marked under the field and not sent`, async () => {
    const app = renderApp('/community');
    await screen.findByText(/First report/, {}, slow);
    const dialog = await openDialog(app, cardOf(/First report/));
    await app.user.click(within(dialog).getByRole('radio', { name: FLAG_REASON_TEXT.other }));
    const note = within(dialog).getByLabelText(/Note for the moderators/);
    await app.user.click(note);
    await app.user.paste('x'.repeat(NOTE_MAX + 3));
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(note).toHaveAccessibleDescription(`The note can be at most ${NOTE_MAX} characters: remove 3.`);
    await app.user.click(within(dialog).getByRole('button', { name: 'Send flag' }));
    expect(flags).toHaveLength(0);
    await app.user.type(note, '{Backspace}{Backspace}{Backspace}');
    expect(note).not.toHaveAttribute('aria-invalid');
    await app.user.click(within(dialog).getByRole('button', { name: 'Send flag' }));
    await waitFor(() => expect(flags).toHaveLength(1));
    expect(flags[0]!.body).toEqual({ reason: 'other', note: 'x'.repeat(NOTE_MAX) });
  });

  it('the flag that holds a report takes it out of the list', async () => {
    threshold = 1;
    const app = renderApp('/community');
    await screen.findByText(/First report/, {}, slow);
    const dialog = await openDialog(app, cardOf(/First report/));
    await app.user.click(within(dialog).getByRole('radio', { name: FLAG_REASON_TEXT['personal-info'] }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Send flag' }));
    expect(await screen.findByText(/it is hidden until a moderator reviews it/, {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/First report/)).toBeNull(), slow);
    expect(screen.getAllByRole('button', { name: 'Flag' })).toHaveLength(1);
  });

  it('the experience page and the peptide page have the same action', async () => {
    const e = mock.experiences[0]!;
    const app = renderApp(`/experiences/${e._id}`);
    await screen.findByRole('heading', { level: 1, name: 'BPC-157 experience' }, slow);
    await app.user.click(screen.getByRole('button', { name: 'Flag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Flag this report' }, slow);
    await app.user.click(within(dialog).getByRole('radio', { name: FLAG_REASON_TEXT.spam }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Send flag' }));
    await waitFor(() => expect(flags.map((f) => [f.experienceId, f.body])).toEqual([[e._id, { reason: 'spam' }]]));
    app.unmount();

    const peptide = renderApp(`/peptides/${DEFAULT_PEPTIDES[0]!._id}`);
    await peptide.user.click(await screen.findByRole('tab', { name: 'Experiences' }, slow));
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Flag(ged)?$/ })).toHaveLength(2), slow);
  });
});

describe('Flag: visitors', () => {
  it('asks a visitor to sign in and brings them back to the page afterwards', async () => {
    const app = renderApp('/community?search=calm');
    await screen.findByText(/First report/, {}, slow);
    await app.user.click(within(cardOf(/First report/)).getByRole('button', { name: 'Flag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to flag' }, slow);
    expect(within(dialog).queryByRole('radio')).toBeNull();
    await app.user.click(within(dialog).getByRole('link', { name: 'Sign in' }));
    expect(app.location()).toBe('/login');

    await app.user.type(await screen.findByLabelText('Email', {}, slow), 'member@example.com');
    await app.user.type(screen.getByLabelText('Password'), PASSWORD);
    await app.user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(app.location()).toBe('/community'), slow);
    expect(app.search().get('search')).toBe('calm');
    // Signed in now: the same action opens the reason dialog.
    await screen.findByText(/First report/, {}, slow);
    await app.user.click(within(cardOf(/First report/)).getByRole('button', { name: 'Flag' }));
    expect(await screen.findByRole('dialog', { name: 'Flag this report' }, slow)).toBeInTheDocument();
    expect(flags).toHaveLength(0);
  });
});
