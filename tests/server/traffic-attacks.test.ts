// The attacker who sees the traffic (a proxy, the host), replayed on the running server over real
// HTTP, so compression and Content-Length are as sent. 80 simulated submitters, each from its own
// address (TRUST_PROXY=1 and X-Forwarded-For, as tests/server/proxy-trust.test.ts), run the
// wizard's requests and submit varied, realistic reports in publication batches of 5 to 20
// (services/publication/). The attacker logs what a proxy logs (time, address, method, path with
// query, request and response sizes as sent), reads each batch's published reports, and links each
// POST to a report: by the response's size, by what the URLs before it name, and by both. Later
// each author looks the report up; the attacker counts the reports whose lookup would have that
// size.
//
// Each link is scored as the attacker's expected hits: a POST whose candidates (the reports of its
// batch that fit what was seen) number k, the true one among them, scores 1/k. Knowing nothing,
// every POST of a batch of n scores 1/n: chance is one hit per batch, 7 of 80 here.
//
// The same attack on the earlier code (the submission answered the report's card,
// compressed; the picker searched the server with the typed text; step 4 read
// /api/peptides/{id}/disclosed; bodies padded to multiples of 4,096 bytes) linked 56.1 of 80 POSTs
// by response size, 61.0 by URL and 76.6 by both; one lookup's size narrowed 80 reports to 8.4 on
// average (16.3 of 80 linked, chance 1); 75 distinct submission answer sizes, 72 lookup sizes.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SubmitExperienceRequest, UpdateTrackedExperienceRequest } from '../../contract/experiences';
import { AUTHOR_ANSWER_BYTES, PADDED_BODY_BYTES, peptideMatchesSearch } from '../../contract/rules';
import { runBatch } from '../../server/services/publication/queue';
import { COMPRESSION } from '../../server/lib/response-cache';
import { PEPTIDES, STORY_SNIPPETS } from '../../server/db/seed/catalogue';
import {
  demographicsOf,
  mulberry32,
  pick,
  pickSome,
  purposesFor,
  routeFor,
  type Rand,
} from '../../server/db/seed/generate';
import { FREQUENCIES, TIMELINES } from '../../contract/vocabulary';
import { paddedJson } from '../../src/api/padded-body';
import { createTestApp, json, type TestApp } from './helpers';

const SUBMITTERS = 80;
/** Batch sizes, 5 to 20, summing to SUBMITTERS. */
const BATCH_SIZES = [9, 20, 5, 14, 7, 17, 8];
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/** One request as a proxy logs it. */
interface Seen {
  at: number;
  address: string;
  method: string;
  /** Path with its query, as sent. */
  url: string;
  requestBytes: number;
  status: number;
  /** The body's bytes as sent (compressed where the server compressed it). */
  responseBytes: number;
  headers: http.IncomingHttpHeaders;
  /** The body, decompressed: for the test's own bookkeeping, never for the attacker. */
  text: string;
}

let t: TestApp;
let port = 0;
const log: Seen[] = [];

