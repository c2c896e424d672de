// What the author is told about publication batches (docs/product-rules.md, "Publication in
// batches"), and the padding of their request bodies: before Submit, what publication means on
// this site (its group, its typical and longest wait: GET /api/publication, asked when the wizard
// opens and never at its last step); on the confirmation and the tracking lookup, when a report or
// a change can become public at the earliest and the latest and what its group hides, or that it
// went public in a small group; submission and update bodies are all PADDED_BODY_BYTES long, so
// their sizes do not point at a report.
import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SubmitExperienceRequest,
  UpdateTrackedExperienceRequest,
  type OwnExperience,
  type PublicationSchedule,
} from '@contract/experiences';
import { PADDED_BODY_BYTES } from '@contract/rules';
import { paddedJson } from '@/api/padded-body';
import { batchTime, nextPublication, publicationRule, span } from '@/lib/publication';
import { choosePeptide } from './helpers/peptide-picker';
import { renderApp } from './helpers/render-app';
import {
  DEFAULT_SCHEDULE,
  catalogueBody,
  errorBody,
  makeOwnExperience,
  makePeptide,
  ownExperienceBody,
  publicationBody,
  submitBody,
} from './msw/fixtures';
import { server } from './msw/server';

vi.setConfig({ testTimeout: 20_000 });
const slow = { timeout: 8_000 };
const TRK = 'TRK-11112222333344445555';
const BATCH = '2026-11-27T18:00:00.000Z';
/** Its latest: 14 days after its own first grid time. */
const LATEST = '2026-12-11T00:00:00.000Z';

