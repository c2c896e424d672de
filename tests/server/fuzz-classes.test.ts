// Fuzzed input by class: the classes that once answered 500, each sent to every
// endpoint it applies to, counted and printed. No request of any class may get a 5xx, and every
// 4xx carries a readable `error`. The random mutations of the whole contract are in fuzz.test.ts.
//   unicode escapes   every string field and key of every body, as raw JSON escapes (lone
//                     surrogates, NUL, controls, noncharacters, bidi and zero-width marks)
//   hostile keys      `__proto__`, `constructor`, `prototype` as keys at every object level
//   encoded paths     every route spelled with percent-encoded letters, doubled slashes, a
//                     trailing slash, another letter case, and broken or hostile escapes
//   cursor values     cursors whose values sit at and beyond every type's range, and integer
//                     query values at and beyond theirs
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMMUNITY_SORTS, ENDPOINTS } from '../../contract';
import { bearer, createTestApp, submit, validSubmission, type TestApp } from './helpers';
import { moderatorToken, newMember, uniqueEmail, validPeptide } from './fixtures';

type EndpointKey = keyof typeof ENDPOINTS;

let t: TestApp;
let auth: { member: Record<string, string>; moderator: Record<string, string> };
let existing: { experienceId: string; trackingId: string; peptideId: string };

const counts: Record<string, { sent: number; s2xx: number; s4xx: number; s5xx: number }> = {};
const failures: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100000' });
  const m = await newMember(t, 'fuzz-classes');
  auth = { member: m.headers, moderator: bearer(await moderatorToken(t)) };
  const peptideId = t.peptides.get('BPC-157')!;
  const s = await submit(t, validSubmission(peptideId));
  existing = { experienceId: s.experience._id, trackingId: s.trackingId, peptideId };
}, 120_000);
afterAll(async () => {
  const lines = Object.entries(counts).map(
    ([c, n]) => `  ${c.padEnd(16)} ${String(n.sent).padStart(6)} sent, ${n.s2xx} 2xx, ${n.s4xx} 4xx, ${n.s5xx} 5xx`,
  );
  console.log(`[fuzz classes]\n${lines.join('\n')}`);
  await t?.close();
});

function record(cls: string, what: string, res: LightMyRequestResponse) {
  const c = (counts[cls] ??= { sent: 0, s2xx: 0, s4xx: 0, s5xx: 0 });
  c.sent++;
  const s = res.statusCode;
  if (s >= 500) c.s5xx++;
  else if (s >= 400) c.s4xx++;
  else c.s2xx++;
  let problem = '';
  if (s >= 500) problem = '5xx';
  else if (s >= 400 && s !== 404 && res.headers['content-type']?.toString().startsWith('text/html') !== true) {
    try {
      const body = JSON.parse(res.body);
      if (body.success !== false || typeof body.error !== 'string' || !body.error) problem = 'no error field';
    } catch {
      problem = 'error body is not JSON';
    }
  }
  if (problem && failures.length < 30)
    failures.push(`${cls}: ${problem} (${s}) for ${what} -> ${res.body.slice(0, 160)}`);
}

/** A concrete path for an endpoint, with ids that exist where the body is read. */
function pathOf(key: EndpointKey): string {
  return (ENDPOINTS[key].path as string).replace(
    ':id',
    key === 'vote' || key === 'voteStatus' || key === 'experience'
      ? existing.experienceId
      : key === 'peptide'
        ? existing.peptideId
        : '00000000-0000-4000-8000-000000000000',
  );
}

function headersFor(key: EndpointKey): Record<string, string> {
  const access = ENDPOINTS[key].access;
  return access === 'moderator' ? auth.moderator : access === 'member' || key === 'createPeptide' ? auth.member : {};
}