function send(address: string, method: string, url: string, body?: string): Promise<Seen> {
  const payload = body === undefined ? undefined : Buffer.from(body, 'utf8');
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        headers: {
          'x-forwarded-for': address,
          'accept-encoding': BROWSER_ENCODINGS,
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const plain =
            encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw;
          const seen: Seen = {
            at: Date.now(),
            address,
            method,
            url,
            requestBytes: payload?.length ?? 0,
            status: res.statusCode ?? 0,
            responseBytes: raw.length,
            headers: res.headers,
            text: plain.toString('utf8'),
          };
          log.push(seen);
          resolve(seen);
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

const ok = (seen: Seen, status = 200) => {
  if (seen.status !== status) throw new Error(`${seen.method} ${seen.url}: ${seen.status} ${seen.text.slice(0, 300)}`);
  return JSON.parse(seen.text) as { data: any };
};

// --- The reports: varied as people write them ---------------------------------------------------

const CJK_WORDS = [
  '睡眠',
  '恢复',
  '疼痛',
  '肌腱',
  '训练',
  '注射',
  '第一周',
  '没有变化',
  '好多了',
  '医生',
  '每天',
  '感觉',
];
const WORDS = [
  'tendon',
  'shoulder',
  'knee',
  'sleep',
  'recovery',
  'training',
  'week',
  'slowly',
  'morning',
  'evening',
  'steady',
  'better',
  'calm',
  'focus',
  'appetite',
  'stiff',
  'loose',
  'mobility',
  'rested',
  'sore',
];

function storyFor(rand: Rand, i: number): string {
  const unique = `Notes ${Array.from({ length: 10 }, () => pick(rand, WORDS)).join(' ')} ${'abcdefghijklmnopqrstuvwxyz'[i % 26]}${'abcdefghijklmnopqrstuvwxyz'[Math.floor(i / 26) % 26]}x.`;
  if (rand() < 0.15) {
    // A story in Chinese, long or short.
    let text = '';
    const length = 100 + Math.floor(rand() * 800);
    while (text.length < length) text += `${pick(rand, CJK_WORDS)}，`;
    return `${text.slice(0, length - unique.length - 1)} ${unique}`;
  }
  const want = 100 + Math.floor(rand() * 850);
  const [first, ...more] = pickSome(rand, STORY_SNIPPETS, 1, 7);
  let text = first;
  for (const s of more) {
    if (`${text} ${s}`.length > want) break;
    text = `${text} ${s}`;
  }
  return `${text} ${unique}`.trim().slice(0, 1000);
}

interface Submitter {
  address: string;
  peptide: (typeof PEPTIDES)[number] & { id: string };
  report: Record<string, unknown>;
  /** What was typed into the peptide picker, search by search; empty when a peptide page's link chose it. */
  typed: string[];
}

function submitterFor(rand: Rand, i: number, choose: () => Submitter['peptide']): Submitter {
  const peptide = choose();
  const route = routeFor(rand, peptide);
  const outcomes: Record<string, number> = {};
  for (const effect of pickSome(rand, peptide.commonEffects, 1, Math.min(8, peptide.commonEffects.length)))
    outcomes[effect] = 1 + Math.floor(rand() * 10);
  const sourced = rand() < 0.3;
  // A published vendor address is a link, held for a moderator: the published sourcing carries none.
  const publishSourcing = sourced && rand() < 0.5;
  const report = {
    peptideId: peptide.id,
    dosage: rand() < 0.7 ? peptide.commonDosage : `${50 + Math.floor(rand() * 950)} mcg`,
    frequency: pick(rand, FREQUENCIES),
    duration: 7 + Math.floor(rand() * 170),
    routeOfAdministration: route,
    primaryPurpose: purposesFor(rand, peptide),
    demographics: demographicsOf(rand),
    outcomes,
    effects: rand() < 0.4 ? pickSome(rand, peptide.sideEffects, 1, 3) : [],
    timeline: pick(rand, TIMELINES),
    story: storyFor(rand, i),
    stack:
      rand() < 0.3
        ? pickSome(
            rand,
            PEPTIDES.map((p) => p.name),
            1,
            3,
          )
        : [],
    ...(sourced
      ? {
          sourcing: {
            ...(publishSourcing
              ? { volumeMl: 1 + Math.floor(rand() * 10) }
              : {
                  vendorUrl: `https://${pick(rand, ['peptide-lab', 'research-chem', 'purepeps', 'biosource'])}.example.com/item/${i}`,
                }),
            batchId: `B-${100 + i}`,
            purityPercentage: 95 + Math.floor(rand() * 50) / 10,
          },
        }
      : {}),
    publishSourcing,
  };
  const name = peptide.name.toLowerCase();
  const typed =
    rand() < 0.4
      ? []
      : rand() < 0.5
        ? [name.slice(0, 3)]
        : [name.slice(0, 2), name.slice(0, Math.min(name.length, 4 + Math.floor(rand() * 4)))];
  return { address: `198.51.${100 + Math.floor(i / 200)}.${10 + (i % 200)}`, peptide, report, typed };
}

// --- The web app's requests ---------------------------------------------------------------------

/**
 * The requests of one wizard run, as the web app sends them (tests/e2e/wizard-traffic.test.ts
 * records a real run in Chromium): the same three reads for everyone, whatever is typed or chosen
 * (the catalogue is searched on the device), then the POST, padded to one size. Returns the POST.
 */
async function wizardRun(s: Submitter): Promise<Seen> {
  ok(await send(s.address, 'GET', '/api/peptides/catalogue'));
  ok(await send(s.address, 'GET', '/api/effects'));
  ok(await send(s.address, 'GET', '/api/publication'));
  return send(s.address, 'POST', '/api/experiences', paddedJson(s.report, SubmitExperienceRequest));
}

// --- What the attacker knows ----------------------------------------------------------------------

/** Every published report, as anyone reads it (the feed, page by page). */
async function published(): Promise<Map<string, { peptideId: string; card: string }>> {
  const out = new Map<string, { peptideId: string; card: string }>();
  let cursor: string | null = null;
  do {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/experiences?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    });
    const data = json(res).data as { experiences: { _id: string; peptideId: string }[]; nextCursor: string | null };
    for (const e of data.experiences) out.set(e._id, { peptideId: e.peptideId, card: JSON.stringify(e) });
    cursor = data.nextCursor;
  } while (cursor);
  return out;
}

