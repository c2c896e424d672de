// No batch of one (docs/product-rules.md, "Publication in batches"; services/publication/grid.ts
// batchDecision). A batch applies its due changes only when there are at least BATCH_MIN_CHANGES
// (5) of them, or when the oldest has waited BATCH_MAX_WAIT (14 days); otherwise nothing public
// moves and they all wait for a later grid time.
//
// The time is driven, as in tests/server/publication*.test.ts: changes are sent through the
// services with a time of the test's choosing, days ahead of the wall clock (so the server's own
// timer never finds them due), and batches run at the grid times the test names. What a proxy
// would log is the time of each of those calls.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SubmitExperienceRequest, type OwnExperience } from '../../contract/experiences';
import { buildApp, loggerOptions } from '../../server/app';
import { getByTracking, submitExperience, updateByTracking } from '../../server/services/experiences';
import { nextBatchAt } from '../../server/services/publication/grid';
import { runBatch } from '../../server/services/publication/queue';
import { createPeptide, moderatorToken, queueQuery, rows } from './fixtures';
import { createTestApp, json, submit, validSubmission, type TestApp } from './helpers';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const MAX_WAIT = 14 * DAY;

interface Sent {
  trackingId: string;
  id: string;
  /** When it was sent: what a proxy logs. */
  at: Date;
}

/** A site whose clock the test moves: changes sent at chosen times, batches run at chosen grid times. */
async function site(env: NodeJS.ProcessEnv) {
  const app = await createTestApp(env);
  const every = app.config.publishEveryMs;
  const peptideId = await createPeptide(app, await moderatorToken(app));
  // A grid time days ahead of the wall clock, run once: from then on the server's own timer, whose
  // grid times are behind it, finds nothing due and does nothing.
  const start = nextBatchAt(new Date(Date.now() + 2 * DAY), every)!;
  await runBatch(app.ctx, start);
  const feed = async () =>
    json(await app.app.inject({ method: 'GET', url: `/api/experiences?peptideId=${peptideId}&limit=100` })).data
      .experiences as { _id: string; createdAt: string; story: string }[];
  return {
    app,
    every,
    peptideId,
    start,
    /** The grid time `n` steps after the start. */
    grid: (n: number) => new Date(start.getTime() + n * every),
    async send(at: Date, overrides: Record<string, unknown> = {}): Promise<Sent> {
      const input = SubmitExperienceRequest.parse(validSubmission(peptideId, overrides));
      const { trackingId } = await submitExperience(app.ctx, input, at);
      return { trackingId, id: (await getByTracking(app.ctx, trackingId, at))._id, at };
    },
    own: (s: Sent, now: Date): Promise<OwnExperience> => getByTracking(app.ctx, s.trackingId, now),
    batch: (at: Date) => runBatch(app.ctx, at),
    feed,
    publicIds: async () => (await feed()).map((e) => e._id),
    /** Everything a visitor reads about the peptide and the site, with each answer's ETag. */
    async publicState() {
      const urls = [
        `/api/experiences?peptideId=${peptideId}&limit=100`,
        '/api/experiences?limit=20',
        '/api/experiences/home/public',
        `/api/peptides/${peptideId}`,
        '/api/analytics/public',
        '/api/publication',
      ];
      const answers = await Promise.all(urls.map((url) => app.app.inject({ method: 'GET', url })));
      return answers.map((a, i) => ({ url: urls[i], status: a.statusCode, etag: a.headers.etag, body: a.body }));
    },
  };
}
type Site = Awaited<ReturnType<typeof site>>;

const at = (base: Date, ms: number) => new Date(base.getTime() + ms);
const day = (d: Date | string) => new Date(d).toISOString().slice(0, 10);

