// Fuzzed input: fast-check derives malformed requests from the contract's schemas and
// sends more than 10,000 of them across every endpoint to one app on PGlite (or PostgreSQL with
// TEST_DATABASE_URL). Every request the contract refuses must get a 4xx with an `error`; no
// request at all may get a 5xx; the server keeps serving; rejected writes change no table.
import * as fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountLogQuery,
  MembersQuery,
  ChangePasswordRequest,
  ConfirmEmailRequest,
  CompareQuery,
  CreatePeptideRequest,
  DeleteAccountRequest,
  ForgotPasswordRequest,
  ResetPasswordRequest,
  SignOutEverywhereRequest,
  UnsubscribeRequest,
  Credentials,
  EffectsQuery,
  ENDPOINTS,
  ExperienceListQuery,
  HomeExperiencesQuery,
  Id,
  LogoutRequest,
  MyVotesQuery,
  PeptideListQuery,
  PendingUsersQuery,
  RefreshRequest,
  RegisterRequest,
  RejectRequest,
  ResearchExportQuery,
  ResearchPeptidesQuery,
  SubmitExperienceRequest,
  TrackingId,
  TrackingLookupRequest,
  TrendsQuery,
  UpdateTrackedExperienceRequest,
  UpdateProfileRequest,
  VoteRequest,
  FlagRequest,
  HideRequest,
  BulkDecisionRequest,
  MyFlagsQuery,
  ModerationLogQuery,
  ModerationQueueQuery,
} from '../../contract';
import {
  PASSWORD,
  bearer,
  createTestApp,
  member,
  submit,
  tableDigests,
  validSubmission,
  type TestApp,
} from './helpers';
import { moderatorToken, newMember, uniqueEmail, validPeptide } from './fixtures';

interface Schema {
  safeParse(input: unknown): { success: boolean };
}
type EndpointKey = keyof typeof ENDPOINTS;
type Auth = 'none' | 'member' | 'moderator';

let t: TestApp;
let tokens: Record<Auth, Record<string, string>>;
let existing: { experienceId: string; trackingId: string; pendingUserId: string; peptideId: string };

const stats = {
  sent: 0,
  refusedByContract: 0,
  status4xx: 0,
  status2xx: 0,
  status5xx: 0,
  byEndpoint: {} as Record<string, number>,
};
const failures: string[] = [];

beforeAll(async () => {
  // Limits scaled far up so almost every request reaches validation (a 429 would still be a 4xx).
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100000' });
  const m = await newMember(t, 'fuzz');
  tokens = { none: {}, member: m.headers, moderator: bearer(await moderatorToken(t)) };
  const peptideId = t.peptides.get('BPC-157')!;
  const s = await submit(t, validSubmission(peptideId));
  const pending = await member(t, uniqueEmail('fuzz-pending'), { approve: false });
  existing = { experienceId: s.experience._id, trackingId: s.trackingId, pendingUserId: pending.userId, peptideId };
}, 120_000);
afterAll(() => t?.close());

// ---------------------------------------------------------------------------------------------
// Values: the usual suspects for wrong types, hostile strings and odd unicode.

const INJECTIONS = [
  "' OR '1'='1",
  "'; DROP TABLE experiences; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5)',
  "' UNION SELECT email, password_hash FROM users --",
  '$1',
  '\\',
  '%',
  '_',
  '%%%',
  '{"$gt": ""}',
  '{"__proto__": {"role": "moderator"}}',
  '[object Object]',
  '<script>alert(1)</script>',
  '${7*7}',
  '{{7*7}}',
  '../../../../etc/passwd',
  '%00',
  'null',
  'undefined',
  'NaN',
  'true',
  '-1',
  '1e309',
  '0x7fffffff',
  '9007199254740993',
];
const UNICODE = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  '\uffff',
  '\ufeff',
  '\u202e\u202d',
  '\u200b\u200c\u200d',
  'Z̸͚̈́a̵l̸g̷o̸',
  '👩‍👩‍👧‍👦',
  '𝕳𝖊𝖑𝖑𝖔',
  'ﷺ',
  'İı',
  '\r\n\t',
  ' ',
];

const hostileString = fc.oneof(
  fc.constantFrom(...INJECTIONS, ...UNICODE),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 20 }),
  fc.constantFrom(1001, 5001, 20_000, 60_000).map((n) => 'A'.repeat(n)),
);

