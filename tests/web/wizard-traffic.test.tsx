// What the wizard sends while a report is written, and how its pieces hand things on
// (docs/product-rules.md, "Anonymity"): the peptide picker searches the catalogue on the device
// (one download, no request per text typed or peptide chosen); a link from a peptide's page
// carries the peptide in the fragment, and an older `?peptide=` link still works, both leaving
// the address; the confirmation hands the tracking ID to the Privacy page in memory, never in the
// router's state; a signed-in person is told, beside Submit, what submitting signed in means.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExperienceListResponse, TrackingLookupRequest } from '@contract/experiences';
import type { SubmitResult } from '@/api/experience-submit';
import { AppProviders } from '@/app/AppProviders';
import { createQueryClient } from '@/app/query-client';
import { PrivacyPage } from '@/features/privacy/PrivacyPage';
import { Confirmation } from '@/features/submit/Confirmation';
import { SIGNED_IN_SUBMISSION } from '@/lib/brand';
import { paths } from '@/lib/paths';
import { handOnClick, handedTrackingId } from '@/lib/tracking-id';
import { pickerField } from './helpers/peptide-picker';
import { renderApp } from './helpers/render-app';
import {
  DEFAULT_PEPTIDES,
  DEFAULT_SCHEDULE,
  makeOwnExperience,
  ownExperienceBody,
  peptideDetailBody,
} from './msw/fixtures';
import { backend } from './msw/backend';
import { server } from './msw/server';

vi.setConfig({ testTimeout: 20_000 });
const slow = { timeout: 8_000 };
const [BPC, , SEMAX] = DEFAULT_PEPTIDES as [
  (typeof DEFAULT_PEPTIDES)[number],
  (typeof DEFAULT_PEPTIDES)[number],
  (typeof DEFAULT_PEPTIDES)[number],
];

let urls: string[] = [];
const recordUrl = ({ request }: { request: Request }) => {
  const url = new URL(request.url);
  urls.push(`${request.method} ${url.pathname}${url.search}`);
};
beforeEach(() => {
  urls = [];
  server.events.on('request:start', recordUrl);
});
afterEach(() => {
  server.events.removeListener('request:start', recordUrl);
});

/** Every request that names `words` in its path or query. */
const naming = (...words: string[]) =>
  urls.filter((u) => words.some((w) => decodeURIComponent(u).toLowerCase().includes(w.toLowerCase())));