describe('one-minute batches, BATCH_MIN_CHANGES=5 and BATCH_MAX_WAIT=14d (the defaults)', () => {
  let s: Site;
  /** Five reports published together before the tests: one of them is corrected below. */
  let published: Sent[];
  beforeAll(async () => {
    s = await site({ PUBLISH_EVERY: '1m' });
    published = [];
    for (let i = 0; i < 5; i++) published.push(await s.send(at(s.start, (i + 1) * 1000)));
    expect(await s.batch(s.grid(1))).toMatchObject({ ran: true, postponed: false, applied: { submitted: 5 } });
  }, 120_000);
  afterAll(() => s?.app.close());

  it('a lone report with the only POST of its window is not public after several grid times; 4 more changes due publish it with them', async () => {
    const base = s.grid(10);
    await s.batch(base);
    const lone = await s.send(at(base, 10_000));
    const before = await s.publicState();
    const invalidations = s.app.ctx.cache.stats.invalidations;
    for (let n = 11; n <= 16; n++)
      expect(await s.batch(s.grid(n)), `grid time ${n}`).toMatchObject({
        ran: true,
        postponed: true,
        applied: { submitted: 0 },
      });
    // Nothing public moved: every answer has the same bytes and ETag, no cache was emptied.
    expect(await s.publicState()).toEqual(before);
    expect(s.app.ctx.cache.stats.invalidations).toBe(invalidations);
    expect(await s.publicIds()).not.toContain(lone.id);
    // Its author sees it waiting for its group: at the earliest the next grid time, at the latest 14 days after its own.
    expect(await s.own(lone, at(s.grid(16), 5_000))).toMatchObject({
      status: 'queued',
      publicFrom: s.grid(17).toISOString(),
      publicBy: at(s.grid(11), MAX_WAIT).toISOString(),
      smallGroupAt: null,
    });

    // Four more changes: three new reports and a correction of a published one.
    const others = [
      await s.send(at(s.grid(16), 5_000)),
      await s.send(at(s.grid(16), 20_000)),
      await s.send(at(s.grid(16), 40_000)),
    ];
    const story = `${validSubmission('').story} Corrected while a lone report waited.`;
    await updateByTracking(s.app.ctx, published[0].trackingId, { story }, at(s.grid(16), 50_000));
    const batch = await s.batch(s.grid(17));
    expect(batch).toMatchObject({ ran: true, postponed: false, small: false, applied: { submitted: 4, edited: 1 } });
    const feed = await s.feed();
    for (const r of [lone, ...others]) expect(feed.map((e) => e._id)).toContain(r.id);
    expect(feed.find((e) => e._id === published[0].id)?.story).toBe(story);
    // A report's day is its batch's: the four share it, whatever day each was sent.
    expect(
      new Set(feed.filter((e) => [lone, ...others].some((r) => r.id === e._id)).map((e) => day(e.createdAt))),
    ).toEqual(new Set([day(s.grid(17))]));
    expect(await s.own(lone, at(s.grid(17), 5_000))).toMatchObject({
      status: 'published',
      publicFrom: null,
      publicBy: null,
      smallGroupAt: null,
    });
    // The record of the batch: five changes and their waits in whole minutes, sorted; nothing names a report.
    expect(
      await rows(s.app, 'select changes, wait_minutes, small from publication_batches where batch_at = $1', [
        s.grid(17),
      ]),
    ).toEqual([{ changes: 5, wait_minutes: [0, 0, 0, 0, 6], small: false }]);
  });

  it('after BATCH_MAX_WAIT the oldest change is published with whatever is due, and its author is told it went in a small group', async () => {
    const base = s.grid(100);
    await s.batch(base);
    const first = await s.send(at(base, 10_000));
    expect(await s.batch(s.grid(101))).toMatchObject({ postponed: true });
    const later = await s.send(at(s.grid(101), 13 * DAY + 10_000));
    // A minute short of 14 days: still waiting, and its author knows the next grid time is the last.
    const lastWait = at(s.grid(101), MAX_WAIT);
    expect(await s.batch(at(lastWait, -MINUTE))).toMatchObject({ ran: true, postponed: true });
    expect(await s.publicIds()).not.toContain(first.id);
    expect(await s.own(first, at(lastWait, -30_000))).toMatchObject({
      publicFrom: lastWait.toISOString(),
      publicBy: lastWait.toISOString(),
    });
    // The later one's own latest is 14 days after its own first grid time.
    expect((await s.own(later, at(lastWait, -30_000))).publicBy).toBe(
      at(nextBatchAt(later.at, s.every)!, MAX_WAIT).toISOString(),
    );

    const forced = await s.batch(lastWait);
    expect(forced).toMatchObject({ ran: true, postponed: false, small: true, applied: { submitted: 2 } });
    const feed = await s.feed();
    expect(feed.map((e) => e._id)).toEqual(expect.arrayContaining([first.id, later.id]));
    // Sent 13 days apart, dated alike: the day of the batch that took them in, not the day each was sent.
    expect(feed.filter((e) => e._id === first.id || e._id === later.id).map((e) => day(e.createdAt))).toEqual([
      day(lastWait),
      day(lastWait),
    ]);
    for (const r of [first, later])
      expect(await s.own(r, at(lastWait, 5_000))).toMatchObject({
        status: 'published',
        smallGroupAt: lastWait.toISOString(),
      });
    expect(
      await rows(s.app, 'select changes, wait_minutes, small from publication_batches where batch_at = $1', [lastWait]),
    ).toEqual([
      {
        changes: 2,
        wait_minutes: [(lastWait.getTime() - nextBatchAt(later.at, s.every)!.getTime()) / MINUTE, MAX_WAIT / MINUTE],
        small: true,
      },
    ]);
  });

  it('exactly one run handles a postponed grid time (the record of the last batch), and the metric counts it once', async () => {
    const base = s.grid(40_000);
    await s.batch(base);
    await s.send(at(base, 10_000));
    const scrape = async () => (await s.app.ctx.metrics.batchesPostponed.get()).values[0]?.value ?? 0;
    const counted = await scrape();
    expect(await s.batch(s.grid(40_001))).toMatchObject({ ran: true, postponed: true });
    // Another process's timer firing for the same grid time finds it handled.
    expect(await s.batch(s.grid(40_001))).toMatchObject({ ran: false, postponed: false });
    expect(await scrape()).toBe(counted + 1);
    expect(await rows(s.app, `select value from app_settings where key = 'last_publication_batch'`)).toEqual([
      { value: s.grid(40_001).toISOString() },
    ]);
    const text = (await s.app.ctx.metrics.registry.metrics())
      .split('\n')
      .filter((l) => l.startsWith('peptide_publication_batches_postponed_total'));
    expect(text).toEqual([expect.stringMatching(/^peptide_publication_batches_postponed_total \d+$/)]);
  });
});