/** Nested arrays or objects up to a few thousand levels deep. */
const deepNesting = fc.tuple(fc.integer({ min: 20, max: 3000 }), fc.boolean()).map(([depth, arrays]) => {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = arrays ? [v] : { a: v };
  return v;
});

const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.array(hostileString, { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 4 }),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308, -0.5),
  deepNesting,
);

const anyValue: fc.Arbitrary<unknown> = fc.oneof(hostileString, wrongType);

// ---------------------------------------------------------------------------------------------
// Bodies: a valid example mutated into something the contract refuses.

type Mutation = (body: Record<string, unknown>) => unknown;

// Made once, not per endpoint: making a string arbitrary builds fast-check's table of characters
// for shrinking, which was a sixth of this file's CPU when each endpoint made its own.
const nestedKey = fc.string({ maxLength: 12 });

function mutations(valid: Record<string, unknown>): fc.Arbitrary<Mutation> {
  const keys = Object.keys(valid);
  const key = keys.length ? fc.constantFrom(...keys) : fc.constant('x');
  const nestedKeys = keys.filter((k) => valid[k] && typeof valid[k] === 'object' && !Array.isArray(valid[k]));
  const one: fc.Arbitrary<Mutation> = fc.oneof(
    // A field of the wrong type or with a hostile value.
    fc.tuple(key, anyValue).map(
      ([k, v]): Mutation =>
        (b) => ({ ...b, [k]: v }),
    ),
    // A missing field.
    key.map(
      (k): Mutation =>
        (b) =>
          Object.fromEntries(Object.entries(b).filter(([name]) => name !== k)),
    ),
    // Extra fields (also the prototype keys).
    fc.tuple(fc.constantFrom('role', 'status', 'isAdmin', 'userId', 'constructor', 'prototype', 'extra'), anyValue).map(
      ([k, v]): Mutation =>
        (b) => ({ ...b, [k]: v }),
    ),
    // A list field with hostile entries.
    fc.tuple(key, fc.array(anyValue, { minLength: 1, maxLength: 60 })).map(
      ([k, v]): Mutation =>
        (b) => ({ ...b, [k]: v }),
    ),
    // The whole body something else.
    anyValue.map(
      (v): Mutation =>
        () =>
          v,
    ),
    ...(nestedKeys.length
      ? [
          fc.tuple(fc.constantFrom(...nestedKeys), nestedKey, anyValue).map(
            ([k, sub, v]): Mutation =>
              (b) => ({ ...b, [k]: { ...(b[k] as object), [sub]: v } }),
          ),
        ]
      : []),
  );
  return fc
    .array(one, { minLength: 1, maxLength: 3 })
    .map(
      (ms) => (b) =>
        ms.reduce<unknown>(
          (acc, m) =>
            acc && typeof acc === 'object' && !Array.isArray(acc) ? m(acc as Record<string, unknown>) : m({}),
          b,
        ),
    );
}

// ---------------------------------------------------------------------------------------------
// Path parameters and query strings.

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids that are malformed, or well formed but unknown (never one that exists). */
const badId = fc
  .oneof(
    hostileString,
    fc.uuid(),
    fc.constantFrom(
      '1',
      '0',
      '-1',
      '00000000-0000-0000-0000-000000000000x',
      'TRK-1',
      'TRK-' + '9'.repeat(20),
      'trk-' + '1'.repeat(19),
      'undefined',
      'home',
      '%2e%2e',
    ),
    fc.integer().map(String),
  )
  // An empty segment is another route (the list), not an id.
  .filter((s) => s !== '');

function encodeSegment(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    // Lone surrogates cannot be percent-encoded: send their replacement instead.
    return encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '\ufffd'));
  }
}

const shortString = fc.string({ maxLength: 6 });

const queryValue = fc.oneof(
  hostileString,
  fc.constantFrom(
    '',
    '-1',
    '0',
    '1.5',
    '1e3',
    '101',
    '5001',
    'NaN',
    'Infinity',
    ' 5 ',
    '0x10',
    'newest',
    'all',
    'json',
    'csv',
    'weekly',
    'peptide',
  ),
  fc.array(shortString, { minLength: 2, maxLength: 3 }),
);

function queryArb(keys: readonly string[]) {
  return fc.dictionary(fc.oneof(fc.constantFrom(...(keys.length ? keys : ['q'])), shortString), queryValue, {
    minKeys: 1,
    maxKeys: 4,
  });
}

// ---------------------------------------------------------------------------------------------
// One description per endpoint: how to make a malformed request for it.

