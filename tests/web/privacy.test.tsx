// /privacy (issue 5 part 2): tabs, truthful content with the source link, and the working
// data rights keyed by tracking ID: lookup, Export Data, Update Experience, Delete Data.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UpdateExperienceRequest, type OwnExperience } from '@contract/experiences';
import pkg from '../../package.json';
import { renderApp } from './helpers/render-app';
import { errorBody, makeOwnExperience, ownExperienceBody } from './msw/fixtures';
import { server } from './msw/server';

vi.setConfig({ testTimeout: 20_000 });

const TRK = 'TRK-98765432109876543210';
const STORY = 'Week one was quiet. By week three my **shoulder** moved freely again, and sleep improved a little too, which I did not expect.';

/** An in-memory stand-in for the tracking endpoints, with a log of what was sent. */
let stored: OwnExperience | null;
let calls: { method: string; path: string; body?: unknown }[];

beforeEach(() => {
  stored = makeOwnExperience({ trackingId: TRK, story: STORY, outcomes: { Recovery: 8, Sleep: 6 }, effects: ['Faster recovery'] });
  calls = [];
  const find = (id: string) => (stored && id === stored.trackingId ? stored : null);
  server.use(
    http.get('/api/experiences/tracking/:id', ({ params }) => {
      calls.push({ method: 'GET', path: String(params.id) });
      const found = find(String(params.id));
      return found ? HttpResponse.json(ownExperienceBody(found)) : HttpResponse.json(errorBody('Experience not found'), { status: 404 });
    }),
    http.put('/api/experiences/tracking/:id', async ({ params, request }) => {
      const body = await request.json();
      calls.push({ method: 'PUT', path: String(params.id), body });
      const found = find(String(params.id));
      if (!found) return HttpResponse.json(errorBody('Experience not found'), { status: 404 });
      const changes = UpdateExperienceRequest.safeParse(body);
      if (!changes.success) return HttpResponse.json(errorBody('invalid'), { status: 400 });
      stored = { ...found, ...changes.data, updatedAt: '2026-03-01T12:00:00.000Z' } as OwnExperience;
      return HttpResponse.json(ownExperienceBody(stored));
    }),
    http.delete('/api/experiences/tracking/:id', ({ params }) => {
      calls.push({ method: 'DELETE', path: String(params.id) });
      if (!find(String(params.id))) return HttpResponse.json(errorBody('Experience not found'), { status: 404 });
      stored = null;
      return HttpResponse.json({ success: true, data: {} });
    }),
  );
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
  it('opens on Overview, shows the grade with its reasons, and links to the public source', async () => {
    const app = renderApp('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy & Data Control' }, { timeout: 8000 });
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['Overview', 'Your Data', 'Your Rights', 'Technical Details']);
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Privacy grade A plus')).toBeInTheDocument();
    expect(screen.getByText(/A report row has no column for an account, email, IP address or user agent/)).toBeInTheDocument();
    expect(screen.getByText(/Your IP address or user agent/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Read the source code/ })).toHaveAttribute('href', pkg.repository.url);
    // Nothing the product cannot back (decisions.md): no AES-256 claim, TLS only as a requirement.
    expect(document.body.textContent).not.toMatch(/AES-256|TLS 1\.3/);
    await app.user.click(screen.getByRole('tab', { name: 'Technical Details' }));
    expect(screen.getByText(/serve the site only over HTTPS/)).toBeInTheDocument();
    expect(screen.getByText(/The application itself does not encrypt data at rest/)).toBeInTheDocument();
  });

  it('lookup: button disabled when empty, "Please enter a tracking ID", TRK- placeholder', async () => {
    const app = await openYourData();
    const input = screen.getByLabelText('Tracking ID');
    const button = screen.getByRole('button', { name: 'Look Up' });
    expect(input).toHaveAttribute('placeholder', expect.stringMatching(/^TRK-\d+$/));
    expect(button).toBeDisabled();
    await app.user.type(input, '   ');
    expect(button).toBeDisabled();
    expect(screen.getByText('Please enter a tracking ID')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('finds a report with a trimmed, lower-case ID and shows its fields', async () => {
    const app = await openYourData();
    await lookUp(app, `  ${TRK.toLowerCase()}  `);
    expect(await screen.findByText('Experience found successfully', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(calls[0]).toEqual({ method: 'GET', path: TRK });
    const result = screen.getByRole('heading', { name: 'Your submission' }).closest('[aria-labelledby]') as HTMLElement;
    expect(within(result).getByText(TRK)).toBeInTheDocument();
    expect(within(result).getByText('BPC-157')).toBeInTheDocument();
    expect(within(result).getByText('250 mcg')).toBeInTheDocument();
    expect(within(result).getByText('30 days')).toBeInTheDocument();
    expect(within(result).getByText('Subcutaneous')).toBeInTheDocument();
    expect(within(result).getByText('Recovery 8/10, Sleep 6/10')).toBeInTheDocument();
  });

  it('says "Experience not found" for an unknown ID and keeps what was typed', async () => {
    const app = await openYourData();
    await lookUp(app, 'TRK-00000000000000000000');
    expect(await screen.findByRole('alert')).toHaveTextContent('Experience not found');
    expect(screen.getByLabelText('Tracking ID')).toHaveValue('TRK-00000000000000000000');
    expect(screen.queryByRole('heading', { name: 'Your submission' })).not.toBeInTheDocument();
  });

  it('Export Data downloads the report as JSON named after the tracking ID', async () => {
    let blob: Blob | undefined;
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => ((blob = b), 'blob:report'), revokeObjectURL: () => undefined }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const app = await openYourData();
    await lookUp(app, TRK);
    await app.user.click(await screen.findByRole('button', { name: 'Export Data' }));
    expect(clicked).toHaveLength(1);
    expect(clicked[0].download).toBe(`peptide-experience-${TRK}.json`);
    expect(clicked[0].getAttribute('href')).toBe('blob:report');
    expect(blob?.type).toBe('application/json');
    const exported = JSON.parse(await blob!.text()) as OwnExperience;
    expect(exported).toMatchObject({ trackingId: TRK, story: STORY, outcomes: { Recovery: 8, Sleep: 6 } });
    expect(await screen.findByText('Export Successful')).toBeInTheDocument();
  });

  it('Update Experience sends story, outcomes and effects and shows the result', async () => {
    const app = await openYourData();
    await lookUp(app, TRK);
    await app.user.click(await screen.findByRole('button', { name: 'Update Experience' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Experience' });
    const story = within(dialog).getByLabelText('Story');
    await app.user.clear(story);
    expect(within(dialog).getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    expect(within(dialog).getByText(/needs at least 100 characters/)).toBeInTheDocument();
    const newStory = `${STORY} Update: after eight weeks the gains held.`;
    await app.user.click(story);
    await app.user.paste(newStory);
    fireEvent.change(within(dialog).getByRole('slider', { name: 'Sleep' }), { target: { value: '9' } });
    const effects = within(dialog).getByLabelText('Extra effects');
    await app.user.clear(effects);
    await app.user.type(effects, 'Faster recovery, , Better sleep ');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Experience updated successfully')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ story: newStory, outcomes: { Recovery: 8, Sleep: 9 }, effects: ['Faster recovery', 'Better sleep'] });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Recovery 8/10, Sleep 9/10')).toBeInTheDocument();
    expect(screen.getByText('Faster recovery, Better sleep')).toBeInTheDocument();
  });

  it('keeps the dialog and the typed text when the update fails', async () => {
    const app = await openYourData();
    await lookUp(app, TRK);
    server.use(http.put('/api/experiences/tracking/:id', () => HttpResponse.json(errorBody('Too many requests'), { status: 429 })));
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
    expect(await screen.findByText('Your experience has been deleted')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([{ method: 'DELETE', path: TRK }]);
    expect(screen.queryByRole('heading', { name: 'Your submission' })).not.toBeInTheDocument();
    await lookUp(app, TRK);
    expect(await screen.findByRole('alert')).toHaveTextContent('Experience not found');
  });
});
