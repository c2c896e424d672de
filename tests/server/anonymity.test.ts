// Anonymity scan (docs/product-rules.md "Anonymity"): after members and
// visitors submit from distinctive addresses and user agents, no row of the experiences table,
// no line of the server's log and no public or research response ties a report to a person.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../../server/app';
import { bearer, createTestApp, json, lookupTracked, updateTracked, validSubmission, type TestApp } from './helpers';
import { moderatorToken, newMember, rows, storyOf, uniqueWord } from './fixtures';

let t: TestApp;
let app: FastifyInstance;
let log = '';

interface Submitter {
  kind: 'member' | 'visitor';
  address: string;
  forwarded: string;
  agent: string;
  userId?: string;
  email?: string;
  accessToken?: string;
  refreshToken?: string;
}
interface Submitted extends Submitter {
  trackingId: string;
  experienceId: string;
  storyWord: string;
}
const submitted: Submitted[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });
  // The production logger, writing to memory.
  app = await buildApp(t.ctx, { logger: { ...(loggerOptions('info') as object), stream } });
  await app.ready();

  const peptideId = t.peptides.get('BPC-157')!;
  const submitters: Submitter[] = [];
  for (let i = 0; i < 3; i++) {
    const m = await newMember(t, `anon-scan-${i}`);
    submitters.push({
      kind: 'member',
      address: `203.0.113.${100 + i}`,
      forwarded: `198.51.100.${100 + i}`,
      agent: `MemberAgent-${uniqueWord('ua')}/1.0`,
      ...m,
    });
  }
  for (let i = 0; i < 3; i++) {
    submitters.push({
      kind: 'visitor',
      address: `203.0.113.${150 + i}`,
      forwarded: `198.51.100.${150 + i}`,
      agent: `VisitorAgent-${uniqueWord('ua')}/2.0`,
    });
  }
  log = '';
  for (const s of submitters) {
    const storyWord = uniqueWord('privatestory');
    const res = await app.inject({
      method: 'POST',
      url: '/api/experiences',
      remoteAddress: s.address,
      headers: {
        'user-agent': s.agent,
        'x-forwarded-for': s.forwarded,
        'x-real-ip': s.forwarded,
        ...(s.accessToken ? bearer(s.accessToken) : {}),
      },
      payload: validSubmission(peptideId, { story: storyOf(150, `My ${storyWord} week.`) }),
    });
    if (res.statusCode !== 201) throw new Error(`submit failed: ${res.body}`);
    const data = json(res).data;
    submitted.push({ ...s, trackingId: data.trackingId, experienceId: data.experience._id, storyWord });
    // The submitter's own follow-up calls, from the same address.
    const headers = { 'user-agent': s.agent, 'x-forwarded-for': s.forwarded };
    await lookupTracked(app, data.trackingId, { remoteAddress: s.address, headers });
    await updateTracked(app, data.trackingId, { effects: ['Calmer'] }, { remoteAddress: s.address, headers });
  }
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

/** Everything that identifies a submitter or their report's handle. */
function identifiers(s: Submitted): Record<string, string> {
  const out: Record<string, string> = {
    address: s.address,
    'forwarded address': s.forwarded,
    'user agent': s.agent,
    'tracking ID': s.trackingId,
    'tracking digits': s.trackingId.slice(4),
  };
  if (s.userId) out['account id'] = s.userId;
  if (s.email) {
    out.email = s.email;
    out['email local part'] = s.email.split('@')[0];
  }
  if (s.accessToken) out['access token'] = s.accessToken;
  if (s.refreshToken) out['refresh token'] = s.refreshToken;
  return out;
}