interface Req {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  query?: Record<string, string | string[]>;
  body?: unknown;
  auth: Auth;
  /** True when the contract itself refuses this request, so the server must answer 4xx. */
  invalid: boolean;
}

const authArb = fc.constantFrom<Auth>('moderator', 'moderator', 'moderator', 'member', 'none');
const valid = (schema: Schema, input: unknown) => schema.safeParse(input ?? {}).success;

function bodyCase(
  key: EndpointKey,
  schema: Schema,
  example: () => Record<string, unknown>,
  path = ENDPOINTS[key].path as string,
) {
  const ex = example();
  return fc.tuple(mutations(ex), authArb).map(([mutate, auth]): Req => {
    const body = mutate(example());
    return { method: ENDPOINTS[key].method, url: path, body, auth, invalid: !valid(schema, body) };
  });
}

function idCase(key: EndpointKey, paramSchema: Schema, body?: unknown) {
  return fc.tuple(badId, authArb).map(([id, auth]): Req => {
    const url = (ENDPOINTS[key].path as string).replace(/:\w+/, encodeSegment(id));
    // Malformed (400) or well formed but unknown (404): a 4xx either way.
    return {
      method: ENDPOINTS[key].method,
      url,
      body,
      auth,
      invalid: !paramSchema.safeParse(id).success || UUID_RE.test(id) || /^TRK-\d{20}$/i.test(id.trim()),
    };
  });
}

/** A tracking ID, malformed or well formed but unknown, in the body where it travels (a 4xx either way). */
function trackingIdCase(key: EndpointKey, extra: Record<string, unknown> = {}) {
  return fc.tuple(badId, authArb).map(
    ([id, auth]): Req => ({
      method: ENDPOINTS[key].method,
      url: ENDPOINTS[key].path,
      body: { ...extra, trackingId: id },
      auth,
      invalid: !TrackingId.safeParse(id).success || /^TRK-\d{20}$/i.test(id.trim()),
    }),
  );
}

function queryCase(key: EndpointKey, schema: Schema | null, keys: readonly string[]) {
  return fc.tuple(queryArb(keys), authArb).map(
    ([query, auth]): Req => ({
      method: 'GET',
      url: ENDPOINTS[key].path as string,
      query,
      auth,
      invalid: schema ? !valid(schema, query) : false,
    }),
  );
}

const submission = () => validSubmission(existing.peptideId) as Record<string, unknown>;

