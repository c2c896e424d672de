// /privacy: tabs, truthful content with the source link, and the working
// data rights keyed by tracking ID: lookup, Export Data, Update Experience, Delete Data.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TrackingLookupRequest, UpdateTrackedExperienceRequest, type OwnExperience } from '@contract/experiences';
import { renderApp } from './helpers/render-app';
import { doseOf } from '@contract/doses';
import { on } from './msw/endpoint';
import {
  catalogueBody,
  DEFAULT_EFFECTS,
  DEFAULT_PEPTIDES,
  effectsBody,
  errorBody,
  makeOwnExperience,
  ownExperienceBody,
} from './msw/fixtures';
import { server } from './msw/server';

vi.setConfig({ testTimeout: 20_000 });

const TRK = 'TRK-98765432109876543210';
const STORY =
  'Week one was quiet. By week three my **shoulder** moved freely again, and sleep improved a little too, which I did not expect.';

/**
 * An in-memory stand-in for the tracking endpoints (the ID in the body, as the server takes it:
 * server/routes/experiences.ts), with a log of what was sent and of every request URL.
 */
let stored: OwnExperience | null;
let calls: { method: string; path: string; trackingId?: string; body?: unknown }[];
let urls: string[];
const recordUrl = ({ request }: { request: Request }) => {
  urls.push(request.url);
};

beforeEach(() => {
  stored = makeOwnExperience({
    trackingId: TRK,
    story: STORY,
    outcomes: { Recovery: 8, Sleep: 6 },
    sideEffects: [{ name: 'Headache', severity: 'severe' }],
    effects: ['Faster recovery'],
  });
  calls = [];
  urls = [];
  server.events.on('request:start', recordUrl);
  const find = (id: string) => (stored && id === stored.trackingId ? stored : null);
  const invalid = () => HttpResponse.json(errorBody('invalid'), { status: 400 });
  const missing = () => HttpResponse.json(errorBody('Experience not found'), { status: 404 });
  server.use(
    http.post('/api/experiences/tracking/lookup', async ({ request }) => {
      const parsed = TrackingLookupRequest.safeParse(await request.json());
      if (!parsed.success) return invalid();
      calls.push({ method: 'LOOKUP', path: new URL(request.url).pathname, trackingId: parsed.data.trackingId });
      const found = find(parsed.data.trackingId);
      return found ? HttpResponse.json(ownExperienceBody(found)) : missing();
    }),
    http.put('/api/experiences/tracking', async ({ request }) => {
      const parsed = UpdateTrackedExperienceRequest.safeParse(await request.json());
      if (!parsed.success) return invalid();
      const { trackingId, ...changes } = parsed.data;
      calls.push({ method: 'PUT', path: new URL(request.url).pathname, trackingId, body: changes });
      const found = find(trackingId);
      if (!found) return missing();
      // A dose is stored with its amount in mcg, as the server stores it (contract/doses.ts doseOf).
      const dose = changes.dose ? { dose: doseOf(changes.dose) } : {};
      stored = { ...found, ...changes, ...dose, updatedAt: '2026-03-01T12:00:00.000Z' } as OwnExperience;
      return HttpResponse.json(ownExperienceBody(stored));
    }),
    http.post('/api/experiences/tracking/delete', async ({ request }) => {
      const parsed = TrackingLookupRequest.safeParse(await request.json());
      if (!parsed.success) return invalid();
      calls.push({ method: 'DELETE', path: new URL(request.url).pathname, trackingId: parsed.data.trackingId });
      if (!find(parsed.data.trackingId)) return missing();
      stored = null;
      return HttpResponse.json({ success: true, data: {} });
    }),
  );
});

afterEach(() => {
  server.events.removeListener('request:start', recordUrl);
});
afterEach(() => vi.restoreAllMocks());

async function openYourData() {
  const app = renderApp('/privacy');
  await screen.findByRole('heading', { level: 1, name: 'Privacy & Data Control' }, { timeout: 8000 });
  await app.user.click(screen.getByRole('tab', { name: 'Your Data' }));
  return app;
}