describe('the experiences table', () => {
  it('has no column that could hold an account, address, agent or session', async () => {
    const columns = await rows<{ column_name: string }>(
      t,
      `select column_name from information_schema.columns where table_name = 'experiences' and table_schema = current_schema()`,
    );
    expect(columns.length).toBeGreaterThan(5);
    for (const { column_name } of columns) {
      expect(column_name).not.toMatch(
        /user|email|ip_|_ip|^ip$|addr|agent|account|session|submitter|author|owner|created_by|token|device|fingerprint/i,
      );
    }
  });

  it('holds no value identifying a submitter, members and visitors alike', async () => {
    const all = (await rows<{ text: string }>(t, 'select to_jsonb(e)::text as text from experiences e'))
      .map((r) => r.text)
      .join('\n');
    expect(submitted).toHaveLength(6);
    for (const s of submitted) {
      expect(all).toContain(s.storyWord); // the scan does look at these reports
      for (const [what, value] of Object.entries(identifiers(s))) {
        // The tracking ID is kept only as a keyed hash, never as typed.
        expect(all, `${s.kind} ${what}`).not.toContain(value);
      }
    }
  });

  it('no table links an account to a report', async () => {
    const tables = (
      await rows<{ table_name: string }>(
        t,
        `select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
      )
    ).map((r) => r.table_name);
    for (const table of tables) {
      const text = (
        await rows<{ text: string }>(
          t,
          `select coalesce(string_agg(to_jsonb(x)::text, '\n'), '') as text from ${table} x`,
        )
      )[0].text;
      for (const s of submitted) {
        // Votes name experiences and accounts by design; a submission never leaves both anywhere.
        if (table !== 'votes' && s.userId)
          expect(text.includes(s.userId) && text.includes(s.experienceId), `${table} links ${s.email}`).toBe(false);
        // Raw addresses and agents are kept nowhere (rate-limit counters key on a keyed hash).
        expect(text, `${table} holds an address`).not.toContain(s.address);
        expect(text, `${table} holds an address`).not.toContain(s.forwarded);
        expect(text, `${table} holds a user agent`).not.toContain(s.agent);
      }
    }
  });
});

describe('the server log of those requests', () => {
  it('records no address, agent, account, email, token, tracking ID or story', () => {
    const lines = log.split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThanOrEqual(submitted.length * 3);
    for (const s of submitted) {
      for (const [what, value] of Object.entries(identifiers(s))) expect(log, `${s.kind} ${what}`).not.toContain(value);
      expect(log).not.toContain(s.storyWord);
    }
  });
});

describe('responses', () => {
  it('list, detail, home, peptide, export and analytics never carry a tracking ID or an identifier', async () => {
    const mod = await moderatorToken(t);
    const member = submitted.find((s) => s.kind === 'member')!;
    const urls = [
      '/api/experiences?limit=100',
      `/api/experiences?search=${submitted[0].storyWord}`,
      '/api/experiences/home/public?limit=20',
      `/api/peptides/${t.peptides.get('BPC-157')}`,
      '/api/peptides?limit=100',
      '/api/analytics/public',
      '/api/analytics',
      '/api/analytics/trends?groupBy=category',
      '/api/research/overview',
      '/api/research/export?limit=5000',
      '/api/research/export?format=csv&limit=5000',
      ...submitted.map((s) => `/api/experiences/${s.experienceId}`),
    ];
    let checked = 0;
    for (const url of urls) {
      for (const headers of [{}, bearer(mod), bearer(member.accessToken!)]) {
        const res = await app.inject({ method: 'GET', url, headers });
        if (res.statusCode === 401 || res.statusCode === 403) continue;
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).not.toMatch(/trackingId|tracking_hash|TRK-\d/i);
        for (const s of submitted) {
          for (const [what, value] of Object.entries(identifiers(s))) {
            if (what === 'access token' || what === 'refresh token') continue;
            expect(res.body, `${url}: ${s.kind} ${what}`).not.toContain(value);
          }
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(urls.length);
  });

  it('the export names no tracking IDs or exact times (a report only by the public id its page shows)', async () => {
    const mod = await moderatorToken(t);
    const res = await app.inject({ method: 'GET', url: '/api/research/export?limit=5000', headers: bearer(mod) });
    for (const s of submitted) expect(res.body).not.toContain(s.trackingId);
    // The export's own generatedAt aside, no timestamp: rows carry months only.
    expect(JSON.stringify(json(res).data.rows ?? json(res).data)).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
  });

  it('only the lookup that already knows a tracking ID echoes it', async () => {
    const s = submitted[0];
    const res = await lookupTracked(app, s.trackingId.toLowerCase());
    expect(json(res).data.experience.trackingId).toBe(s.trackingId);
  });
});
