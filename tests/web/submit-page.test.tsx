// /submit wizard: step checks, outcomes, honeypot, payload, success, failure, story editor.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EffectsResponse, SubmitExperienceRequest, SubmitExperienceResponse } from '@contract/experiences';
import { choosePeptide } from './helpers/peptide-picker';
import { renderApp } from './helpers/render-app';
import { catalogueBody, errorBody, makePeptide } from './msw/fixtures';
import { server } from './msw/server';

const PID = '11111111-1111-4111-8111-111111111111';
const EID = '22222222-2222-4222-8222-222222222222';
const TRK = 'TRK-12345678901234567890';

const peptide = makePeptide({
  _id: PID,
  name: 'BPC-157',
  commonEffects: ['Energy', 'Recovery'],
  averageRating: 0,
  totalExperiences: 0,
  popularity: 0,
});

/** The answer to a valid submission: what the author lacks, never the report's card. */
function successBody() {
  return SubmitExperienceResponse.parse({
    success: true,
    data: {
      status: 'published',
      holdReasons: [],
      trackingId: TRK,
      experience: { _id: EID },
    },
  });
}

// Typing through four steps takes seconds when the machine is busy.
vi.setConfig({ testTimeout: 20_000 });

let sent: unknown[] = [];

beforeEach(() => {
  sessionStorage.clear();
  sent = [];
  server.use(
    http.get('/api/peptides/catalogue', () => HttpResponse.json(catalogueBody([peptide]))),
    http.get('/api/effects', () =>
      HttpResponse.json(EffectsResponse.parse({ success: true, data: { effects: [], total: 0 } })),
    ),
    http.post('/api/experiences', async ({ request }) => {
      const body = (await request.json()) as SubmitExperienceRequest;
      sent.push(body);
      if (!SubmitExperienceRequest.safeParse(body).success)
        return HttpResponse.json(errorBody('invalid body'), { status: 400 });
      return HttpResponse.json(successBody(), { status: 201 });
    }),
  );
});

const STORY = 'This is my story about the peptide. '.repeat(4);

async function open() {
  const app = renderApp('/submit');
  await screen.findByRole('heading', { level: 1, name: 'Share Your Experience' }, { timeout: 8000 });
  await screen.findByRole('combobox', { name: 'Peptide' }, { timeout: 8000 });
  return app;
}

type App = Awaited<ReturnType<typeof open>>;
/** Pasted, not typed key by key, where the story's content is not what the test is about. */
async function pasteStory(app: App) {
  await app.user.click(screen.getByLabelText('Your story'));
  await app.user.paste(STORY);
}
const next = () => screen.getByRole('button', { name: 'Next' });

async function fillStep1(app: App, duration = '30') {
  await choosePeptide(app.user, 'BPC-157');
  await app.user.type(screen.getByLabelText('Dose'), '250');
  await app.user.selectOptions(screen.getByLabelText('Frequency'), 'daily');
  await app.user.type(screen.getByLabelText('Duration (days)'), duration);
  await app.user.selectOptions(screen.getByLabelText('Route of administration'), 'subcutaneous');
}
async function fillStep2(app: App) {
  await app.user.click(screen.getByRole('checkbox', { name: 'Recovery' }));
  await app.user.selectOptions(screen.getByLabelText('Age range'), '30-34');
  await app.user.selectOptions(screen.getByLabelText('Biological sex'), 'male');
  await app.user.selectOptions(screen.getByLabelText('Activity level'), 'active');
}
async function toStep4(app: App) {
  await fillStep1(app);
  await app.user.click(next());
  await fillStep2(app);
  await app.user.click(next());
  fireEvent.change(screen.getByRole('slider', { name: 'Energy' }), { target: { value: '6' } });
  await app.user.selectOptions(screen.getByLabelText('When did you notice effects?'), '1-week');
  await app.user.click(next());
  await screen.findByText('Step 4 of 4');
}

