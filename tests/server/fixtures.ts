// Small builders shared by the server test files (on top of helpers.ts).
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ApiErrorBody } from '../../contract';
import { lockQueue } from '../../server/db/queue-lock';
import { MODERATOR, bearer, json, login, member, type TestApp } from './helpers';

let counter = 0;

/** An email no other test in this process uses. */
export function uniqueEmail(prefix = 'member'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A short token no other test uses, for names and search terms. */
export function uniqueWord(prefix = 'w'): string {
  counter += 1;
  return `${prefix}${counter}${Math.random().toString(36).slice(2, 8).replace(/[0-9]/g, 'x')}`;
}

export async function moderatorToken(t: TestApp): Promise<string> {
  return (await login(t, MODERATOR.email, MODERATOR.password)).accessToken;
}

/** An approved member with fresh tokens. */
export async function newMember(t: TestApp, prefix = 'member') {
  const email = uniqueEmail(prefix);
  const m = await member(t, email);
  return { email, ...m, headers: bearer(m.accessToken) };
}

/** A peptide form the create dialog would allow. */
export function validPeptide(overrides: Record<string, unknown> = {}) {
  return {
    name: uniqueWord('Peptide'),
    peptide_sequence: 'GEPPPGKPADDAGLV',
    category: 'Healing & Recovery',
    description: 'A test peptide used by the server suite.',
    detailedDescription: 'Longer description of the test peptide.',
    mechanism: 'Binds to nothing in particular.',
    commonDosage: '250 mcg',
    commonFrequency: 'Daily',
    commonEffects: ['Faster recovery'],
    sideEffects: ['Headache'],
    commonStacks: [],
    sources: ['https://pubmed.ncbi.nlm.nih.gov/?term=test+peptide', 'Test A et al. (2020), J Test Pept 12:345'],
    ...overrides,
  };
}

/** Creates a peptide as the given member; returns its id. */
export async function createPeptide(
  t: TestApp,
  accessToken: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/peptides',
    headers: bearer(accessToken),
    payload: validPeptide(overrides),
  });
  if (res.statusCode !== 201) throw new Error(`create peptide failed (${res.statusCode}): ${res.body}`);
  return json(res).data.peptide._id as string;
}

/** A story of exactly `length` characters (at least 100 passes the wizard). */
export function storyOf(length: number, word = 'steady'): string {
  let s = `${word} `;
  while (s.length < length) s += 'progress ';
  // The server trims a story, so a cut that ends on a space would be one character short.
  s = s.slice(0, length);
  return s.endsWith(' ') ? `${s.slice(0, -1)}.` : s;
}

/** Asserts a failure envelope with the status and an error matching `pattern`. */
export function expectError(res: LightMyRequestResponse, status: number, pattern?: RegExp | string): string {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  const body = ApiErrorBody.parse(json(res));
  expect(body.error.length).toBeGreaterThan(0);
  if (pattern !== undefined) {
    if (typeof pattern === 'string') expect(body.error).toContain(pattern);
    else expect(body.error).toMatch(pattern);
  }
  return body.error;
}

export async function rows<T = Record<string, unknown>>(t: TestApp, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await t.ctx.db.query<T>(sql, params)).rows;
}

/** A statement on the publication queue, under its lock as the server writes it (db/queue-lock.ts). */
export async function queueQuery(t: TestApp, sql: string, params: unknown[] = []): Promise<void> {
  await t.ctx.db.transaction(async (tx) => {
    await lockQueue(tx);
    await tx.query(sql, params);
  });
}

export async function countRows(t: TestApp, table: string): Promise<number> {
  const [r] = await rows<{ n: number }>(t, `select count(*)::int as n from ${table}`);
  return r.n;
}

/**
 * How many publication batches the app has run. The hourly run (server/plugins/publication-batches.ts)
 * empties the caches on the hour; a test that counts cache versions across it counts these apart.
 */
export async function publicationRuns(t: TestApp): Promise<number> {
  return (await t.ctx.metrics.batches.get()).values.reduce((n, v) => n + v.value, 0);
}