/**
 * What the attacker predicts an answer's size from: the answer as the server once wrote it (the
 * report's public card in it), rebuilt from the published card and compressed as the
 * server compresses. A line fitted to the attacker's own requests then maps it to what is sent.
 */
const brotli = (text: string) =>
  zlib.brotliCompressSync(Buffer.from(text), {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: COMPRESSION.once.brotliQuality,
      [zlib.constants.BROTLI_PARAM_LGWIN]: COMPRESSION.brotliWindowBits,
    },
  }).length;
const FAKE_ID = 'TRK-31415926535897932384';
const answerSize = {
  submit: (card: string) =>
    brotli(
      `{"success":true,"data":{"trackingId":"${FAKE_ID}","experience":${card},"status":"queued","holdReasons":[],"publicFrom":"2030-01-01T06:00:00.000Z"},` +
        '"message":"Experience submitted. It appears on the public pages at the next publication batch. Save your tracking ID to find, update or delete it."}',
    ),
  lookup: (card: string) =>
    brotli(
      `{"success":true,"data":{"experience":${card.slice(0, -1)},"trackingId":"${FAKE_ID}","sourcing":null,"publishSourcing":false,"status":"published","holdReasons":[],"hiddenReason":null,"publicFrom":null}}}`,
    ),
};

/**
 * A line fitted to the attacker's own requests: observed size from predicted size, and how far off
 * it can be. Fitted twice, the second time without the points far off the first line (a report
 * whose answer holds what its card does not show), as a careful attacker would.
 */
function fit(points: { x: number; y: number }[]) {
  const line = (pts: { x: number; y: number }[]) => {
    const n = pts.length;
    const mx = pts.reduce((a, p) => a + p.x, 0) / n;
    const my = pts.reduce((a, p) => a + p.y, 0) / n;
    const sxx = pts.reduce((a, p) => a + (p.x - mx) ** 2, 0);
    const slope = sxx === 0 ? 0 : pts.reduce((a, p) => a + (p.x - mx) * (p.y - my), 0) / sxx;
    return { slope, predict: (x: number) => my + slope * (x - mx) };
  };
  const first = line(points);
  const off = points.map((p) => Math.abs(p.y - first.predict(p.x)));
  const typical = [...off].sort((a, b) => a - b)[Math.floor(off.length / 2)];
  const kept = points.filter((_, i) => off[i] <= Math.max(3 * typical, 2));
  const { slope, predict } = line(kept);
  const tolerance = Math.max(...kept.map((p) => Math.abs(p.y - predict(p.x)))) + 1;
  return { predict, tolerance, slope };
}