describe('padded bodies', () => {
  it('are all PADDED_BODY_BYTES long in UTF-8, and read back as the same JSON', () => {
    const bytes = (s: string) => new TextEncoder().encode(s).length;
    for (const value of [
      {},
      { story: 'x'.repeat(4095) },
      { story: 'é'.repeat(3000) },
      { story: '🧪'.repeat(1500), outcomes: { Sleep: 7 } },
      { story: '睡'.repeat(1000) },
    ]) {
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
  /** `run` with the reader's clock in time zone `tz` (Node reads TZ afresh when it changes). */
  function inZone(tz: string, run: () => void) {
    const before = process.env.TZ;
    process.env.TZ = tz;
    try {
      run();
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  }

  it('read as the UTC time and the reader’s own, each with its day when it is not that clock’s today', () => {
    inZone('Europe/Berlin', () => {
      expect(batchTime(BATCH, new Date('2026-11-27T13:00:00Z'))).toBe('18:00 UTC (19:00 your time)');
      expect(batchTime('2026-11-28T00:00:00.000Z', new Date('2026-11-27T21:00:00Z'))).toBe(
        '00:00 UTC on Nov 28, 2026 (01:00 your time on Nov 28, 2026)',
      );
    });
    // Five hours behind: midnight UTC tomorrow is 19:00 today.
    inZone('America/New_York', () =>
      expect(batchTime('2026-11-28T00:00:00.000Z', new Date('2026-11-27T21:00:00Z'))).toBe(
        '00:00 UTC on Nov 28, 2026 (19:00 your time)',
      ),
    );
    // Nine hours ahead: 18:00 UTC today is 03:00 tomorrow.
    inZone('Asia/Tokyo', () =>
      expect(batchTime(BATCH, new Date('2026-11-27T13:00:00Z'))).toBe('18:00 UTC (03:00 your time on Nov 28, 2026)'),
    );
    // A reader whose clock is UTC is told so too, rather than left to wonder.
    inZone('UTC', () => expect(batchTime(BATCH, new Date('2026-11-27T13:00:00Z'))).toBe('18:00 UTC (18:00 your time)'));
    expect(batchTime('not a time')).toBe('not a time');
  });
});

describe('the tracking lookup says where the report stands', () => {
  async function lookUp(overrides: Partial<OwnExperience>, schedule: PublicationSchedule | null = DEFAULT_SCHEDULE) {
    const stored = { ...makeOwnExperience({ trackingId: TRK }), ...overrides };
    server.use(
      http.post('/api/experiences/tracking/lookup', () => HttpResponse.json(ownExperienceBody(stored))),
      http.get('/api/publication', () =>
        schedule ? HttpResponse.json(publicationBody(schedule)) : HttpResponse.json(errorBody('Down'), { status: 503 }),
      ),
    );
    const app = renderApp('/privacy');
    await app.user.click(await screen.findByRole('tab', { name: 'Your Data' }, slow));
    await app.user.type(screen.getByLabelText('Tracking ID'), TRK);
    await app.user.click(screen.getByRole('button', { name: 'Look Up' }));
    const heading = await screen.findByRole('heading', { name: 'Your submission' }, slow);
    return { app, result: heading.closest('[aria-labelledby]') as HTMLElement };
  }

  it('a new report waiting for its group: at the earliest, at the latest, and what its group hides', async () => {
    const { result } = await lookUp({ status: 'queued', publicFrom: BATCH, publicBy: LATEST });
    expect(within(result).getByText('Waiting for publication')).toBeInTheDocument();
    expect(within(result).getByText(/waits for its group of changes to be published/)).toBeInTheDocument();
    expect(within(result).getByTestId('public-from')).toHaveTextContent(
      /^Your report appears on the public pages with the first publication that holds at least 5 changes: at .*18:00 UTC.* at the earliest, and by 00:00 UTC on Dec 11, 2026.* at the latest\.$/,
    );
    expect(within(result).getByTestId('group-note')).toHaveTextContent(
      'In a group of 5 or more nobody can tell from the time which one is yours. If too few changes come in by the latest time, it goes out in a smaller group: then someone who saw you send it could tell, and your lookup will say so.',
    );
    // The old promise, whatever the group, is gone.
    expect(result).not.toHaveTextContent(/so nobody can tell which one is yours/);
  });

  it('its last grid time: at the latest', async () => {
    const { result } = await lookUp({ status: 'queued', publicFrom: LATEST, publicBy: LATEST });
    expect(within(result).getByTestId('public-from')).toHaveTextContent(
      /^Your report appears on the public pages at 00:00 UTC on Dec 11, 2026.* at the latest\.$/,
    );
  });

  it('a published report with a correction waiting', async () => {
    const { result } = await lookUp({ status: 'published', publicFrom: BATCH, publicBy: LATEST });
    expect(within(result).getByText('Published')).toBeInTheDocument();
    expect(within(result).getByTestId('public-from')).toHaveTextContent(
      /^Your changes appear on the public pages with the first publication that holds at least 5 changes: /,
    );
  });

  it('a held report a moderator approved', async () => {
    const { result } = await lookUp({ status: 'held', holdReasons: ['link'], publicFrom: BATCH, publicBy: LATEST });
    expect(within(result).getByTestId('public-from')).toHaveTextContent(
      /^A moderator approved it: it appears on the public pages with the first publication /,
    );
    expect(within(result).queryByTestId('group-note')).toBeNull();
  });

  it('published in a group the longest wait forced out small: said so; otherwise nothing waiting, no time', async () => {
    const small = await lookUp({ status: 'published', publicFrom: null, publicBy: null, smallGroupAt: LATEST });
    expect(within(small.result).queryByTestId('public-from')).toBeNull();
    expect(within(small.result).getByTestId('small-group')).toHaveTextContent(
      /^Your report, or your last correction, was published at 00:00 UTC on Dec 11, 2026.* in a group of fewer than 5 changes, after the longest wait this site allows: someone who saw you send it and watched the pages could tell that it is yours\.$/,
    );
    small.app.unmount();
    const full = await lookUp({ status: 'published', publicFrom: null, publicBy: null, smallGroupAt: null });
    expect(within(full.result).queryByTestId('public-from')).toBeNull();
    expect(within(full.result).queryByTestId('small-group')).toBeNull();
  });

  it('without the site’s settings (their answer failed), it promises nothing that depends on them', async () => {
    const { result } = await lookUp({ status: 'queued', publicFrom: BATCH, publicBy: LATEST }, null);
    expect(within(result).getByTestId('public-from')).toHaveTextContent(
      /^Your report appears on the public pages with the first publication that holds enough changes: /,
    );
    expect(within(result).getByTestId('group-note')).toHaveTextContent(
      /^In a full group nobody can tell from the time which one is yours\./,
    );
  });

  it('the update and delete dialogs of a published report say when, and what a group hides; the deletion says when it leaves', async () => {
    server.use(
      http.post('/api/experiences/tracking/delete', () =>
        HttpResponse.json({ success: true, data: { publicUntil: BATCH, publicBy: LATEST } }),
      ),
    );
    const { app } = await lookUp({ status: 'published', publicFrom: null });
    await app.user.click(screen.getByRole('button', { name: 'Update Experience' }));
    expect(await screen.findByRole('note')).toHaveTextContent(
      /^Your changes appear on the public pages with the first publication that holds at least 5 changes \(within 14 days\)\. In a group of 5 or more nobody can tell from the time which one is yours\./,
    );
    await app.user.click(screen.getByRole('button', { name: 'Cancel' }));
    await app.user.click(screen.getByRole('button', { name: 'Delete Data' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      /The report leaves the community list and every statistic with the first publication that holds at least 5 changes \(within 14 days\); then it is gone from the database\. In a group of 5 or more/,
    );
    await app.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        /^Your experience has been deleted\. It leaves the public pages with the first publication that holds at least 5 changes: at .*18:00 UTC.* at the earliest, and by 00:00 UTC on Dec 11, 2026.* at the latest\.$/,
        {},
        slow,
      ),
    ).toBeInTheDocument();
    // Said where the report stood too, not only in the toast that goes: "gone" is not yet true of the public pages.
    expect(
      screen.getByText(
        /^Deleted: a new lookup with that tracking ID finds nothing\. It leaves the public pages with the first publication that holds at least 5 changes: at .*18:00 UTC/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/The report is gone/)).toBeNull();
  });
});

describe('the Privacy page explains publication with this site’s figures', () => {
  it('groups, the typical wait here, the longest wait, and what a group does not hide', async () => {
    renderApp('/privacy');
    const rule = await screen.findByText(/^Reports here are published in groups of at least 5 changes/, {}, slow);
    expect(rule).toHaveTextContent(
      'Reports here are published in groups of at least 5 changes (new reports, corrections and deletions), at fixed times every 6 hours, so that nobody can tell from the time which one is yours. On this site a report has waited about 3 days for its group lately. If too few changes come in, yours is published after 14 days at the latest, in a smaller group: someone who saw you send it could then tell which one is yours, and your lookup will say so.',
    );
    expect(screen.getByText(/counts only the changes of your kind in it/)).toBeInTheDocument();
  });

  it('says what holds where every change is public at once, or there is no minimum', async () => {
    expect(publicationRule({ everyMinutes: 0, minChanges: 1, maxWaitMinutes: 0, typicalWaitDays: null })).toBe(
      'Reports here are public the moment they are sent, so someone who saw you send yours and watches the pages could tell which one is yours.',
    );
    expect(publicationRule({ everyMinutes: 60, minChanges: 1, maxWaitMinutes: 60, typicalWaitDays: 0 })).toMatch(
      /^Reports here are published every 1 hour, together with every report, correction and deletion sent since the previous publication\. A report sent when nobody else sends one is published alone/,
    );
    expect(publicationRule({ ...DEFAULT_SCHEDULE, typicalWaitDays: 0 })).toContain(
      'On this site a report has waited less than a day for its group lately.',
    );
    expect(publicationRule({ ...DEFAULT_SCHEDULE, typicalWaitDays: null })).not.toContain('On this site');
    // The dialogs of a site that publishes at once, or whose settings did not arrive.
    expect(nextPublication({ everyMinutes: 0, minChanges: 1, maxWaitMinutes: 0, typicalWaitDays: null })).toBe(
      'at once',
    );
    expect(nextPublication(undefined)).toBe('at a coming publication');
    expect(span(36 * 60)).toBe('36 hours');
    expect(span(90)).toBe('90 minutes');
  });
});

const PLAIN = makePeptide({ _id: '11111111-1111-4111-8111-111111111112', name: 'Newpep', commonEffects: [] });
const STORY = 'A report about a peptide nobody has described yet, written with care and detail. '.repeat(2);

describe('the wizard', () => {
  /** Each request for the site's publication settings, with the wizard's step at that moment. */
  let asked: string[];
  beforeEach(() => {
    sessionStorage.clear();
    asked = [];
    server.use(
      http.get('/api/peptides/catalogue', () => HttpResponse.json(catalogueBody([PLAIN]))),
      http.get('/api/publication', () => {
        asked.push(document.body.textContent?.match(/Step \d of 4/)?.[0] ?? 'no step shown');
        return HttpResponse.json(publicationBody());
      }),
      http.post('/api/experiences', async ({ request }) => {
        const input = SubmitExperienceRequest.parse(JSON.parse(await request.text()));
        const body = submitBody(input, TRK);
        return HttpResponse.json(
          { ...body, data: { ...body.data, status: 'queued', publicFrom: BATCH, publicBy: LATEST } },
          { status: 201 },
        );
      }),
    );
  });

  async function toStep4() {
    const app = renderApp('/submit');
    await screen.findByRole('combobox', { name: 'Peptide' }, slow);
    await choosePeptide(app.user, PLAIN.name);
    await app.user.type(screen.getByLabelText('Dose'), '1');
    await app.user.selectOptions(screen.getByLabelText('Unit'), 'mg');
    await app.user.selectOptions(screen.getByLabelText('Frequency'), 'daily');
    await app.user.type(screen.getByLabelText('Duration (days)'), '30');
    await app.user.selectOptions(screen.getByLabelText('Route of administration'), 'oral');
    await app.user.click(screen.getByRole('button', { name: 'Next' }));
    await app.user.click(screen.getByRole('checkbox', { name: 'Recovery' }));
    await app.user.selectOptions(screen.getByLabelText('Age range'), '30-34');
    await app.user.selectOptions(screen.getByLabelText('Biological sex'), 'female');
    await app.user.selectOptions(screen.getByLabelText('Activity level'), 'active');
    await app.user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Step 3 of 4');
    fireEvent.change(screen.getAllByRole('slider')[0]!, { target: { value: '6' } });
    await app.user.selectOptions(screen.getByLabelText('When did you notice effects?'), '1-week');
    await app.user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Step 4 of 4');
    await app.user.click(screen.getByLabelText('Your story'));
    await app.user.paste(STORY);
    return app;
  }

  it('asks for the site’s settings once, when it opens, and says before Submit what publication means here', async () => {
    const app = await toStep4();
    const rule = screen.getByTestId('publication-rule');
    expect(rule).toHaveTextContent(
      /^Reports here are published in groups of at least 5 changes .* On this site a report has waited about 3 days for its group lately\. If too few changes come in, yours is published after 14 days at the latest/,
    );
    // Beside the button, after the last field.
    expect(
      rule.compareDocumentPosition(screen.getByRole('button', { name: 'Submit Experience' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: 'Submit Experience' }));

    // The confirmation: when, at the earliest and the latest, and what its group hides.
    expect(await screen.findByTestId('public-from', {}, slow)).toHaveTextContent(
      /^Your report appears on the public pages with the first publication that holds at least 5 changes: at .*18:00 UTC.* at the earliest, and by 00:00 UTC on Dec 11, 2026.* at the latest\. Until then only you can see it, with your tracking ID\.$/,
    );
    expect(screen.getByTestId('group-note')).toHaveTextContent(
      /^In a group of 5 or more nobody can tell from the time which one is yours\. If too few changes come in by the latest time, it goes out in a smaller group/,
    );
    expect(asked).toEqual(['Step 1 of 4']);
  });

  it('with no answer about the settings, asks no more at step 4 and promises nothing that depends on them', async () => {
    server.use(
      http.get('/api/publication', () => {
        asked.push(document.body.textContent?.match(/Step \d of 4/)?.[0] ?? 'no step shown');
        return HttpResponse.json(errorBody('Down'), { status: 503 });
      }),
    );
    await toStep4();
    expect(screen.getByTestId('publication-rule')).toHaveTextContent(
      'Reports here are published at fixed times, together with other changes. The confirmation says when yours can appear.',
    );
    expect(asked).toEqual(['Step 1 of 4']);
  });
});