const CASES: Record<EndpointKey, () => fc.Arbitrary<Req>> = {
  health: () => queryCase('health', null, ['db']),
  healthReady: () => queryCase('healthReady', null, ['db']),
  limits: () => queryCase('limits', null, ['x']),
  publication: () => queryCase('publication', null, ['x']),
  apiDocument: () => queryCase('apiDocument', null, ['x']),
  apiChangelog: () => queryCase('apiChangelog', null, ['x']),
  register: () => bodyCase('register', RegisterRequest, () => ({ email: uniqueEmail('fz'), password: PASSWORD })),
  login: () => bodyCase('login', Credentials, () => ({ email: 'someone@example.com', password: PASSWORD })),
  confirmEmail: () => bodyCase('confirmEmail', ConfirmEmailRequest, () => ({ token: 'x'.repeat(43) })),
  refresh: () => bodyCase('refresh', RefreshRequest, () => ({ refreshToken: 'x'.repeat(43) })),
  logout: () => bodyCase('logout', LogoutRequest, () => ({ refreshToken: 'x'.repeat(43) })),
  me: () => queryCase('me', null, ['id']),
  updateMe: () =>
    bodyCase('updateMe', UpdateProfileRequest, () => ({
      demographics: { ageRange: '30-34', biologicalSex: 'female' },
      preferences: { units: { weight: 'kg' } },
    })),
  // A member's own account: only malformed bodies are sent (below), so no password changes and no account goes.
  changePassword: () =>
    bodyCase('changePassword', ChangePasswordRequest, () => ({
      currentPassword: PASSWORD,
      newPassword: 'a-long-and-unusual-passphrase',
    })),
  signOutEverywhere: () => bodyCase('signOutEverywhere', SignOutEverywhereRequest, () => ({})),
  exportMe: () => queryCase('exportMe', null, ['format']),
  deleteMe: () => bodyCase('deleteMe', DeleteAccountRequest, () => ({ password: PASSWORD })),
  forgotPassword: () => bodyCase('forgotPassword', ForgotPasswordRequest, () => ({ email: 'someone@example.com' })),
  resetPassword: () =>
    bodyCase('resetPassword', ResetPasswordRequest, () => ({
      token: 'x'.repeat(43),
      password: 'a-long-and-unusual-passphrase',
    })),
  unsubscribe: () => bodyCase('unsubscribe', UnsubscribeRequest, () => ({ token: 'x'.repeat(43) })),
  pendingUsers: () => queryCase('pendingUsers', PendingUsersQuery, ['page', 'limit']),
  // Approve has no body: only unknown or malformed ids, so nobody is really approved.
  approveUser: () => idCase('approveUser', Id),
  rejectUser: () =>
    fc.oneof(
      idCase('rejectUser', Id, { notes: '' }),
      bodyCase('rejectUser', RejectRequest, () => ({ notes: 'spam' }), `/api/users/${existing?.pendingUserId}/reject`),
    ),
  members: () => queryCase('members', MembersQuery, ['page', 'limit', 'q']),
  // Unknown or malformed ids only, so nobody is really undone, suspended or reinstated.
  undoUserDecision: () => idCase('undoUserDecision', Id),
  suspendUser: () => fc.oneof(idCase('suspendUser', Id, { note: '' }), idCase('suspendUser', Id, {})),
  reinstateUser: () => idCase('reinstateUser', Id),
  accountLog: () => queryCase('accountLog', AccountLogQuery, ['page', 'limit']),
  analytics: () => queryCase('analytics', null, ['range']),
  publicAnalytics: () => queryCase('publicAnalytics', null, ['range']),
  trends: () => queryCase('trends', TrendsQuery, ['period', 'groupBy']),
  compare: () => queryCase('compare', CompareQuery, ['ids']),
  peptides: () => queryCase('peptides', PeptideListQuery, ['search', 'category', 'sort', 'page', 'limit']),
  publicPeptides: () => queryCase('publicPeptides', PeptideListQuery, ['search', 'category', 'sort', 'page', 'limit']),
  peptideCatalogue: () => queryCase('peptideCatalogue', null, ['search']),
  peptide: () => idCase('peptide', Id),
  createPeptide: () => bodyCase('createPeptide', CreatePeptideRequest, () => validPeptide()),
  deletePeptide: () => idCase('deletePeptide', Id),
  reviewPeptide: () => idCase('reviewPeptide', Id),
  submitExperience: () => bodyCase('submitExperience', SubmitExperienceRequest, submission),
  experiences: () =>
    queryCase('experiences', ExperienceListQuery, ['search', 'category', 'sort', 'peptideId', 'limit', 'cursor']),
  homeExperiences: () => queryCase('homeExperiences', HomeExperiencesQuery, ['limit']),
  experience: () => idCase('experience', Id),
  trackedExperience: () =>
    fc.oneof(
      trackingIdCase('trackedExperience'),
      bodyCase('trackedExperience', TrackingLookupRequest, () => ({ trackingId: existing?.trackingId })),
    ),
  updateTrackedExperience: () =>
    fc.oneof(
      trackingIdCase('updateTrackedExperience', { effects: ['x'] }),
      bodyCase('updateTrackedExperience', UpdateTrackedExperienceRequest, () => ({
        trackingId: existing?.trackingId,
        story: validSubmission('').story,
        effects: ['Calm'],
      })),
    ),
  deleteTrackedExperience: () =>
    fc.oneof(
      trackingIdCase('deleteTrackedExperience'),
      // Mutations of an unknown ID only: the contract-valid ones are not sent (see below).
      bodyCase('deleteTrackedExperience', TrackingLookupRequest, () => ({ trackingId: 'TRK-00000000000000000000' })),
    ),
  vote: () =>
    fc.oneof(
      idCase('vote', Id, { voteType: 'helpful' }),
      bodyCase('vote', VoteRequest, () => ({ voteType: 'helpful' }), `/api/experiences/${existing?.experienceId}/vote`),
    ),
  // Flags and decisions: only unknown or malformed ids, or the fixed report with mutated bodies.
  flag: () =>
    fc.oneof(
      idCase('flag', Id, { reason: 'spam' }),
      bodyCase(
        'flag',
        FlagRequest,
        () => ({ reason: 'spam', note: 'x' }),
        `/api/experiences/${existing?.experienceId}/flag`,
      ),
    ),
  moderationQueue: () => queryCase('moderationQueue', ModerationQueueQuery, ['view', 'reason', 'limit', 'cursor']),
  moderationPublish: () => idCase('moderationPublish', Id),
  moderationHide: () =>
    fc.oneof(
      idCase('moderationHide', Id, { reason: 'spam' }),
      bodyCase(
        'moderationHide',
        HideRequest,
        () => ({ reason: 'spam' }),
        `/api/moderation/experiences/${existing?.experienceId}/hide`,
      ),
    ),
  moderationRestore: () => idCase('moderationRestore', Id),
  moderationLog: () =>
    queryCase('moderationLog', ModerationLogQuery, ['action', 'moderatorId', 'experienceId', 'limit', 'cursor']),
  moderationSummary: () => queryCase('moderationSummary', null, ['x']),
  // Bulk decisions name only reports that do not exist: each answers on its own, none is changed.
  moderationBulk: () =>
    bodyCase('moderationBulk', BulkDecisionRequest, () => ({
      ids: ['00000000-0000-4000-8000-00000000b01c'],
      action: 'hide',
      reason: 'spam',
    })),
  moderationUndo: () => idCase('moderationUndo', Id),
  myFlags: () => queryCase('myFlags', MyFlagsQuery, ['experienceIds']),
  voteStatus: () => idCase('voteStatus', Id),
  withdrawVote: () => idCase('withdrawVote', Id),
  myVotes: () => queryCase('myVotes', MyVotesQuery, ['experienceIds']),
  effects: () => queryCase('effects', EffectsQuery, ['type', 'search', 'limit']),
  researchOverview: () => queryCase('researchOverview', null, ['x']),
  researchPeptides: () => queryCase('researchPeptides', ResearchPeptidesQuery, ['page', 'limit', 'sort']),
  researchExport: () => queryCase('researchExport', ResearchExportQuery, ['format', 'limit', 'cursor']),
};