describe('submit wizard', () => {
  it('says under each field what a step still needs when Next is pressed, and focuses the first', async () => {
    const app = await open();
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
    // Nothing to go back to: no Previous at all rather than a disabled one.
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();
    await app.user.click(next());
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
    expect(screen.getByLabelText('Peptide')).toHaveAccessibleDescription('Choose a peptide');
    expect(screen.getByLabelText('Peptide')).toHaveFocus();
    expect(screen.getByLabelText('Dose')).toHaveAccessibleDescription('Enter the dose, like 250');
    await fillStep1(app);
    await app.user.click(next());
    expect(screen.getByText('Step 2 of 4')).toBeInTheDocument();
    await app.user.click(next());
    expect(screen.getByText('Choose at least one purpose')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Injury Healing' })).toHaveFocus();
    await fillStep2(app);
    await app.user.click(next());
    // One slider per common effect, each "Not rated" (to sight and to screen readers) until moved.
    const energy = screen.getByRole('slider', { name: 'Energy' });
    expect(energy).toHaveAttribute('aria-valuetext', 'Not rated');
    expect(screen.getByRole('slider', { name: 'Recovery' })).toHaveAttribute('aria-valuetext', 'Not rated');
    await app.user.click(next());
    expect(screen.getByLabelText('When did you notice effects?')).toHaveAccessibleDescription(
      'Choose when you noticed effects',
    );
    // Nothing rated: Next says so at the first slider and puts the focus there.
    expect(energy).toHaveFocus();
    expect(energy).toHaveAccessibleDescription('Rate at least one effect: move its slider off "Not rated"');
    // "Not rated" is the stop before 1, so a rating can be taken back (arrow keys: tests/e2e/wizard.test.ts).
    fireEvent.change(energy, { target: { value: '1' } });
    expect(energy).toHaveAttribute('aria-valuetext', '1 of 10');
    fireEvent.change(energy, { target: { value: '0' } });
    expect(energy).toHaveAttribute('aria-valuetext', 'Not rated');
    fireEvent.change(energy, { target: { value: '8' } });
    expect(energy).toHaveAttribute('aria-valuetext', '8 of 10');
    await app.user.selectOptions(screen.getByLabelText('When did you notice effects?'), '1-week');
    await app.user.click(next());
    await app.user.click(screen.getByRole('button', { name: 'Submit Experience' }));
    expect(screen.getByLabelText('Your story')).toHaveAccessibleDescription(
      '0/1000 · At least 100 characters (100 to go)',
    );
    expect(screen.getByLabelText('Your story')).toHaveFocus();
    expect(sent).toHaveLength(0);
  });

  it('rejects a filled honeypot without sending', async () => {
    const app = await open();
    await toStep4(app);
    await pasteStory(app);
    const honeypot = document.querySelector('input[name="website"]') as HTMLInputElement;
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    await app.user.type(honeypot, 'http://spam');
    await app.user.click(screen.getByRole('button', { name: 'Submit Experience' }));
    expect(await screen.findByText('Invalid submission detected')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('sends the payload (integer duration, sourcing only when filled), shows the confirmation, and resets', async () => {
    const app = await open();
    await toStep4(app);
    await pasteStory(app);
    // One sourcing section: no second, never-sent vendor block with its own batch ID.
    expect(screen.queryByLabelText('Vendor name')).toBeNull();
    expect(screen.getAllByLabelText(/batch ID/i)).toHaveLength(1);
    await app.user.click(screen.getByRole('button', { name: 'Submit Experience' }));
    expect((await screen.findByTestId('tracking-id')).textContent).toBe(TRK);
    expect(sent).toHaveLength(1);
    const body = sent[0] as Record<string, unknown>;
    expect(body.duration).toBe(30);
    // Only the slider moved is sent: Recovery stayed "Not rated".
    expect(body.outcomes).toEqual({ Energy: 6 });
    expect(body).not.toHaveProperty('sourcing');
    expect(screen.getByRole('link', { name: 'View Community Experiences' })).toHaveAttribute('href', '/community');
    expect(sessionStorage.getItem('submitExperienceDraft-2')).toBeNull();
    // The tracking ID is on screen only: not in the address, nor in any storage.
    expect(window.location.href).not.toContain(TRK);
    for (const store of [localStorage, sessionStorage]) {
      for (const key of Object.keys(store)) expect(`${key}=${store.getItem(key)}`).not.toContain(TRK);
    }
    await app.user.click(screen.getByRole('button', { name: 'Submit Another Experience' }));
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
    expect(screen.getByLabelText('Dose')).toHaveValue('');
  });

  it('sends sourcing when a field is filled', async () => {
    const app = await open();
    await toStep4(app);
    await pasteStory(app);
    await app.user.type(screen.getByLabelText('Purity (%)'), '99');
    await app.user.click(screen.getByRole('button', { name: 'Submit Experience' }));
    await screen.findByTestId('tracking-id');
    expect((sent[0] as Record<string, unknown>).sourcing).toEqual({ purityPercentage: 99 });
  });

  it('keeps the form on failure and shows the server message', async () => {
    server.use(http.post('/api/experiences', () => HttpResponse.json(errorBody('Peptide not found'), { status: 404 })));
    const app = await open();
    await toStep4(app);
    await pasteStory(app);
    await app.user.click(screen.getByRole('button', { name: 'Submit Experience' }));
    expect(await screen.findByText('Submission Failed', undefined, { timeout: 5000 })).toBeInTheDocument();
    // In the form, not only in the toast that vanishes.
    expect(screen.getByRole('alert')).toHaveTextContent('Peptide not found');
    expect(screen.getByLabelText('Your story')).toHaveValue(STORY);
    expect(screen.getByText('Step 4 of 4')).toBeInTheDocument();
  });

  it('story counter messages and preview renders markup as text', async () => {
    const app = await open();
    await toStep4(app);
    expect(screen.getByText(/At least 100 characters \(100 to go\)/)).toBeInTheDocument();
    const xss = '<img src=x onerror=alert(1)> **bold**';
    await app.user.type(screen.getByLabelText('Your story'), xss);
    await app.user.type(screen.getByLabelText('Your story'), ' '.repeat(0) + 'x'.repeat(80));
    expect(screen.getByText(/Long enough/)).toBeInTheDocument();
    // A short story needs no read time.
    expect(screen.queryByText(/min read/)).toBeNull();
    await app.user.click(screen.getByRole('tab', { name: 'Preview' }));
    const preview = await screen.findByTestId('story-preview');
    expect(preview.querySelector('img')).toBeNull();
    expect(preview).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(preview.querySelector('strong')).toHaveTextContent('bold');
  });

  it('a story of spaces counts as empty: "At least 100 characters", never "Long enough"', async () => {
    const app = await open();
    await toStep4(app);
    const story = screen.getByLabelText('Your story');
    // Pasted, as typing 150 spaces would take a while.
    await app.user.click(story);
    await app.user.paste(' '.repeat(150));
    expect(screen.getByText(/At least 100 characters \(100 to go\)/)).toBeInTheDocument();
    expect(screen.queryByText(/Long enough/)).toBeNull();
    // Spaces around a long enough story are not counted either.
    await app.user.paste(`${'word '.repeat(20)}   `);
    expect(screen.getByText(/^99\/\d+ · At least 100 characters \(1 to go\)/)).toBeInTheDocument();
  });

  it('keeps a draft across a reload (sessionStorage)', async () => {
    const app = await open();
    await app.user.type(screen.getByLabelText('Dose'), '5');
    await app.user.selectOptions(screen.getByLabelText('Unit'), 'mg');
    app.unmount();
    await open();
    expect(screen.getByLabelText('Dose')).toHaveValue('5');
    expect(screen.getByLabelText('Unit')).toHaveValue('mg');
  });

  it('shows Submitting... while busy', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    server.use(
      http.post('/api/experiences', async () => {
        await gate;
        return HttpResponse.json(errorBody('later'), { status: 500 });
      }),
    );
    const app = await open();
    await toStep4(app);
    await pasteStory(app);
    await app.user.click(screen.getByRole('button', { name: 'Submit Experience' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Submission Failed', undefined, { timeout: 5000 })).toBeInTheDocument();
  });

  it('toasts when form data fails to load', async () => {
    server.use(http.get('/api/effects', () => HttpResponse.json(errorBody('boom'), { status: 500 })));
    renderApp('/submit');
    await waitFor(() =>
      expect(screen.getByText('Failed to load form data. Please refresh the page.')).toBeInTheDocument(),
    );
  });
});