async function lookUp(app: Awaited<ReturnType<typeof openYourData>>, text: string) {
  const input = screen.getByLabelText('Tracking ID');
  await app.user.clear(input);
  await app.user.type(input, text);
  await app.user.click(screen.getByRole('button', { name: 'Look Up' }));
}

describe('privacy page', () => {
  it('opens on Overview with facts (no self-awarded grade), and links to the public source', async () => {
    const app = renderApp('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy & Data Control' }, { timeout: 8000 });
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['Overview', 'Your Data', 'Your Rights', 'Your Account', 'Technical Details']);
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'In short' })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/grade|A\+/i);
    expect(
      screen.getByText(/A report row has no column for an account, email, IP address or user agent/),
    ).toBeInTheDocument();
    expect(screen.getByText(/Your IP address or user agent/)).toBeInTheDocument();
    // Built without VITE_SOURCE_URL (src/lib/source-code.ts): no link to an address that is not this
    // project's, and no claim that its code can be read.
    expect(screen.queryByRole('link', { name: /Read the source code/ })).toBeNull();
    expect(document.body.textContent).not.toMatch(/source code is public/);
    expect(screen.getByText('Five facts.')).toBeInTheDocument();
    // Nothing the product cannot back (docs/product-rules.md, "What the pages claim"): no AES-256 claim, TLS only as a requirement.
    expect(document.body.textContent).not.toMatch(/AES-256|TLS 1\.3/);
    await app.user.click(screen.getByRole('tab', { name: 'Technical Details' }));
    expect(screen.getByText(/serve the site only over HTTPS/)).toBeInTheDocument();
    expect(screen.getByText(/The application itself does not encrypt data at rest/)).toBeInTheDocument();
  });

  it('lookup explains the format next to an empty field, and says what is wrong before sending anything', async () => {
    const app = await openYourData();
    const input = screen.getByLabelText('Tracking ID');
    const button = screen.getByRole('button', { name: 'Look Up' });
    // No placeholder that looks like a filled value; the format is said beside the field.
    expect(input).not.toHaveAttribute('placeholder');
    expect(input).toHaveAccessibleDescription(/TRK- followed by 20 digits/);
    expect(button).toBeEnabled();
    await app.user.type(input, '   ');
    await app.user.click(button);
    expect(screen.getByText('Please enter a tracking ID')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await lookUp(app, 'TRK-123');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A tracking ID has 20 digits after TRK-; this one has 3.',
    );
    await lookUp(app, '12345');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A tracking ID starts with TRK- and has 20 digits after it.',
    );
    expect(calls).toHaveLength(0);
  });

  it('says the server cannot be reached when it cannot, not that the lookup failed', async () => {
    server.use(http.post('/api/experiences/tracking/lookup', () => HttpResponse.error()));
    const app = await openYourData();
    await lookUp(app, TRK);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cannot reach the server. Check your connection, then try again.',
    );
    expect(screen.queryByText(/Failed to lookup/)).toBeNull();
  });

  it('reads an ID pasted in the groups the confirmation shows', async () => {
    const app = await openYourData();
    await lookUp(app, `TRK-${TRK.slice(4).replace(/(\d{4})(?=\d)/g, '$1 ')}`);
    expect(
      await screen.findByText('Found: your submission is shown below.', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ trackingId: TRK });
  });

  it('finds a report with a trimmed, lower-case ID and shows its fields', async () => {
    const app = await openYourData();
    await lookUp(app, `  ${TRK.toLowerCase()}  `);
    expect(
      await screen.findByText('Found: your submission is shown below.', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(calls[0]).toEqual({ method: 'LOOKUP', path: '/api/experiences/tracking/lookup', trackingId: TRK });
    const result = screen.getByRole('heading', { name: 'Your submission' }).closest('[aria-labelledby]') as HTMLElement;
    expect(within(result).getByText(TRK)).toBeInTheDocument();
    expect(within(result).getByText('BPC-157')).toBeInTheDocument();
    expect(within(result).getByText('250 mcg')).toBeInTheDocument();
    expect(within(result).getByText('30 days')).toBeInTheDocument();
    expect(within(result).getByText('Subcutaneous')).toBeInTheDocument();
    expect(within(result).getByText('Benefits (1-10)').nextElementSibling).toHaveTextContent(
      'Recovery 8/10, Sleep 6/10',
    );
    expect(within(result).getByText('Side effects').nextElementSibling).toHaveTextContent(/^Headache \(severe\)$/);
    // The author's own answers, which no public page shows.
    expect(within(result).getByText('Age range · Sex · Activity').nextElementSibling).toHaveTextContent(
      '30-34 · Male · Active (only you see these)',
    );
  });

  it('says "Experience not found" for an unknown ID and keeps what was typed', async () => {
    const app = await openYourData();
    await lookUp(app, 'TRK-00000000000000000000');
    expect(await screen.findByRole('alert')).toHaveTextContent('Experience not found');
    expect(screen.getByLabelText('Tracking ID')).toHaveValue('TRK-00000000000000000000');
    expect(screen.queryByRole('heading', { name: 'Your submission' })).not.toBeInTheDocument();
  });

  it('shows every answer and the public page of a published report; a failed lookup leaves no earlier report behind', async () => {
    stored = {
      ...stored!,
      status: 'published',
      primaryPurpose: ['Injury Healing'],
      stack: ['TB-500'],
      timeline: '1-week',
    };
    const app = await openYourData();
    await lookUp(app, TRK);
    const result = (await screen.findByRole('heading', { name: 'Your submission' })).closest(
      '[aria-labelledby]',
    ) as HTMLElement;
    // Said in the page, in a status line; no "Success" toast over the report.
    expect(screen.getByText('Found: your submission is shown below.')).toHaveAttribute('role', 'status');
    expect(screen.queryByText('Success')).toBeNull();
    expect(within(result).getByText('Purposes').nextElementSibling).toHaveTextContent('Injury Healing');
    expect(within(result).getByText('Stack').nextElementSibling).toHaveTextContent('TB-500');
    expect(within(result).getByText('Effects noticed').nextElementSibling).toHaveTextContent(/week/i);
    expect(within(result).getByText('Sourcing')).toBeInTheDocument();
    expect(within(result).getByRole('link', { name: 'View its public page' })).toHaveAttribute(
      'href',
      `/experiences/${stored!._id}`,
    );
    // Another ID, not found: the error, and no report (nor its Delete button) under it.
    await app.user.clear(screen.getByLabelText('Tracking ID'));
    await lookUp(app, 'TRK-00000000000000000000');
    expect(await screen.findByRole('alert')).toHaveTextContent('Experience not found');
    expect(screen.queryByRole('heading', { name: 'Your submission' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Data' })).toBeNull();
  });

  it('Export Data downloads the report as JSON, in a file whose name has no tracking ID', async () => {
    let blob: Blob | undefined;
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (b: Blob) => ((blob = b), 'blob:report'),
        revokeObjectURL: () => undefined,
      }),
    );
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const app = await openYourData();
    await lookUp(app, TRK);
    await app.user.click(await screen.findByRole('button', { name: 'Export Data' }));
    expect(clicked).toHaveLength(1);
    expect(clicked[0].download).toBe('peptide-experience-export.json');
    expect(clicked[0].getAttribute('href')).toBe('blob:report');
    expect(blob?.type).toBe('application/json');
    const exported = JSON.parse(await blob!.text()) as OwnExperience;
    expect(exported).toMatchObject({ trackingId: TRK, story: STORY, outcomes: { Recovery: 8, Sleep: 6 } });
    expect(await screen.findByText('Export Successful')).toBeInTheDocument();
  });

  it('Update Experience corrects any field the wizard asked (dose, duration, route, story, outcomes) and shows the result', async () => {
    const app = await openYourData();
    await lookUp(app, TRK);
    await app.user.click(await screen.findByRole('button', { name: 'Update Experience' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Experience' });
    const story = within(dialog).getByLabelText('Story');
    await app.user.clear(story);
    await app.user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    // The story's one rule, in its counter; nothing is sent.
    expect(within(dialog).getByText(/At least 100 characters \(100 to go\)/)).toBeInTheDocument();
    expect(story).toHaveFocus();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    const newStory = `${STORY} Update: after eight weeks the gains held.`;
    await app.user.paste(newStory);
    // The report's 250 mcg, in the wizard's dose fields.
    const dose = within(dialog).getByLabelText('Dose');
    expect(dose).toHaveValue('250');
    expect(within(dialog).getByLabelText('Unit')).toHaveValue('mcg');
    await app.user.clear(dose);
    await app.user.type(dose, '500');
    const duration = within(dialog).getByLabelText('Duration (days)');
    await app.user.clear(duration);
    await app.user.type(duration, '45');
    await app.user.selectOptions(within(dialog).getByLabelText('Route of administration'), 'oral');
    fireEvent.change(within(dialog).getByRole('slider', { name: 'Sleep' }), { target: { value: '9' } });
    // An effect added here starts "Not rated", like the wizard's, and is not sent until rated.
    await app.user.type(within(dialog).getByLabelText('Add an effect to rate'), 'Focus');
    await app.user.click(within(dialog).getByRole('button', { name: 'Add effect' }));
    expect(within(dialog).getByRole('slider', { name: 'Focus' })).toHaveAttribute('aria-valuetext', 'Not rated');
    const effects = within(dialog).getByLabelText('Extra effects');
    await app.user.clear(effects);
    await app.user.type(effects, 'Faster recovery, , Better sleep ');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Experience updated successfully')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put).toMatchObject({ path: '/api/experiences/tracking', trackingId: TRK });
    expect(put?.body).toMatchObject({
      story: newStory,
      dosage: '500 mcg',
      dose: { amount: 500, unit: 'mcg' },
      duration: 45,
      routeOfAdministration: 'oral',
      outcomes: { Recovery: 8, Sleep: 9 },
      effects: ['Faster recovery', 'Better sleep'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(put?.body).toHaveProperty('outcomes', { Recovery: 8, Sleep: 9 });
    expect(screen.getByText('Recovery 8/10, Sleep 9/10')).toBeInTheDocument();
    expect(screen.getByText('Faster recovery, Better sleep')).toBeInTheDocument();
  });

  it('Update Experience edits the side effects with their severities, asking for one before saving', async () => {
    const app = await openYourData();
    await lookUp(app, TRK);
    await app.user.click(await screen.findByRole('button', { name: 'Update Experience' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Experience' });
    const headache = within(dialog).getByLabelText('Severity of Headache');
    expect(headache).toHaveValue('severe');
    await app.user.selectOptions(headache, 'moderate');
    const add = within(dialog).getByLabelText('Add a side effect');
    await app.user.type(add, 'headache{Enter}');
    expect(within(dialog).getByText('Headache is on the list already')).toBeInTheDocument();
    await app.user.clear(add);
    await app.user.type(add, 'Nausea{Enter}');
    await app.user.type(add, 'Dizziness');
    await app.user.click(within(dialog).getByRole('button', { name: 'Add side effect' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Remove Dizziness' }));
    // Added with no severity: Save asks for one and puts the cursor there; nothing is sent.
    await app.user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    const nausea = within(dialog).getByLabelText('Severity of Nausea');
    expect(nausea).toHaveFocus();
    expect(nausea).toHaveAccessibleDescription('Choose how bad each side effect was: mild, moderate or severe');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await app.user.selectOptions(nausea, 'mild');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Experience updated successfully')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({
      outcomes: { Recovery: 8, Sleep: 6 },
      sideEffects: [
        { name: 'Headache', severity: 'moderate' },
        { name: 'Nausea', severity: 'mild' },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Headache (moderate), Nausea (mild)')).toBeInTheDocument();
  });

  it('Update Experience sends the dose only when changed, and keeps a dose it could not read as written until one is given', async () => {
    const app = await openYourData();
    await lookUp(app, TRK);
    const openDialog = async () => {
      await app.user.click(await screen.findByRole('button', { name: 'Update Experience' }));
      return screen.findByRole('dialog', { name: 'Update Experience' });
    };
    const save = async (dialog: HTMLElement) => {
      await app.user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      return calls.filter((c) => c.method === 'PUT').at(-1)?.body;
    };
    // The report's 250 mcg, unchanged: not sent.
    let dialog = await openDialog();
    await app.user.type(within(dialog).getByLabelText('Duration (days)'), '0');
    let body = await save(dialog);
    expect(body).toMatchObject({ duration: 300 });
    expect(body).not.toHaveProperty('dose');
    expect(body).not.toHaveProperty('dosage');
    // A text no unit could be read from: the fields start empty, with the text as it is now.
    stored = { ...stored!, dosage: 'a little, twice a day', dose: null };
    await lookUp(app, TRK);
    dialog = await openDialog();
    expect(within(dialog).getByLabelText('Dose')).toHaveValue('');
    expect(within(dialog).getByText('Now: a little, twice a day')).toBeInTheDocument();
    await app.user.clear(within(dialog).getByLabelText('Duration (days)'));
    await app.user.type(within(dialog).getByLabelText('Duration (days)'), '40');
    body = await save(dialog);
    expect(body).toMatchObject({ duration: 40 });
    expect(body).not.toHaveProperty('dosage');
    dialog = await openDialog();
    await app.user.type(within(dialog).getByLabelText('Dose'), '2');
    await app.user.selectOptions(within(dialog).getByLabelText('Unit'), 'mL');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    const strength = within(dialog).getByLabelText('Strength of the solution');
    expect(strength).toHaveAccessibleDescription('Enter what one mL of the solution holds, like 2.5');
    await app.user.type(strength, '5');
    await app.user.selectOptions(within(dialog).getByLabelText('Strength unit'), 'IU');
    body = await save(dialog);
    expect(body).toMatchObject({
      dosage: '2 mL of 5 IU/mL',
      dose: { amount: 2, unit: 'mL', strength: { amount: 5, unit: 'IU' } },
    });
  });

  it('Update Experience refuses a side effect as an effect to rate, as the wizard does, and says where it goes', async () => {
    // The report's peptide lists one side effect of its own, and the vocabulary one the shared words lack.
    const [bpc, ...others] = DEFAULT_PEPTIDES;
    const answered = new Set<string>();
    server.use(
      on('peptideCatalogue', () => {
        answered.add('catalogue');
        return HttpResponse.json(
          catalogueBody([{ ...bpc!, sideEffects: [...bpc!.sideEffects, 'Hiccups'] }, ...others]),
        );
      }),
      on('effects', () => {
        answered.add('effects');
        return HttpResponse.json(
          effectsBody([
            ...DEFAULT_EFFECTS,
            { _id: '30000000-0000-4000-8000-000000000009', name: 'Dry mouth', type: 'side' },
          ]),
        );
      }),
    );
    const app = await openYourData();
    await lookUp(app, TRK);
    await app.user.click(await screen.findByRole('button', { name: 'Update Experience' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Experience' });
    const name = within(dialog).getByLabelText('Add an effect to rate');
    // The dialog reads the peptide's list and the vocabulary as it opens.
    await waitFor(() => expect([...answered].sort()).toEqual(['catalogue', 'effects']));
    // The shared words, the vocabulary's side effects and the peptide's own list, whatever the letter case.
    for (const typed of ['nausea', 'Dry mouth', 'hiccups']) {
      await app.user.clear(name);
      await app.user.type(name, `${typed}{Enter}`);
      await waitFor(() =>
        expect(name).toHaveAccessibleDescription(`${typed} is a side effect: add it under Side effects`),
      );
      expect(name).toHaveAttribute('aria-invalid', 'true');
      expect(within(dialog).queryByRole('slider', { name: typed })).toBeNull();
    }
    // Typing again clears the message; a benefit is added as before.
    await app.user.clear(name);
    expect(name).not.toHaveAttribute('aria-invalid');
    await app.user.type(name, 'Focus');
    await app.user.click(within(dialog).getByRole('button', { name: 'Add effect' }));
    expect(within(dialog).getByRole('slider', { name: 'Focus' })).toBeInTheDocument();
    await app.user.selectOptions(within(dialog).getByLabelText('Severity of Headache'), 'mild');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Experience updated successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      outcomes: { Recovery: 8, Sleep: 6 },
      sideEffects: [{ name: 'Headache', severity: 'mild' }],
    });
  });

  it('Update Experience marks a wrong duration under its field and warns of a link before saving', async () => {
    const app = await openYourData();
    await lookUp(app, TRK);
    await app.user.click(await screen.findByRole('button', { name: 'Update Experience' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Experience' });
    const duration = within(dialog).getByLabelText('Duration (days)');
    await app.user.clear(duration);
    await app.user.type(duration, '4.5');
    await app.user.type(within(dialog).getByLabelText('Story'), ' See www.shop.example');
    expect(within(dialog).getByText(/will wait for a moderator’s review/)).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(duration).toHaveAttribute('aria-invalid', 'true');
    expect(duration).toHaveAccessibleDescription('Enter the number of days, a whole number like 30');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('keeps the dialog and the typed text when the update fails', async () => {
    const app = await openYourData();
    await lookUp(app, TRK);
    server.use(
      http.put('/api/experiences/tracking', () => HttpResponse.json(errorBody('Too many requests'), { status: 429 })),
    );
    await app.user.click(await screen.findByRole('button', { name: 'Update Experience' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Experience' });
    await app.user.type(within(dialog).getByLabelText('Story'), ' More.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Too many requests')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Story')).toHaveValue(`${STORY} More.`);
  });

  it('Delete Data asks first, deletes, and the lookup then finds nothing', async () => {
    const app = await openYourData();
    await lookUp(app, TRK);
    await app.user.click(await screen.findByRole('button', { name: 'Delete Data' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Data' });
    expect(within(dialog).getByText(/This action cannot be undone/)).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await app.user.click(screen.getByRole('button', { name: 'Delete Data' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Data' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Your experience has been deleted.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: '/api/experiences/tracking/delete', trackingId: TRK },
    ]);
    expect(screen.queryByRole('heading', { name: 'Your submission' })).not.toBeInTheDocument();
    await lookUp(app, TRK);
    expect(await screen.findByRole('alert')).toHaveTextContent('Experience not found');
  });

  it('no request URL, address, history entry or storage ever holds the tracking ID', async () => {
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const app = await openYourData();
    const pushed: unknown[] = [];
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = window.history[method].bind(window.history);
      vi.spyOn(window.history, method).mockImplementation((state, unused, url) => {
        pushed.push([state, url]);
        original(state, unused, url);
      });
    }
    await lookUp(app, ` ${TRK.toLowerCase()} `);
    await screen.findByText('Found: your submission is shown below.');
    await app.user.click(screen.getByRole('button', { name: 'Export Data' }));
    await app.user.click(screen.getByRole('button', { name: 'Update Experience' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Experience' });
    await app.user.type(within(dialog).getByLabelText('Story'), ' More.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Experience updated successfully')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Delete Data' }));
    await app.user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Data' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Your experience has been deleted.')).toBeInTheDocument();

    // Each action reached the server, with the ID in its body.
    expect([...new Set(calls.map((c) => c.method))]).toEqual(['LOOKUP', 'PUT', 'DELETE']);
    expect(calls.every((c) => c.trackingId === TRK)).toBe(true);
    const tracking = urls.filter((u) => u.includes('/api/experiences/tracking'));
    expect(tracking.length).toBeGreaterThanOrEqual(3);
    for (const url of urls) expect(url).not.toMatch(/TRK-|\d{20}/i);
    expect(window.location.href).not.toMatch(/TRK-|\d{20}/i);
    expect(JSON.stringify(pushed)).not.toMatch(/TRK-|\d{20}/i);
    const stores = [window.localStorage, window.sessionStorage].flatMap((store) =>
      Object.keys(store).map((k) => `${k}=${store.getItem(k)}`),
    );
    expect(stores.join('\n')).not.toMatch(/TRK-|\d{20}/i);
  });
});