describe("the wizard's peptide picker", () => {
  it('searches the catalogue on the device: one download, nothing sent for what is typed or chosen', async () => {
    const app = renderApp('/submit');
    const field = await screen.findByRole('combobox', { name: 'Peptide' }, slow);
    await app.user.click(field);
    await app.user.type(field, 'nootropic');
    // Matched by its description, as the server's search matches (contract/rules.ts peptideMatchesSearch).
    const list = screen.getByRole('listbox', { name: 'Peptides' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([expect.stringContaining(SEMAX.name)]);
    expect(screen.getByText('1 peptide matches.')).toBeInTheDocument();
    await app.user.clear(field);
    await app.user.type(field, 'zzz');
    expect(screen.getByText('No peptide matches “zzz”.')).toBeInTheDocument();
    await app.user.clear(field);
    await app.user.type(field, 'bpc');
    await app.user.click(screen.getByRole('option', { name: new RegExp(`^${BPC.name}`) }));
    expect(pickerField()).toHaveValue(BPC.name);
    expect(urls.filter((u) => u.startsWith('GET /api/peptides'))).toEqual(['GET /api/peptides/catalogue']);
    expect(naming('nootropic', 'zzz', 'bpc', BPC._id)).toEqual([]);
  });

  it("a correction's peptide picker searches the same way: nothing typed is sent before the correction", async () => {
    const TRK = 'TRK-27182818284590452353';
    server.use(
      http.post('/api/experiences/tracking/lookup', () =>
        HttpResponse.json(ownExperienceBody(makeOwnExperience({ trackingId: TRK, status: 'published' }))),
      ),
    );
    const app = renderApp('/privacy');
    await app.user.click(await screen.findByRole('tab', { name: 'Your Data' }, slow));
    await app.user.type(screen.getByLabelText('Tracking ID'), TRK);
    await app.user.click(screen.getByRole('button', { name: 'Look Up' }));
    await app.user.click(await screen.findByRole('button', { name: 'Update Experience' }, slow));
    const field = within(screen.getByRole('dialog')).getByRole('combobox', { name: 'Peptide' });
    await app.user.click(field);
    await app.user.clear(field);
    await app.user.type(field, 'nootropic');
    expect(await screen.findByRole('option', { name: new RegExp(`^${SEMAX.name}`) }, slow)).toBeInTheDocument();
    expect(naming('nootropic')).toEqual([]);
    expect(urls.filter((u) => u.startsWith('GET /api/peptides'))).toEqual(['GET /api/peptides/catalogue']);
  });

  it('says so when the catalogue cannot be downloaded, and tries again when the text changes', async () => {
    let failing = true;
    server.use(http.get('/api/peptides/catalogue', () => (failing ? HttpResponse.error() : undefined)));
    const app = renderApp('/submit');
    const field = await screen.findByRole('combobox', { name: 'Peptide' }, slow);
    await app.user.click(field);
    expect(
      await screen.findByText('Could not search the peptides. Check your connection, then type again.', {}, slow),
    ).toBeInTheDocument();
    failing = false;
    await app.user.type(field, 'sem');
    expect(await screen.findByRole('option', { name: new RegExp(`^${SEMAX.name}`) }, slow)).toBeInTheDocument();
  });
});

describe('links into the wizard', () => {
  it("a peptide's page links to the wizard with the peptide in the fragment", async () => {
    server.use(
      http.get(`/api/peptides/${BPC._id}`, () => HttpResponse.json(peptideDetailBody(BPC))),
      http.get('/api/experiences', () =>
        HttpResponse.json(ExperienceListResponse.parse({ success: true, data: { experiences: [], nextCursor: null } })),
      ),
    );
    renderApp(`/peptides/${BPC._id}`);
    const link = await screen.findByRole('link', { name: `Share your experience with ${BPC.name}` }, slow);
    expect(link).toHaveAttribute('href', `/submit#peptide=${BPC._id}`);
    expect(paths.submitWith(BPC._id)).toBe(`/submit#peptide=${BPC._id}`);
  });

  it.each([
    ['the fragment', `/submit#peptide=${BPC._id}`],
    ['an older link’s query', `/submit?peptide=${BPC._id}`],
  ])('%s chooses the peptide, which the address then drops', async (_, address) => {
    const app = renderApp(address);
    await waitFor(() => expect(pickerField()).toHaveValue(BPC.name), slow);
    await waitFor(() => expect(`${app.location()}${app.search().toString()}${app.hash()}`).toBe('/submit'));
    expect(naming(BPC._id)).toEqual([]);
  });
});

/** The confirmation and the Privacy page, in one router whose location state is shown. */
function renderConfirmation(result: SubmitResult) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const states: unknown[] = [];
  function StateProbe() {
    const location = useLocation();
    states.push(location.state);
    return <output data-testid="where">{location.pathname}</output>;
  }
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/submit']}>
      <AppProviders queryClient={queryClient}>
        <Routes>
          <Route
            path="/submit"
            element={<Confirmation result={result} schedule={DEFAULT_SCHEDULE} onReset={() => undefined} />}
          />
          <Route path="/privacy" element={<PrivacyPage />} />
          <Route path="/community" element={<p>Community</p>} />
        </Routes>
        <StateProbe />
      </AppProviders>
    </MemoryRouter>,
  );
  return { user, states };
}

