// The API keeps the promises of its own document, checked as a stranger would: every operation
// of contract/endpoints.ts is called (its success and the failures a client meets: 400, 401, 403,
// 404, 409, 413, 415, 429 and a 304), and each answer's status, headers and body are checked
// against GET /api/openapi.json with a third-party JSON Schema 2020-12 validator (Ajv), not with
// the zod schemas the server itself uses.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../contract';
import {
  PASSWORD,
  bearer,
  confirmationToken,
  createTestApp,
  json,
  submit,
  validSubmission,
  member,
  type TestApp,
} from './helpers';
import { moderatorToken, newMember, uniqueEmail, validPeptide } from './fixtures';

type EndpointKey = keyof typeof ENDPOINTS;
type Json = Record<string, any>;

let t: TestApp;
let doc: Json;
let ajv: Ajv2020;
const checked: { key: string; status: number }[] = [];
const mismatches: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1000' });
  doc = json(await t.app.inject({ method: 'GET', url: '/api/openapi.json' }));
  ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats.default(ajv);
  ajv.addSchema(doc, 'openapi.json');
}, 120_000);
afterAll(() => t?.close());

const openapiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** Follows a local `$ref` (`#/components/responses/NotFound`) to what it names, with its JSON pointer. */
function resolved(value: Json, at: string): [Json, string] {
  if (typeof value?.$ref !== 'string') return [value, at];
  const target = value.$ref.slice(2);
  const found = target
    .split('/')
    .reduce<Json | undefined>((node, part) => node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  if (!found) throw new Error(`unresolved ${value.$ref}`);
  return resolved(found, target);
}

/** The document's answer for this status: exact, else its range (`4XX`), else `default`; with where it lives. */
function declaredResponse(op: Json, status: number, at: string): [string, Json, string] | null {
  for (const key of [String(status), `${String(status)[0]}XX`, 'default']) {
    if (op.responses?.[key]) return [key, ...resolved(op.responses[key], `${at}/responses/${key}`)];
  }
  return null;
}

/** Headers a client acts on: each one sent must be declared on the answer that carries it. */
const MEANINGFUL_HEADERS = [
  'retry-after',
  'www-authenticate',
  'link',
  'ratelimit',
  'ratelimit-policy',
  'x-next-cursor',
];

/** Checks one answer against the document; each problem is counted as a mismatch. */
function conforms(key: EndpointKey, res: LightMyRequestResponse): void {
  const { method, path } = ENDPOINTS[key];
  const op = doc.paths?.[openapiPath(path)]?.[method.toLowerCase()];
  checked.push({ key, status: res.statusCode });
  const where = `${key} ${res.statusCode}`;
  if (!op) return void mismatches.push(`${where}: no operation ${method} ${path} in the document`);
  const declared = declaredResponse(op, res.statusCode, pointer('paths', openapiPath(path), method.toLowerCase()));
  if (!declared) return void mismatches.push(`${where}: status not declared`);
  const [status, response, responseAt] = declared;
  // A range (`4XX`) tells a client nothing it can act on.
  if (status !== String(res.statusCode)) mismatches.push(`${where}: declared only as ${status}`);
  const names = new Set(Object.keys((response.headers ?? {}) as Json).map((n) => n.toLowerCase()));
  // The ETag of a read is what a 304 answers to.
  const meaningful = method === 'GET' && res.statusCode === 200 ? [...MEANINGFUL_HEADERS, 'etag'] : MEANINGFUL_HEADERS;
  for (const name of meaningful)
    if (res.headers[name] !== undefined && !names.has(name)) mismatches.push(`${where}: header ${name} not declared`);
  for (const [name, declaredHeader] of Object.entries((response.headers ?? {}) as Json)) {
    const [header] = resolved(declaredHeader, '');
    const value = res.headers[name.toLowerCase()];
    if (value === undefined) {
      if (header.required) mismatches.push(`${where}: required header ${name} missing`);
      continue;
    }
    const schema = header.schema ?? {};
    const typed = schema.type === 'integer' || schema.type === 'number' ? Number(value) : value;
    if (!ajv.validate(schema, typed)) mismatches.push(`${where}: header ${name}=${String(value)} ${ajv.errorsText()}`);
  }
  if (res.statusCode === 304) return;
  const mediaType = String(res.headers['content-type'] ?? '')
    .split(';')[0]
    .trim();
  const content = response.content as Json | undefined;
  if (!content)
    return void (res.body ? mismatches.push(`${where}: a body where the document declares none`) : undefined);
  if (!content[mediaType])
    return void mismatches.push(`${where}: ${mediaType} not declared (${Object.keys(content).join(', ')})`);
  const body = mediaType === 'application/json' ? json(res) : res.body;
  const validate = ajv.getSchema(`openapi.json#/${responseAt}/${pointer('content', mediaType, 'schema')}`);
  if (!validate) return void mismatches.push(`${where}: no schema`);
  if (!validate(body))
    mismatches.push(`${where}: ${ajv.errorsText(validate.errors, { dataVar: 'body' }).slice(0, 400)}`);
}

async function call(
  key: EndpointKey,
  options: Omit<InjectOptions, 'method' | 'url'> & { url?: string; params?: Record<string, string> } = {},
) {
  const { params = {}, url, ...rest } = options;
  const path =
    url ?? ENDPOINTS[key].path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const res = await t.app.inject({ method: ENDPOINTS[key].method, url: path, ...rest });
  conforms(key, res);
  return res;
}

describe('every operation answers as its OpenAPI document says', () => {
  it('successes, failures and limits, every answer checked with Ajv (JSON Schema 2020-12)', async () => {
    const peptideId = t.peptides.get('BPC-157')!;
    const mod = bearer(await moderatorToken(t));
    const m = await newMember(t, 'conform');
    const none = {};
    const UNKNOWN = '00000000-0000-4000-8000-000000000000';

    await call('health');
    await call('healthReady');
    await call('limits');
    await call('publication');
    await call('apiDocument');
    await call('apiChangelog');
    // Accounts.
    const email = uniqueEmail('conform-new');
    await call('register', { payload: { email, password: PASSWORD } });
    await call('register', { payload: { email: 'not-an-email', password: PASSWORD } });
    await call('confirmEmail', { payload: { token: await confirmationToken(t, email) } });
    await call('confirmEmail', { payload: { token: 'x'.repeat(43) } });
    const pending = await member(t, uniqueEmail('conform-pending'), { approve: false });
    const rejected = await member(t, uniqueEmail('conform-rejected'), { approve: false });
    const signIn = await call('login', { payload: { email: m.email, password: PASSWORD } });
    await call('login', { payload: { email: m.email, password: 'wrong-password-here' } });
    const refreshToken = json(signIn).data.refreshToken as string;
    const refreshed = await call('refresh', { payload: { refreshToken } });
    await call('refresh', { payload: { refreshToken: 'x'.repeat(43) } });
    await call('me', { headers: m.headers });
    await call('me', { headers: none });
    await call('me', { headers: bearer('not-a-token') });
    await call('updateMe', { headers: m.headers, payload: { demographics: { ageRange: '30-34' } } });
    await call('updateMe', { headers: m.headers, payload: { demographics: 5 } });
    await call('pendingUsers', { headers: mod });
    await call('pendingUsers', { headers: m.headers });
    await call('approveUser', { headers: mod, params: { id: pending.userId } });
    await call('approveUser', { headers: mod, params: { id: UNKNOWN } });
    await call('rejectUser', { headers: mod, params: { id: rejected.userId }, payload: { notes: 'Spam account' } });
    await call('undoUserDecision', { headers: mod, params: { id: rejected.userId } });
    await call('undoUserDecision', { headers: mod, params: { id: rejected.userId } });
    await call('members', { headers: mod, query: { q: 'conform' } });
    await call('members', { headers: m.headers });
    const suspended = await member(t, uniqueEmail('conform-suspended'));
    await call('suspendUser', { headers: mod, params: { id: suspended.userId }, payload: { note: 'Spam votes' } });
    await call('suspendUser', { headers: mod, params: { id: suspended.userId }, payload: {} });
    await call('reinstateUser', { headers: mod, params: { id: suspended.userId } });
    await call('accountLog', { headers: mod });
    await call('exportMe', { headers: m.headers });
    await call('forgotPassword', { payload: { email: m.email } });
    await call('resetPassword', { payload: { token: 'x'.repeat(43), password: 'a-long-and-unusual-passphrase' } });
    await call('unsubscribe', { payload: { token: 'x'.repeat(43) } });

    // Peptides.
    await call('peptides');
    await call('peptides', { headers: m.headers, query: { search: 'BPC', limit: '5' } });
    await call('peptides', { headers: bearer('not-a-token') });
    await call('publicPeptides', { query: { page: '2', limit: '5' } });
    await call('peptideCatalogue');
    const one = await call('peptide', { params: { id: peptideId } });
    await call('peptide', { params: { id: UNKNOWN } });
    await call('peptide', { params: { id: 'nope' } });
    // Longer than any id: refused by the router, before any hook (414, counted like any request).
    await call('peptide', { params: { id: 'x'.repeat(201) } });
    // A revalidation: the same ETag answers 304 with no body.
    await call('peptide', { params: { id: peptideId }, headers: { 'if-none-match': String(one.headers.etag) } });
    const created = await call('createPeptide', { headers: m.headers, payload: validPeptide() });
    await call('createPeptide', {
      headers: m.headers,
      payload: { ...validPeptide(), name: json(created).data.peptide.name },
    });
    await call('createPeptide', { payload: 'name=x', headers: { ...m.headers, 'content-type': 'text/plain' } });
    await call('reviewPeptide', { headers: mod, params: { id: json(created).data.peptide._id } });
    await call('reviewPeptide', { headers: m.headers, params: { id: json(created).data.peptide._id } });
    await call('deletePeptide', { headers: m.headers, params: { id: json(created).data.peptide._id } });

    // Reports.
    const sent = await call('submitExperience', { payload: validSubmission(peptideId) });
    await call('submitExperience', { payload: { ...validSubmission(peptideId), story: 'short' } });
    await call('submitExperience', { payload: { ...validSubmission(peptideId), story: 'x'.repeat(200_000) } });
    const { trackingId, experience } = json(sent).data as { trackingId: string; experience: { _id: string } };
    const other = await submit(t, validSubmission(peptideId));
    const feed = await call('experiences', { query: { limit: '2' } });
    const cursor = json(feed).data.nextCursor as string | null;
    if (cursor) await call('experiences', { query: { limit: '2', cursor } });
    await call('experiences', { query: { cursor: 'not-a-cursor' } });
    await call('homeExperiences');
    await call('experience', { params: { id: experience._id } });
    await call('experience', { params: { id: UNKNOWN } });
    await call('trackedExperience', { payload: { trackingId: trackingId.toLowerCase() } });
    await call('trackedExperience', { payload: { trackingId: 'TRK-00000000000000000000' } });
    await call('updateTrackedExperience', { payload: { trackingId, dosage: '300 mcg' } });
    await call('updateTrackedExperience', { payload: { trackingId } });
    await call('vote', { headers: m.headers, params: { id: experience._id }, payload: { voteType: 'helpful' } });
    await call('vote', { headers: m.headers, params: { id: experience._id }, payload: { voteType: 'helpful' } });
    await call('voteStatus', { headers: m.headers, params: { id: experience._id } });
    await call('myVotes', {
      headers: m.headers,
      query: { experienceIds: `${experience._id},${other.experience._id}` },
    });
    await call('withdrawVote', { headers: m.headers, params: { id: experience._id } });
    await call('flag', {
      headers: m.headers,
      params: { id: other.experience._id },
      payload: { reason: 'spam', note: 'Looks like an advert' },
    });
    await call('flag', { headers: m.headers, params: { id: other.experience._id }, payload: { reason: 'spam' } });
    await call('myFlags', { headers: m.headers, query: { experienceIds: other.experience._id } });
    await call('effects');

    // Analytics and research.
    await call('publicAnalytics');
    await call('analytics', { headers: m.headers });
    await call('trends', { headers: m.headers, query: { period: 'monthly' } });
    await call('compare', { headers: m.headers, query: { ids: peptideId } });
    await call('researchOverview', { headers: mod });
    await call('researchOverview', { headers: m.headers });
    await call('researchPeptides', { headers: mod, query: { page: '1', limit: '5' } });
    const page = await call('researchExport', { headers: mod, query: { limit: '1' } });
    await call('researchExport', { headers: mod, query: { limit: '1', format: 'csv' } });
    const exportCursor = json(page).data.nextCursor as string | null;
    if (exportCursor) await call('researchExport', { headers: mod, query: { limit: '1', cursor: exportCursor } });

    // Moderation.
    await call('moderationQueue', { headers: mod });
    await call('moderationSummary', { headers: mod });
    await call('moderationHide', { headers: mod, params: { id: other.experience._id }, payload: { reason: 'spam' } });
    await call('moderationUndo', { headers: mod, params: { id: other.experience._id } });
    await call('moderationHide', { headers: mod, params: { id: other.experience._id }, payload: { reason: 'spam' } });
    await call('moderationRestore', { headers: mod, params: { id: other.experience._id } });
    await call('moderationPublish', { headers: mod, params: { id: UNKNOWN } });
    await call('moderationBulk', { headers: mod, payload: { decisions: [{ id: UNKNOWN, action: 'publish' }] } });
    await call('moderationLog', { headers: mod });

    // The end of a report and of a session.
    await call('deleteTrackedExperience', { payload: { trackingId } });
    await call('deleteTrackedExperience', { payload: { trackingId } });
    await call('logout', { payload: { refreshToken: json(refreshed).data.refreshToken } });
    const leaving = await newMember(t, 'conform-leaving');
    await call('changePassword', {
      headers: leaving.headers,
      payload: { currentPassword: PASSWORD, newPassword: 'a-long-and-unusual-passphrase' },
    });
    const back = await newMember(t, 'conform-leaving-2');
    await call('signOutEverywhere', { headers: back.headers, payload: {} });
    const last = await newMember(t, 'conform-leaving-3');
    await call('deleteMe', { headers: last.headers, payload: { password: 'not-the-password' } });
    await call('deleteMe', { headers: last.headers, payload: { password: PASSWORD } });

    // Every operation was called, and the figures for the record.
    const called = new Set(checked.map((c) => c.key));
    expect((Object.keys(ENDPOINTS) as EndpointKey[]).filter((k) => !called.has(k))).toEqual([]);
    const statuses = [...new Set(checked.map((c) => c.status))].sort();
    console.log(
      `api-conformance: ${checked.length} answers checked (statuses ${statuses.join(', ')}), ${mismatches.length} mismatches`,
    );
    if (mismatches.length) console.log(mismatches.join('\n'));
    expect(mismatches).toEqual([]);
  }, 120_000);

  it('a limit reached answers 429 as documented', async () => {
    const limited = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1' });
    try {
      const swap = t;
      t = limited;
      let res: LightMyRequestResponse | null = null;
      for (let i = 0; i < 20 && res?.statusCode !== 429; i++) {
        res = await call('register', { payload: { email: uniqueEmail('conform-limit'), password: PASSWORD } });
      }
      t = swap;
      expect(res?.statusCode).toBe(429);
      expect(mismatches).toEqual([]);
    } finally {
      await limited.close();
    }
  }, 120_000);
});