describe('the public answer GET /api/publication', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLISH_EVERY: '6h', BATCH_MAX_WAIT: '36h' });
  }, 60_000);
  afterAll(() => t?.close());

  it('gives the grid, the minimum, the longest and the typical wait, the same bytes for everyone, cacheable', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/publication' });
    expect(first.statusCode).toBe(200);
    expect(json(first).data).toEqual({
      everyMinutes: 360,
      minChanges: 5,
      maxWaitMinutes: 36 * 60,
      typicalWaitDays: null,
    });
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/publication',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // Five changes queued change nothing in it (nothing about them is public until their batch).
    const peptideId = t.peptides.get('BPC-157')!;
    for (let i = 0; i < 3; i++) await submit(t, validSubmission(peptideId));
    expect((await t.app.inject({ method: 'GET', url: '/api/publication' })).body).toBe(first.body);
  });

  it('the typical wait: the median over changes published in the last 30 days, from the start of the window each was sent in', async () => {
    const base = nextBatchAt(new Date(Date.now() + 2 * DAY), t.config.publishEveryMs)!;
    // Batches the site ran: waits in minutes from each change's first grid time.
    await t.ctx.db.query(
      `insert into publication_batches (batch_at, changes, wait_minutes, small) values ($1, 5, '{0,360,1440,2160,2880}', false), ($2, 2, '{1800,2160}', true)`,
      [base, new Date(base.getTime() + 2 * DAY)],
    );
    t.ctx.cache.invalidate();
    // Median 1800 min, plus the window it was sent in (360): 36 h, about 2 days.
    expect(json(await t.app.inject({ method: 'GET', url: '/api/publication' })).data.typicalWaitDays).toBe(2);
    await t.ctx.db.query(`update publication_batches set wait_minutes = '{0,0,0,0,360}' where batch_at = $1`, [base]);
    await t.ctx.db.query(`delete from publication_batches where batch_at <> $1`, [base]);
    t.ctx.cache.invalidate();
    expect(json(await t.app.inject({ method: 'GET', url: '/api/publication' })).data.typicalWaitDays).toBe(0);
    // Older than 30 days: not counted.
    await t.ctx.db.query(`update publication_batches set batch_at = now() - interval '31 days'`);
    t.ctx.cache.invalidate();
    expect(json(await t.app.inject({ method: 'GET', url: '/api/publication' })).data.typicalWaitDays).toBeNull();
  });

  it('with PUBLISH_EVERY=0 every change is public at once: no minimum, no wait', async () => {
    const now = await createTestApp();
    try {
      expect(json(await now.app.inject({ method: 'GET', url: '/api/publication' })).data).toEqual({
        everyMinutes: 0,
        minChanges: 1,
        maxWaitMinutes: 0,
        typicalWaitDays: null,
      });
      const sent = await submit(now, validSubmission(now.peptides.get('BPC-157')!));
      expect(sent).toMatchObject({ status: 'published' });
      expect((sent as unknown as { publicBy: string | null }).publicBy).toBeNull();
    } finally {
      await now.close();
    }
  });
});