describe('the tracking ID handed from the confirmation to the Privacy page', () => {
  const TRK = 'TRK-31415926535897932384';
  const queued: SubmitResult = {
    trackingId: TRK,
    experienceId: '22222222-2222-4222-8222-222222222222',
    status: 'queued',
    holdReasons: [],
    publicFrom: '2026-11-27T18:00:00.000Z',
    publicBy: '2026-12-11T18:00:00.000Z',
  };

  it('in memory, read once: the lookup runs on arrival; no router state or storage holds it, and nothing is left to hand over', async () => {
    const looked: string[] = [];
    server.use(
      http.post('/api/experiences/tracking/lookup', async ({ request }) => {
        const { trackingId } = TrackingLookupRequest.parse(await request.json());
        looked.push(trackingId);
        return HttpResponse.json(ownExperienceBody(makeOwnExperience({ trackingId, status: 'queued' })));
      }),
    );
    const { user, states } = renderConfirmation(queued);
    await user.click(screen.getByRole('link', { name: 'View your report' }));
    // (Looked up, then read again as the report is shown: the same ID both times.)
    await waitFor(() => expect(looked.length).toBeGreaterThan(0), slow);
    expect(new Set(looked)).toEqual(new Set([TRK]));
    expect(await screen.findByRole('tab', { name: 'Your Data', selected: true }, slow)).toBeInTheDocument();
    expect(screen.getByLabelText('Tracking ID')).toHaveValue(TRK);
    // Nothing in any history entry's state, nothing left to hand over.
    expect(states.filter((s) => JSON.stringify(s ?? null).includes('TRK-'))).toEqual([]);
    expect(handedTrackingId()).toBeNull();
    expect(JSON.stringify({ ...sessionStorage, ...localStorage })).not.toContain('TRK-');
  });

  it('only on a click that navigates this page: one opening a new tab hands nothing', () => {
    handOnClick(TRK)({ button: 0, ctrlKey: true, metaKey: false, altKey: false, shiftKey: false });
    expect(handedTrackingId()).toBeNull();
    handOnClick(TRK)({ button: 1, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false });
    expect(handedTrackingId()).toBeNull();
    handOnClick(TRK)({ button: 0, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false });
    expect(handedTrackingId()).toBe(TRK);
  });
});

describe('submitting while signed in', () => {
  async function toStep4() {
    sessionStorage.setItem(
      'submitExperienceDraft-2',
      JSON.stringify({
        step: 4,
        form: {
          peptideId: BPC._id,
          dosage: '250 mcg',
          frequency: 'daily',
          duration: '30',
          routeOfAdministration: 'oral',
          primaryPurpose: ['Recovery'],
          ageRange: '30-34',
          biologicalSex: 'female',
          activityLevel: 'active',
          outcomes: { Recovery: 7 },
          timeline: '1-week',
        },
      }),
    );
    renderApp('/submit');
    await screen.findByText('Step 4 of 4', {}, slow);
    await screen.findByRole('button', { name: 'Submit Experience' }, slow);
  }

  it('is said plainly beside Submit to a signed-in person, with how to avoid it', async () => {
    backend.seedSession('member@example.com');
    await toStep4();
    const note = await screen.findByTestId('signed-in-note', {}, slow);
    expect(note).toHaveTextContent('You are signed in.');
    expect(note.textContent).toContain(SIGNED_IN_SUBMISSION.risk);
    expect(note.textContent).toContain(SIGNED_IN_SUBMISSION.remedy);
  });

  it('is not shown to a person signed out', async () => {
    await toStep4();
    expect(screen.queryByTestId('signed-in-note')).not.toBeInTheDocument();
  });

  it('the Privacy page says the same, and no longer promises that nothing connects the two', async () => {
    const app = renderApp('/privacy');
    await app.user.click(await screen.findByRole('tab', { name: 'Technical Details' }, slow));
    const text = (document.body.textContent ?? '').replace(/\s+/g, ' ');
    expect(text).toContain(`${SIGNED_IN_SUBMISSION.risk} ${SIGNED_IN_SUBMISSION.remedy}`);
    await app.user.click(screen.getByRole('tab', { name: 'Overview' }));
    expect((document.body.textContent ?? '').replace(/\s+/g, ' ')).not.toContain(
      'account is never linked to a report they submit',
    );
  });
});
