// What the author is told about publication batches (docs/product-rules.md, "Publication in
// batches"), and the padding of their request bodies: the confirmation and the tracking lookup
// say when a report or a change becomes public and why it waits; submission and update bodies are
// all PADDED_BODY_BYTES long, so their sizes do not point at a report.
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { UpdateTrackedExperienceRequest, type OwnExperience } from '@contract/experiences';
import { PADDED_BODY_BYTES } from '@contract/rules';
import { paddedJson } from '@/api/padded-body';
import { batchTime } from '@/lib/publication';
import { renderApp } from './helpers/render-app';
import { makeOwnExperience, ownExperienceBody } from './msw/fixtures';
import { server } from './msw/server';

vi.setConfig({ testTimeout: 20_000 });
const slow = { timeout: 8_000 };
const TRK = 'TRK-11112222333344445555';
const BATCH = '2026-11-27T18:00:00.000Z';

describe('padded bodies', () => {
  it('are all PADDED_BODY_BYTES long in UTF-8, and read back as the same JSON', () => {
    const bytes = (s: string) => new TextEncoder().encode(s).length;
    for (const value of [{}, { story: 'x'.repeat(4095) }, { story: 'é'.repeat(3000) }, { story: '🧪'.repeat(1500), outcomes: { Sleep: 7 } }, { story: '睡'.repeat(1000) }]) {
      const body = paddedJson(value);
      expect(bytes(body)).toBe(PADDED_BODY_BYTES);
      expect(JSON.parse(body)).toEqual(value);
      expect(body.trimEnd()).toBe(JSON.stringify(value));
    }
  });

  it('hold the report as the contract reads it: text typed in another Unicode form is no larger', () => {
    // 1,000 Hangul syllables typed as 3,000 separate letters (jamo): the contract stores them
    // composed (NFC), and the body carries them so.
    const syllables = '한'.repeat(1000);
    const typed = syllables.normalize('NFD');
    expect(typed.length).toBe(3000);
    const body = paddedJson({ trackingId: ' trk-11112222333344445555 ', story: typed }, UpdateTrackedExperienceRequest);
    expect(new TextEncoder().encode(body).length).toBe(PADDED_BODY_BYTES);
    expect(JSON.parse(body)).toEqual({ trackingId: 'TRK-11112222333344445555', story: syllables });
  });
});

describe('the bodies the app sends', () => {
  it('a correction is sent padded, as it leaves the browser', async () => {
    const sizes: number[] = [];
    const stored = { ...makeOwnExperience({ trackingId: TRK }), status: 'published' as const };
    server.use(
      http.post('/api/experiences/tracking/lookup', () => HttpResponse.json(ownExperienceBody(stored))),
      http.put('/api/experiences/tracking', async ({ request }) => {
        sizes.push(new TextEncoder().encode(await request.text()).length);
        return HttpResponse.json(ownExperienceBody(stored));
      }),
    );
    const app = renderApp('/privacy');
    await app.user.click(await screen.findByRole('tab', { name: 'Your Data' }, slow));
    await app.user.type(screen.getByLabelText('Tracking ID'), TRK);
    await app.user.click(screen.getByRole('button', { name: 'Look Up' }));
    await app.user.click(await screen.findByRole('button', { name: 'Update Experience' }, slow));
    await app.user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Experience updated successfully', {}, slow);
    expect(sizes).toHaveLength(1);
    expect(sizes[0]).toBe(PADDED_BODY_BYTES);
  });
});

describe('batch times', () => {
  it('read as the UTC time, with the day when it is not today', () => {
    expect(batchTime(BATCH, new Date('2026-11-27T13:00:00Z'))).toMatch(/^18:00 UTC( \(\d\d:\d\d your time\))?$/);
    expect(batchTime('2026-11-28T00:00:00.000Z', new Date('2026-11-27T21:00:00Z'))).toMatch(/^00:00 UTC on Nov 28, 2026/);
    expect(batchTime('not a time')).toBe('not a time');
  });
});

describe('the tracking lookup says when a change becomes public', () => {
  async function lookUp(overrides: Partial<OwnExperience>) {
    const stored = { ...makeOwnExperience({ trackingId: TRK }), ...overrides };
    server.use(http.post('/api/experiences/tracking/lookup', () => HttpResponse.json(ownExperienceBody(stored))));
    const app = renderApp('/privacy');
    await app.user.click(await screen.findByRole('tab', { name: 'Your Data' }, slow));
    await app.user.type(screen.getByLabelText('Tracking ID'), TRK);
    await app.user.click(screen.getByRole('button', { name: 'Look Up' }));
    const heading = await screen.findByRole('heading', { name: 'Your submission' }, slow);
    return heading.closest('[aria-labelledby]') as HTMLElement;
  }

  it('a new report waiting for its batch', async () => {
    const result = await lookUp({ status: 'queued', publicFrom: BATCH });
    expect(within(result).getByText('Waiting for publication')).toBeInTheDocument();
    expect(within(result).getByTestId('public-from')).toHaveTextContent(
      /^Your report appears on the public pages at .*18:00 UTC.*, together with every report and change sent since the previous publication, so nobody can tell which one is yours\.$/,
    );
  });

  it('a published report with a correction waiting', async () => {
    const result = await lookUp({ status: 'published', publicFrom: BATCH });
    expect(within(result).getByText('Published')).toBeInTheDocument();
    expect(within(result).getByTestId('public-from')).toHaveTextContent(/^Your changes appear on the public pages at /);
  });

  it('a held report a moderator approved', async () => {
    const result = await lookUp({ status: 'held', holdReasons: ['link'], publicFrom: BATCH });
    expect(within(result).getByTestId('public-from')).toHaveTextContent(/^A moderator approved it: it appears on the public pages at /);
  });

  it('nothing waiting: no time is given', async () => {
    const result = await lookUp({ status: 'published', publicFrom: null });
    expect(within(result).queryByTestId('public-from')).toBeNull();
  });
});