describe('the timer: a postponed batch in the log; a batch missed while down runs at start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLISH_EVERY: '6h' });
  }, 60_000);
  afterAll(() => t?.close());

  /** Starts the server again after `gone` of downtime for the queued changes (their grid times move back), capturing its log. */
  async function restartAfter(gone: number) {
    await queueQuery(t, `update publication_queue set batch_at = batch_at - make_interval(secs => $1)`, [gone / 1000]);
    await t.ctx.db.query(
      `update app_settings set value = '1970-01-01T00:00:00.000Z' where key = 'last_publication_batch'`,
    );
    let log = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    const app = await buildApp(t.ctx, { logger: { ...(loggerOptions('info') as object), stream } });
    await app.ready();
    return { app, log: () => log };
  }

  it('one change due at start: postponed, one log line with no id and no count; past the longest wait: published at start', async () => {
    const sent = await submit(t, validSubmission(t.peptides.get('Selank')!));
    const id = json(
      await t.app.inject({
        method: 'POST',
        url: '/api/experiences/tracking/lookup',
        payload: { trackingId: sent.trackingId },
      }),
    ).data.experience._id as string;
    const first = await restartAfter(12 * HOUR);
    try {
      const lines = first
        .log()
        .split('\n')
        .filter((l) => l.includes('publication batch'));
      expect(lines).toHaveLength(1);
      const line = JSON.parse(lines[0]) as Record<string, unknown>;
      expect(line.msg).toBe('publication batch postponed: fewer changes due than BATCH_MIN_CHANGES');
      expect(Object.keys(line).sort()).toEqual(['batch', 'hostname', 'level', 'minChanges', 'msg', 'pid', 'time']);
      expect(first.log()).not.toContain(id);
      expect(first.log()).not.toContain(sent.trackingId);
      expect((await first.app.inject({ method: 'GET', url: `/api/experiences/${id}` })).statusCode).toBe(404);
    } finally {
      await first.app.close();
    }
    const second = await restartAfter(15 * DAY);
    try {
      expect((await second.app.inject({ method: 'GET', url: `/api/experiences/${id}` })).statusCode).toBe(200);
      // Logged once the scrub after it is done (on PostgreSQL a vacuum and a checkpoint later).
      await expect
        .poll(() => second.log(), { timeout: 30_000 })
        .toMatch(/"submitted":1[^\n]*"msg":"publication batch"/);
    } finally {
      await second.app.close();
    }
  });
});

/** A seeded generator (mulberry32): the same arrivals on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** Times after the start of sends at `perDay` on average (exponential gaps), `n` of them. */
function arrivals(seed: number, n: number, meanGapMs: number): number[] {
  const next = random(seed);
  const out: number[] = [];
  let t = 0;
  for (let i = 0; i < n; i++) {
    t += Math.max(1000, Math.round(-Math.log(1 - next()) * meanGapMs));
    out.push(t);
  }
  return out;
}

/**
 * The patient observer: a proxy's log of when each POST was sent, and the public feed read after
 * every grid time. Each report that appears is linked to a POST when exactly one POST sent since
 * the last batch that published anything has its day (the card's `createdAt`). Returns the links
 * that name the right POST, and how many reports went in groups the longest wait forced.
 */
async function observe(s: Site, sends: number[], lastGrid: number) {
  const sent: Sent[] = [];
  const seen = new Map<string, { batch: Date; createdAt: string }>();
  let i = 0;
  for (let n = 1; n <= lastGrid; n++) {
    while (i < sends.length && s.start.getTime() + sends[i] < s.grid(n).getTime())
      sent.push(await s.send(at(s.start, sends[i++])));
    await s.batch(s.grid(n));
    for (const e of await s.feed()) if (!seen.has(e._id)) seen.set(e._id, { batch: s.grid(n), createdAt: e.createdAt });
  }
  // What is left waits for its group until the longest wait forces it out.
  const waiting = sent.filter((r) => !seen.has(r.id));
  if (waiting.length) {
    const forcedAt = at(nextBatchAt(waiting[0].at, s.every)!, MAX_WAIT);
    await s.batch(forcedAt);
    for (const e of await s.feed()) if (!seen.has(e._id)) seen.set(e._id, { batch: forcedAt, createdAt: e.createdAt });
  }
  const batches = [...new Set([...seen.values()].map((v) => v.batch.getTime()))].sort((a, b) => a - b);
  const forced = new Set(
    (await rows<{ batch_at: Date }>(s.app, 'select batch_at from publication_batches where small')).map((r) =>
      r.batch_at.getTime(),
    ),
  );
  let linked = 0;
  let linkedInFullGroups = 0;
  let previous = s.start.getTime();
  for (const b of batches) {
    // The POSTs sent since the last batch that published anything: this batch holds them all.
    const posts = sent.filter((r) => r.at.getTime() >= previous && r.at.getTime() < b);
    const appeared = [...seen].filter(([, v]) => v.batch.getTime() === b);
    // Each report's candidates: the only POST of the window, or those sent on the card's day.
    const candidates = appeared.map(([id, v]) => ({
      id,
      posts: posts.length === 1 ? posts : posts.filter((p) => day(p.at) === day(v.createdAt)),
    }));
    for (const c of candidates) {
      // Linked: one candidate, which no other report of the batch could also be.
      const only = c.posts.length === 1 && candidates.filter((o) => o.posts.includes(c.posts[0])).length === 1;
      if (only && c.posts[0].id === c.id) {
        linked++;
        if (!forced.has(b)) linkedInFullGroups++;
      }
    }
    previous = b;
  }
  const small = (
    await rows<{ n: number }>(
      s.app,
      'select count(*)::int as n from experiences where peptide_id = $1 and small_group_at is not null',
      [s.peptideId],
    )
  )[0].n;
  const windowOf = (x: number) => Math.floor((s.start.getTime() + x) / s.every);
  const lone = sends.filter((x) => sends.filter((y) => windowOf(y) === windowOf(x)).length === 1).length;
  return { sent: sent.length, published: seen.size, lone, linked, linkedInFullGroups, small, groups: batches.length };
}