/** A valid body per endpoint that takes one. */
function exampleBody(key: EndpointKey): Record<string, unknown> | null {
  switch (key) {
    case 'register':
      return { email: uniqueEmail('fzc'), password: 'a-long-and-unusual-passphrase' };
    case 'login':
      return { email: 'nobody@example.com', password: 'a-long-and-unusual-passphrase' };
    case 'refresh':
    case 'logout':
      return { refreshToken: 'x'.repeat(43) };
    case 'updateMe':
      return {
        demographics: { ageRange: '30-34', biologicalSex: 'female', fitnessGoals: ['strength'] },
        preferences: { units: { weight: 'kg' }, notifications: { weeklyDigest: false } },
      };
    // A member's own account: wrong passwords and unknown links, so nothing survives to change anything.
    case 'changePassword':
      return { currentPassword: 'not-the-password', newPassword: 'a-long-and-unusual-passphrase' };
    case 'deleteMe':
      return { password: 'not-the-password' };
    case 'signOutEverywhere':
      return {};
    case 'forgotPassword':
      return { email: 'nobody@example.com' };
    case 'resetPassword':
      return { token: 'x'.repeat(43), password: 'a-long-and-unusual-passphrase' };
    case 'rejectUser':
      return { notes: 'spam' };
    case 'createPeptide':
      return validPeptide() as Record<string, unknown>;
    case 'submitExperience':
      return validSubmission(existing.peptideId, {
        sourcing: { vendorUrl: 'https://vendor.example', batchId: 'B-1', purityPercentage: 99, volumeMl: 2 },
      }) as Record<string, unknown>;
    case 'trackedExperience':
      return { trackingId: existing.trackingId };
    case 'updateTrackedExperience':
      return {
        trackingId: existing.trackingId,
        story: validSubmission('').story,
        outcomes: { Energy: 6 },
        effects: ['Calm'],
      };
    case 'deleteTrackedExperience':
      // An unknown ID: a body that survives the escapes must not delete the shared experience.
      return { trackingId: 'TRK-00000000000000000000' };
    case 'vote':
      return { voteType: 'helpful' };
    default:
      return null;
  }
}

/** JSON text of `body` with `slot` (a marker string) replaced by a raw JSON string body. */
const MARK = 'FUZZ\u2063SLOT';
function withEscape(body: unknown, escape: string): string {
  return JSON.stringify(body).split(JSON.stringify(MARK).slice(1, -1)).join(escape);
}

/** Every string leaf (and every record key) of a body, as a function putting MARK there. */
function stringSlots(value: unknown): ((root: unknown) => unknown)[] {
  const slots: ((root: unknown) => unknown)[] = [];
  const walk = (v: unknown, set: (root: unknown, x: unknown) => unknown) => {
    if (typeof v === 'string') slots.push((root) => set(root, MARK));
    else if (Array.isArray(v))
      v.forEach((item, i) =>
        walk(item, (root, x) =>
          set(
            root,
            v.map((old, j) => (j === i ? x : old)),
          ),
        ),
      );
    else if (v && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        walk(item, (root, x) => set(root, { ...(v as object), [k]: x }));
        // The key itself as the slot (outcome names and other user-chosen keys).
        slots.push((root) =>
          set(root, Object.fromEntries(Object.entries(v).map(([kk, vv]) => [kk === k ? MARK : kk, vv]))),
        );
      }
    }
  };
  walk(value, (_root, x) => x);
  return slots;
}

const ESCAPES = [
  '\\ud800',
  '\\udfff',
  'a\\ud83d',
  '\\ude00b',
  '\\udc00\\ud800',
  '\\u0000',
  'x\\u0000y',
  '\\u0001\\u001f\\u007f',
  '\\u0085\\u009f',
  '\\ufffe\\uffff',
  '\\u200b\\u200d\\u2060',
  '\\u202e\\u2066',
  '\\ufeff',
  'e\\u0301',
  '\\ud83d\\ude00',
  '\\r\\n\\t',
];

const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  '__proto__ ',
  'CONSTRUCTOR',
  'toString',
  'hasOwnProperty',
];