// ---------------------------------------------------------------------------------------------

async function send(endpoint: string, req: Req): Promise<LightMyRequestResponse> {
  const res = await t.app.inject({
    method: req.method,
    url: req.url,
    query: req.query,
    headers: tokens[req.auth],
    ...(req.body === undefined
      ? {}
      : { payload: JSON.stringify(req.body), headers: { ...tokens[req.auth], 'content-type': 'application/json' } }),
  });
  record(
    endpoint,
    () =>
      `${req.method} ${req.url.slice(0, 80)} ${JSON.stringify(req.query ?? '').slice(0, 120)} ${JSON.stringify(req.body ?? '').slice(0, 160)}`,
    res,
    req.invalid,
  );
  return res;
}

/** `what` describes the request; made only for a failure (bodies of up to a megabyte are sent). */
function record(endpoint: string, what: () => string, res: LightMyRequestResponse, mustBe4xx: boolean) {
  stats.sent++;
  stats.byEndpoint[endpoint] = (stats.byEndpoint[endpoint] ?? 0) + 1;
  if (mustBe4xx) stats.refusedByContract++;
  const s = res.statusCode;
  if (s >= 500) stats.status5xx++;
  else if (s >= 400) stats.status4xx++;
  else stats.status2xx++;
  let problem = '';
  if (s >= 500) problem = '5xx';
  else if (mustBe4xx && (s < 400 || s >= 500)) problem = `expected 4xx, got ${s}`;
  else if (s >= 400) {
    try {
      const body = JSON.parse(res.body);
      if (body.success !== false || typeof body.error !== 'string' || !body.error) problem = 'no error field';
    } catch {
      problem = 'error body is not JSON';
    }
  }
  if (problem && failures.length < 20)
    failures.push(`${endpoint}: ${problem} (${s}) for ${what()} -> ${res.body.slice(0, 200)}`);
}

/** Row counts and a checksum of every table's content (what the server writes in the background aside: tableDigests). */
const snapshot = () => tableDigests(t);

const RUNS_PER_ENDPOINT = 300;