describe('the patient observer of finding 3: a proxy log of POSTs and the public feed after every batch', () => {
  it('one-minute batches, 40 submitters: lone reports linked to their POST before (no minimum) and after', async () => {
    const sends = arrivals(46, 40, 90_000);
    const lastGrid = Math.ceil(sends[sends.length - 1] / MINUTE) + 2;
    const before = await site({ PUBLISH_EVERY: '1m', BATCH_MIN_CHANGES: '1' });
    let was: Awaited<ReturnType<typeof observe>>;
    try {
      was = await observe(before, sends, lastGrid);
    } finally {
      await before.app.close();
    }
    const after = await site({ PUBLISH_EVERY: '1m' });
    let now: Awaited<ReturnType<typeof observe>>;
    try {
      now = await observe(after, sends, lastGrid);
    } finally {
      await after.app.close();
    }
    console.log(
      `[batch of one] 1-minute batches, ${was.sent} POSTs (mean gap 90 s), ${was.lone} alone in their minute: ` +
        `linked to their POST with no minimum (the code before): ${was.linked} of ${was.published}, in ${was.groups} batches; ` +
        `with BATCH_MIN_CHANGES=5: ${now.linked} of ${now.published}, in ${now.groups} batches, ${now.linkedInFullGroups} of them in a group of 5 or more ` +
        `(${now.small} published in a group the 14-day wait forced: their lookups say so)`,
    );
    expect(was.linked).toBe(was.lone);
    expect(was.linked).toBeGreaterThan(5);
    expect(now.published).toBe(now.sent);
    // Only a group the longest wait forced can be small, and its authors are told; every other holds at least 5.
    expect(now.linkedInFullGroups).toBe(0);
    expect(now.linked).toBeLessThanOrEqual(now.small);
  }, 180_000);

  it("the demo community's rate, 1.6 reports a day on the 6-hour grid: alone in its batch, linked, and the typical wait it gives", async () => {
    const sends = arrivals(16, 32, DAY / 1.6);
    const s = await site({ PUBLISH_EVERY: '6h' });
    try {
      const lastGrid = Math.ceil(sends[sends.length - 1] / s.every) + 1;
      const seen = await observe(s, sends, lastGrid);
      const schedule = json(await s.app.app.inject({ method: 'GET', url: '/api/publication' })).data as {
        typicalWaitDays: number;
      };
      console.log(
        `[batch of one] 6-hour batches, ${seen.sent} reports over ${Math.round(sends[sends.length - 1] / DAY)} days: ${seen.lone} alone in their 6-hour window ` +
          `(each linked with no minimum); with BATCH_MIN_CHANGES=5: ${seen.linked} linked, ${seen.groups} groups, ${seen.small} reports in a forced small group; ` +
          `typical wait told to submitters: ${schedule.typicalWaitDays} (whole days; 0: less than a day)`,
      );
      expect(seen.published).toBe(seen.sent);
      expect(seen.linkedInFullGroups).toBe(0);
      expect(seen.linked).toBeLessThanOrEqual(seen.small);
      expect(seen.lone).toBeGreaterThan(seen.sent / 3);
      expect(schedule.typicalWaitDays).toBeGreaterThanOrEqual(1);
    } finally {
      await s.app.close();
    }
  }, 180_000);
});