describe('fuzz classes', () => {
  beforeEach(() => {
    failures.length = 0;
  });

  /** Endpoints that take a body (asked once `existing` is known). */
  const bodyEndpoints = () => (Object.keys(ENDPOINTS) as EndpointKey[]).filter((k) => exampleBody(k) !== null);

  it('unicode escapes in every string field and key of every body: no 5xx', async () => {
    for (const key of bodyEndpoints()) {
      const example = exampleBody(key)!;
      for (const slot of stringSlots(example)) {
        for (const escape of ESCAPES) {
          const body = slot(exampleBody(key));
          const payload = withEscape(body, escape);
          const res = await t.app.inject({
            method: ENDPOINTS[key].method,
            url: pathOf(key),
            headers: { ...headersFor(key), 'content-type': 'application/json' },
            payload,
          });
          const at = payload.indexOf(escape);
          record(
            'unicode escapes',
            `${key} ...${payload.slice(Math.max(0, at - 60), at + escape.length + 20)}...`,
            res,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(counts['unicode escapes'].s5xx).toBe(0);
  }, 300_000);

  it('hostile keys at every object level of every body: no 5xx', async () => {
    for (const key of bodyEndpoints()) {
      const example = exampleBody(key)!;
      // Every object in the body (the body itself included) gets each hostile key.
      const objects: ((root: unknown, k: string) => unknown)[] = [];
      const walk = (v: unknown, set: (root: unknown, x: unknown) => unknown) => {
        if (!v || typeof v !== 'object' || Array.isArray(v)) return;
        objects.push((root, k) =>
          set(root, { ...(v as object), [MARK]: k === '__proto__' ? { role: 'moderator' } : 5 }),
        );
        for (const [name, item] of Object.entries(v))
          walk(item, (root, x) => set(root, { ...(v as object), [name]: x }));
      };
      walk(example, (_root, x) => x);
      for (const put of objects) {
        for (const hostile of HOSTILE_KEYS) {
          const payload = JSON.stringify(put(exampleBody(key), hostile)).replace(
            JSON.stringify(MARK).slice(1, -1),
            hostile,
          );
          const res = await t.app.inject({
            method: ENDPOINTS[key].method,
            url: pathOf(key),
            headers: { ...headersFor(key), 'content-type': 'application/json' },
            payload,
          });
          const at = payload.indexOf(`"${hostile}"`);
          record('hostile keys', `${key} ...${payload.slice(Math.max(0, at - 60), at + 60)}...`, res);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(counts['hostile keys'].s5xx).toBe(0);
  }, 300_000);

  it('every route under encoded, doubled, trailing, recased and broken path spellings: no 5xx', async () => {
    const spellings = (path: string): string[] => {
      const segments = path.split('/').filter(Boolean);
      const out = new Set<string>([
        path,
        `/${segments.map((s) => s.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`)).join('/')}`,
        `/${segments.map((s) => s.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)).join('/')}`,
        `/${segments.join('//')}`,
        `//${segments.join('/')}`,
        `${path}/`,
        `${path}//`,
        path.toUpperCase(),
        path.replace(/[a-z]/, (c) => c.toUpperCase()),
        `${path}%00`,
        `${path}/%00`,
        `/%61pi${path.slice(4)}/%00`,
        `//api${path.slice(4)}?search=%00`,
        `${path}%2F`,
        `${path}/%2e%2e/%2e%2e`,
        `${path}/%C0%AF`,
        `${path}/%ED%A0%80`,
        `${path}/%`,
        `${path}/%zz`,
        `${path}/${'%41'.repeat(300)}`,
        `/api/%2e%2e${path.slice(4)}`,
        `${path};jsessionid=1`,
        `${path}?%00=%00`,
        `${path}?search=%ED%A0%80&limit=%00`,
      ]);
      return [...out];
    };
    for (const key of Object.keys(ENDPOINTS) as EndpointKey[]) {
      const body = exampleBody(key);
      for (const url of spellings(pathOf(key))) {
        // Writes are sent with a body the contract refuses, so the matrix writes nothing.
        const payload = body
          ? JSON.stringify({ ...body, unknownFieldNobodySends: 1, voteType: 'nonsense', refreshToken: '' })
          : undefined;
        const res = await t.app.inject({
          method: ENDPOINTS[key].method,
          url,
          headers: { ...headersFor(key), ...(payload ? { 'content-type': 'application/json' } : {}) },
          payload,
        });
        record('encoded paths', `${ENDPOINTS[key].method} ${url.slice(0, 120)}`, res);
      }
    }
    expect(failures).toEqual([]);
    expect(counts['encoded paths'].s5xx).toBe(0);
  }, 300_000);

  it('cursors and integers at and beyond every type range: no 5xx', async () => {
    const integers = [
      0,
      -1,
      1,
      2 ** 31 - 1,
      2 ** 31,
      -(2 ** 31),
      -(2 ** 31) - 1,
      2 ** 53 - 1,
      2 ** 53,
      -(2 ** 53),
      1e308,
      -1e308,
      0.5,
      -0,
    ];
    const numbers = [0, -0, 5e-324, 1.7976931348623157e308, -1.7976931348623157e308, 10, 11, -1];
    const timestamps = [
      '1970-01-01T00:00:00.000Z',
      '1969-12-31T23:59:59.999Z',
      '0000-01-01T00:00:00.000Z',
      '9999-12-31T23:59:59.999Z',
      '+010000-01-01T00:00:00.000Z',
      '+275760-09-13T00:00:00.000Z',
      '-271821-04-20T00:00:00.000Z',
      '-000001-01-01T00:00:00.000Z',
      '2026-02-30T00:00:00.000Z',
      '2026-01-01',
      'infinity',
      '-infinity',
      'epoch',
    ];
    const uuids = [
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      existing.experienceId,
      'g0000000-0000-0000-0000-000000000000',
    ];
    const cursors: unknown[][] = [];
    for (const ts of timestamps) for (const id of uuids) cursors.push([ts, id]);
    for (const n of [...integers, ...numbers]) for (const ts of timestamps.slice(0, 6)) cursors.push([n, ts, uuids[0]]);
    cursors.push([], [null], [null, null], [{}, []], ['x'.repeat(200)], [1, 2, 3, 4, 5, 6]);
    const rawCursors = [
      '',
      '=',
      '====',
      '%',
      'AAAA',
      'bnVsbA',
      'W10',
      'e30',
      '🙂',
      'x'.repeat(300),
      Buffer.from('[1e999,"x"]').toString('base64url'),
    ];

    const lists: { url: string; query: Record<string, string> }[] = [];
    for (const sort of COMMUNITY_SORTS) lists.push({ url: '/api/experiences', query: { sort } });
    lists.push({ url: '/api/experiences', query: { sort: 'helpful', peptideId: existing.peptideId } });
    lists.push({ url: '/api/research/export', query: {} });
    for (const list of lists) {
      const headers = list.url.startsWith('/api/research') ? auth.moderator : {};
      for (const cursor of [...cursors.map((c) => t.ctx.cursors.encode(c as (string | number)[])), ...rawCursors]) {
        const res = await t.app.inject({ method: 'GET', url: list.url, query: { ...list.query, cursor }, headers });
        record('cursor values', `${list.url} ${JSON.stringify(list.query)} cursor=${cursor.slice(0, 80)}`, res);
      }
    }
    // Integer query values at and beyond their ranges, on every endpoint that pages or limits.
    const intValues = [
      '0',
      '-0',
      '1',
      '-1',
      '2147483647',
      '2147483648',
      '-2147483649',
      '9007199254740991',
      '9007199254740993',
      '1e308',
      '1e309',
      '-1e309',
      '0x10',
      '1.0',
      '1.5',
      '010',
      ' 1',
      '1 ',
      '+1',
      'Infinity',
      'NaN',
      '١',
    ];
    const paged: { url: string; keys: string[]; headers: Record<string, string> }[] = [
      { url: '/api/peptides', keys: ['page', 'limit'], headers: {} },
      { url: '/api/peptides/public', keys: ['page', 'limit'], headers: {} },
      { url: '/api/experiences', keys: ['limit'], headers: {} },
      { url: '/api/experiences/home/public', keys: ['limit'], headers: {} },
      { url: '/api/effects', keys: ['limit'], headers: {} },
      { url: '/api/users/pending', keys: ['page', 'limit'], headers: auth.moderator },
      { url: '/api/research/peptides', keys: ['page', 'limit'], headers: auth.moderator },
      { url: '/api/research/export', keys: ['limit'], headers: auth.moderator },
    ];
    for (const { url, keys, headers } of paged) {
      for (const key of keys) {
        for (const value of intValues) {
          const res = await t.app.inject({ method: 'GET', url, query: { [key]: value }, headers });
          record('cursor values', `${url}?${key}=${value}`, res);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(counts['cursor values'].s5xx).toBe(0);
  }, 300_000);
});