/** The peptides a request's URL names: by id in a path or query, or by a search's text. */
function peptidesNamed(
  url: string,
  catalogue: { id: string; name: string; description: string }[],
): Set<string> | null {
  const [path, query = ''] = url.split('?');
  const named: Set<string>[] = [];
  for (const id of path.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? [])
    named.push(new Set([id]));
  const params = new URLSearchParams(query);
  for (const key of ['peptide', 'peptideId']) {
    const id = params.get(key);
    if (id) named.push(new Set([id]));
  }
  const search = params.get('search');
  if (search) named.push(new Set(catalogue.filter((p) => peptideMatchesSearch(p, search)).map((p) => p.id)));
  if (!named.length) return null;
  return named.reduce((a, b) => new Set([...a].filter((x) => b.has(x))));
}

/** The attacker's expected hits: 1/k for a candidate set of k holding the truth. */
const score = (candidates: readonly string[], truth: string) =>
  candidates.includes(truth) ? 1 / candidates.length : 0;

beforeAll(async () => {
  t = await createTestApp({ PUBLISH_EVERY: '6h', TRUST_PROXY: '1' });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
}, 120_000);
afterAll(() => t?.close());

describe('an observer of the traffic', () => {
  it('links no POST, lookup or correction to its report better than chance, by size, by URL or by both', async () => {
    const rand = mulberry32(46);
    const catalogue = PEPTIDES.map((p) => ({ ...p, id: t.peptides.get(p.name)! }));
    // Popular peptides get most reports, as on the demo site.
    const weights = catalogue.map((_, i) => 1 / (1 + i * 0.3));
    const total = weights.reduce((a, b) => a + b, 0);
    const order = [...catalogue].sort(() => rand() - 0.5);
    const choose = () => {
      let r = rand() * total;
      for (let i = 0; i < order.length; i++) if ((r -= weights[i]) <= 0) return order[i];
      return order[0];
    };
    const submitters = Array.from({ length: SUBMITTERS }, (_, i) => submitterFor(rand, i, choose));
    let batchAt = Date.UTC(2030, 0, 1);
    const batch = async () => {
      batchAt += 6 * 3_600_000;
      await runBatch(t.ctx, new Date(batchAt));
    };

    // The attacker's own reports first, to learn how sizes follow reports.
    const attacker = '203.0.113.66';
    const calibration: { id: string; trackingId: string; submitBytes: number }[] = [];
    for (let i = 0; i < 12; i++) {
      const own = submitterFor(rand, 1000 + i, choose);
      // Without sourcing: only its author sees it, so no published card predicts it.
      const { sourcing: _, ...report } = own.report;
      const post = await wizardRun({ ...own, report: { ...report, publishSourcing: false }, address: attacker });
      const data = ok(post, 201).data as { trackingId: string; experience: { _id: string } };
      calibration.push({ id: data.experience._id, trackingId: data.trackingId, submitBytes: post.responseBytes });
    }
    await batch();
    let known = await published();
    const ownCards = calibration.map((c) => known.get(c.id)!.card);
    const submitModel = fit(calibration.map((c, i) => ({ x: answerSize.submit(ownCards[i]), y: c.submitBytes })));
    const lookupModel = fit(
      await Promise.all(
        calibration.map(async (c, i) => ({
          x: answerSize.lookup(ownCards[i]),
          y: (
            await send(
              attacker,
              'POST',
              '/api/experiences/tracking/lookup',
              JSON.stringify({ trackingId: c.trackingId }),
            )
          ).responseBytes,
        })),
      ),
    );
    const ownIds = new Set(calibration.map((c) => c.id));

    // The submitters, batch by batch, in an order the attacker does not know.
    const sent: { s: Submitter; post: Seen; id: string; trackingId: string; batch: string[] }[] = [];
    let next = 0;
    for (const size of BATCH_SIZES) {
      const before = new Set(known.keys());
      const group = submitters.slice(next, next + size);
      next += size;
      const posts: { s: Submitter; post: Seen }[] = [];
      for (const s of group) posts.push({ s, post: await wizardRun(s) });
      await batch();
      known = await published();
      const appeared = [...known.keys()].filter((id) => !before.has(id));
      expect(appeared).toHaveLength(size);
      for (const { s, post } of posts) {
        const data = ok(post, 201).data as { trackingId: string; experience: { _id: string } };
        sent.push({ s, post, id: data.experience._id, trackingId: data.trackingId, batch: appeared });
      }
    }

    // Linking each POST to a report of its batch.
    const pepCatalogue = catalogue.map((p) => ({ id: p.id, name: p.name, description: p.description }));
    let bySize = 0;
    let byUrl = 0;
    let byBoth = 0;
    for (const { s, post, id, batch: reports } of sent) {
      const sizeFits = reports.filter(
        (r) =>
          Math.abs(submitModel.predict(answerSize.submit(known.get(r)!.card)) - post.responseBytes) <=
          submitModel.tolerance,
      );
      const sizeCandidates = sizeFits.length ? sizeFits : reports;
      const wizardRequests = log.filter((l) => l.address === s.address && l.at <= post.at && l !== post);
      const named = wizardRequests
        .map((l) => peptidesNamed(l.url, pepCatalogue))
        .filter((n): n is Set<string> => n !== null);
      const peptides = named.length ? named.reduce((a, b) => new Set([...a].filter((x) => b.has(x)))) : null;
      const urlFits = peptides ? reports.filter((r) => peptides.has(known.get(r)!.peptideId)) : [];
      const urlCandidates = urlFits.length ? urlFits : reports;
      const both = sizeCandidates.filter((r) => urlCandidates.includes(r));
      bySize += score(sizeCandidates, id);
      byUrl += score(urlCandidates, id);
      byBoth += score(both.length ? both : urlCandidates, id);
    }
    const chance = BATCH_SIZES.length;

    // Months later, each author looks the report up; the attacker narrows the published reports by the answer's size.
    const everyone = [...known.keys()].filter((id) => !ownIds.has(id));
    const predictedLookup = new Map(
      everyone.map((id) => [id, lookupModel.predict(answerSize.lookup(known.get(id)!.card))]),
    );
    let narrowedTo = 0;
    let byLookup = 0;
    const lookupSizes = new Set<number>();
    for (const { s, id, trackingId } of sent) {
      const lookup = await send(s.address, 'POST', '/api/experiences/tracking/lookup', JSON.stringify({ trackingId }));
      ok(lookup);
      lookupSizes.add(lookup.responseBytes);
      const fits = everyone.filter(
        (r) => Math.abs(predictedLookup.get(r)! - lookup.responseBytes) <= lookupModel.tolerance,
      );
      const candidates = fits.length ? fits : everyone;
      narrowedTo += candidates.length;
      byLookup += score(candidates, id);
    }

    // Ten authors correct their story, five delete their report.
    const correctionSizes = new Set<number>();
    const deletionSizes = new Set<number>();
    for (const { s, trackingId } of sent.slice(0, 10)) {
      const story = `${s.report.story as string} Corrected after ${pick(rand, WORDS)} ${pick(rand, WORDS)}.`.slice(
        0,
        1000,
      );
      const put = await send(
        s.address,
        'PUT',
        '/api/experiences/tracking',
        paddedJson({ trackingId, story }, UpdateTrackedExperienceRequest),
      );
      ok(put);
      correctionSizes.add(put.responseBytes);
    }
    for (const { s, trackingId } of sent.slice(10, 15)) {
      const del = await send(s.address, 'POST', '/api/experiences/tracking/delete', JSON.stringify({ trackingId }));
      ok(del);
      deletionSizes.add(del.responseBytes);
    }

    const posts = sent.map((x) => x.post);
    const distinct = (xs: number[]) => new Set(xs).size;
    const fmt = (n: number) => n.toFixed(1);
    console.log(
      [
        `[traffic] ${SUBMITTERS} submitters in ${BATCH_SIZES.length} batches (${BATCH_SIZES.join(', ')}); chance: ${chance} of ${SUBMITTERS}`,
        `[traffic] linked by response size ${fmt(bySize)}, by URL ${fmt(byUrl)}, by both ${fmt(byBoth)} of ${SUBMITTERS}`,
        `[traffic] submission answers: ${distinct(posts.map((p) => p.responseBytes))} distinct sizes (${Math.min(...posts.map((p) => p.responseBytes))}-${Math.max(...posts.map((p) => p.responseBytes))} bytes, encodings ${[...new Set(posts.map((p) => p.headers['content-encoding'] ?? 'none'))].join(', ')}); request bodies: ${[...new Set(posts.map((p) => p.requestBytes))].sort((a, b) => a - b).join(', ')} bytes`,
        `[traffic] the attacker's size model: slope ${submitModel.slope.toFixed(2)}, within ${fmt(submitModel.tolerance)} bytes`,
        `[traffic] lookups: ${lookupSizes.size} distinct sizes; one lookup's size narrows ${everyone.length} reports to ${fmt(narrowedTo / sent.length)} on average; linked ${fmt(byLookup)} of ${sent.length} (chance ${fmt(sent.length / everyone.length)})`,
        `[traffic] corrections: ${correctionSizes.size} distinct answer sizes of 10; deletions: ${deletionSizes.size} of 5`,
      ].join('\n'),
    );

    // No better than chance, with a margin of one POST's worth (with sizes and URLs that say
    // nothing the scores are exactly chance: every candidate set is the whole batch).
    expect(bySize).toBeLessThanOrEqual(chance + 1);
    expect(byUrl).toBeLessThanOrEqual(chance + 1);
    expect(byBoth).toBeLessThanOrEqual(chance + 1);
    const lookupChance = sent.length / everyone.length;
    expect(byLookup).toBeLessThanOrEqual(lookupChance + 1);
    expect(narrowedTo / sent.length).toBe(everyone.length);
    // Because every answer of an operation is one size, sent as it is, and every body one size.
    expect([...new Set(posts.map((p) => p.responseBytes))]).toEqual([AUTHOR_ANSWER_BYTES.submission]);
    expect([...lookupSizes]).toEqual([AUTHOR_ANSWER_BYTES.lookup]);
    expect([...correctionSizes]).toEqual([AUTHOR_ANSWER_BYTES.correction]);
    expect([...deletionSizes]).toEqual([AUTHOR_ANSWER_BYTES.deletion]);
    expect([...new Set(posts.map((p) => p.requestBytes))]).toEqual([PADDED_BODY_BYTES]);
    expect(posts.every((p) => p.headers['content-encoding'] === undefined)).toBe(true);
    // And no URL of any submitter names its peptide, by id or name, or anything typed.
    for (const s of submitters) {
      const urls = log.filter((l) => l.address === s.address).map((l) => decodeURIComponent(l.url).toLowerCase());
      for (const word of [s.peptide.id, s.peptide.name.toLowerCase(), ...s.typed.filter((w) => w.length >= 3)]) {
        expect(
          urls.filter((u) => u.includes(word)),
          `${s.address}: ${word}`,
        ).toEqual([]);
      }
    }
  }, 300_000);
});