describe('fuzzed requests', () => {
  it(`refuses ${RUNS_PER_ENDPOINT} malformed requests per endpoint with a 4xx and an error; nothing changes`, async () => {
    const before = await snapshot();
    const started = Date.now();
    for (const [key, make] of Object.entries(CASES)) {
      await fc.assert(
        fc.asyncProperty(make(), async (req) => {
          // Writes the contract accepts would really write: only malformed writes are sent.
          if (req.method !== 'GET' && !req.invalid) return;
          await send(key, req);
        }),
        { numRuns: RUNS_PER_ENDPOINT, seed: Number(process.env.FUZZ_SEED ?? 7), endOnFailure: true },
      );
    }
    // Bodies that are not JSON objects at all, to every endpoint that takes a body.
    const bodyEndpoints = Object.entries(ENDPOINTS).filter(([, e]) => e.method !== 'GET');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...bodyEndpoints),
        fc.oneof(
          fc.record({
            type: fc.constantFrom(
              'text/plain',
              'application/x-www-form-urlencoded',
              'application/xml',
              'multipart/form-data; boundary=x',
              'application/octet-stream',
              'text/html',
            ),
            text: fc.oneof(hostileString, fc.constant('email=a&password=b')),
          }),
          fc.record({
            type: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON'),
            text: fc.oneof(
              fc.constantFrom(
                '{',
                '{"a":',
                '[1,2',
                '{"email": "x" "password": "y"}',
                "{'a': 1}",
                'nul',
                '{"a": NaN}',
                '\u0000',
                '{"a": 1}}',
                '"unterminated',
                '{"__proto__": {"role": "moderator"}, "a": }',
              ),
              fc.string({ unit: 'binary', maxLength: 30 }).filter((s) => {
                try {
                  JSON.parse(s);
                  return false;
                } catch {
                  return s.trim() !== '';
                }
              }),
            ),
          }),
          fc.record({
            type: fc.constant('application/json'),
            text: fc.constantFrom(70_000, 200_000, 1_000_000).map((n) => JSON.stringify({ story: 'x'.repeat(n) })),
          }),
        ),
        authArb,
        async ([key, e], { type, text }, auth) => {
          const url = (e.path as string)
            // Real ids only where the body is read first; body-less calls get unknown ones.
            .replace(
              ':id',
              key === 'vote'
                ? existing.experienceId
                : key === 'rejectUser'
                  ? existing.pendingUserId
                  : '00000000-0000-4000-8000-000000000000',
            );
          const res = await t.app.inject({
            method: e.method,
            url,
            headers: { ...tokens[auth], 'content-type': type },
            payload: text,
          });
          // Only the bodies the server cannot read; a body a parser does accept is caught above.
          record(`${key} (raw body)`, () => `${e.method} ${url} ${type} ${text.slice(0, 80)}`, res, true);
        },
      ),
      { numRuns: 1500, seed: 11, endOnFailure: true },
    );
    const seconds = (Date.now() - started) / 1000;

    const after = await snapshot();
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    console.log(
      `[fuzz] ${stats.sent} requests in ${seconds.toFixed(1)} s over ${Object.keys(stats.byEndpoint).length} endpoint cases: ` +
        `${stats.refusedByContract} refused by the contract, ${stats.status4xx} answered 4xx, ${stats.status2xx} 2xx (harmless GETs), ${stats.status5xx} 5xx`,
    );
    expect(failures).toEqual([]);
    expect(stats.status5xx).toBe(0);
    expect(stats.sent).toBeGreaterThanOrEqual(10_000);
    expect(after).toEqual(before);
    expect(health.statusCode).toBe(200);
  }, 480_000);

  it('hostile strings in valid slots (search terms, stories, names) never make a 5xx', async () => {
    // These requests are valid and may write: the NUL byte, lone surrogates and SQL are the
    // classic ways to turn a database error into a 500.
    failures.length = 0;
    const strings = [...INJECTIONS, ...UNICODE];
    for (const s of strings) {
      for (const url of ['/api/peptides', '/api/experiences', '/api/effects']) {
        const res = await t.app.inject({ method: 'GET', url, query: { search: s } });
        record('search', () => `${url}?search=${JSON.stringify(s)}`, res, false);
        expect(res.statusCode, `${url} search ${JSON.stringify(s)}: ${res.body}`).toBeLessThan(500);
      }
      const story = `${s} ${validSubmission('').story}`.slice(0, 1000);
      const sub = await t.app.inject({
        method: 'POST',
        url: '/api/experiences',
        payload: validSubmission(existing.peptideId, {
          story,
          effects: [s.slice(0, 60) || 'x'],
          dosage: s.slice(0, 50) || '1 mg',
        }),
      });
      expect(sub.statusCode, `story ${JSON.stringify(s)}: ${sub.body}`).toBeLessThan(500);
      const pep = await t.app.inject({
        method: 'POST',
        url: '/api/peptides',
        headers: tokens.member,
        payload: validPeptide({ description: s.slice(0, 500) || 'x', commonEffects: [s.slice(0, 30) || 'x'] }),
      });
      expect(pep.statusCode, `peptide ${JSON.stringify(s)}: ${pep.body}`).toBeLessThan(500);
    }
    expect(failures).toEqual([]);
  });
});
