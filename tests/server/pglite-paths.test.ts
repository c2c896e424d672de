// PGlite's two paths (PGLITE_FAST_PATH, docs/performance.md "PGlite's fast path"): the fast path
// (prepared statements read from the wire, db/pglite-fast-path.ts) and PGlite's public query().
// The same requests sent to an app on each answer the same and leave the same database, alone
// and at once; and on both, no statement runs inside another caller's open transaction and
// statements finish in the order they came. The vitest project server-pglite-public also runs a
// part of the server suite on the public path. PGlite only: PostgreSQL has neither path.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAggregatesExact } from './aggregate-check';
import {
  MODERATOR,
  PASSWORD,
  bearer,
  createTestApp,
  json,
  login,
  member,
  validSubmission,
  type TestApp,
} from './helpers';

const PATHS = ['on', 'off'] as const;
type Path = (typeof PATHS)[number];

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('PGlite fast path and public API', () => {
  const apps = {} as Record<Path, TestApp>;
  beforeAll(async () => {
    for (const path of PATHS) apps[path] = await createTestApp({ PGLITE_FAST_PATH: path });
  });
  afterAll(async () => {
    for (const path of PATHS) await apps[path]?.close();
  });

  /** Named prepared statements the session holds: the fast path's only. */
  const preparedCount = async (t: TestApp) =>
    (await t.ctx.db.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0].n;

  it('answer the same requests alike and leave the same database', async () => {
    const peptides = [...apps.on.peptides.values()].slice(0, 3);
    // One set of inputs for both apps (validSubmission draws new story words on every call).
    const bodies = peptides.flatMap((peptideId) => [
      validSubmission(peptideId),
      validSubmission(peptideId, { effects: ['Better sleep'] }),
    ]);
    const held = validSubmission(peptides[0], {
      story: `${validSubmission(peptides[0]).story} More at example.org/notes please.`,
    });
    const transcripts = {} as Record<Path, unknown[]>;
    for (const path of PATHS) {
      transcripts[path] = await scenario(apps[path], bodies, held);
      await expectAggregatesExact(apps[path]);
    }
    expect(transcripts.off).toEqual(transcripts.on);
    // The comparison is between two paths, not the same one twice.
    expect(await preparedCount(apps.on)).toBeGreaterThan(0);
    expect(await preparedCount(apps.off)).toBe(0);
  });

  it('answer requests sent at once alike: a vote raced against itself counts once, every count adds up', async () => {
    const summaries = {} as Record<Path, unknown>;
    for (const path of PATHS) summaries[path] = await concurrentScenario(apps[path], path);
    expect(summaries.off).toEqual(summaries.on);
  });

  it.each(PATHS)('PGLITE_FAST_PATH=%s: no statement runs inside another caller’s open transaction', async (path) => {
    const db = apps[path].ctx.db;
    const key = `uncommitted-${path}`;
    const read = 'select count(*)::int as n from app_settings where key = $1';
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    const tx = db.transaction(async (t) => {
      await t.query('insert into app_settings (key, value) values ($1, $2)', [key, 'written'], { prepare: true });
      wrote();
      await holding;
      throw new Error('roll back');
    });
    await written;
    const outside = [db.query(read, [key], { prepare: true }), db.query(read, [key])];
    release();
    await expect(tx).rejects.toThrow('roll back');
    for (const res of await Promise.all(outside)) expect(res.rows).toEqual([{ n: 0 }]);
  });

  it.each(PATHS)('PGLITE_FAST_PATH=%s: statements and transactions finish in the order they came', async (path) => {
    const db = apps[path].ctx.db;
    const finished: number[] = [];
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        (i % 4 === 0
          ? db.transaction(async (t) => {
              await t.query('select $1::int as i', [i], { prepare: true });
              await t.query('select pg_sleep(0.001)');
            })
          : db.query('select $1::int as i', [i], { prepare: i % 2 === 0 })
        ).then(() => finished.push(i)),
      ),
    );
    expect(finished).toEqual(Array.from({ length: 24 }, (_, i) => i));
  });
});

/** A value with what differs between two databases by chance (ids, tokens, cursors) blanked. */
function comparable(value: unknown): unknown {
  const VARIES = new Set([
    '_id',
    'id',
    'userId',
    'experienceId',
    'trackingId',
    'accessToken',
    'refreshToken',
    'nextCursor',
    'generatedAt',
  ]);
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (Array.isArray(value)) return value.map(comparable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, VARIES.has(k) ? typeof v : comparable(v)]));
  }
  return typeof value === 'string' && UUID.test(value) ? '<uuid>' : value;
}

/** Reports of a feed answer, in story order (the feed's order within a day is random). */
function byStory(body: { data: { experiences: { story: string }[] } }) {
  return comparable([...body.data.experiences].sort((a, b) => a.story.localeCompare(b.story)));
}

/** Submissions, sign-ins, votes, a flag, a held report published, and the reads that show them. */
async function scenario(
  t: TestApp,
  bodies: Record<string, unknown>[],
  held: Record<string, unknown>,
): Promise<unknown[]> {
  const out: unknown[] = [];
  const inject = async (opts: InjectOptions) => {
    const res = await t.app.inject(opts);
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
  };
  const ids: string[] = [];
  const tracking: string[] = [];
  for (const payload of [...bodies, held]) {
    const res = await inject({ method: 'POST', url: '/api/experiences', payload });
    out.push(comparable(res));
    ids.push(res.body.data.experience._id);
    tracking.push(res.body.data.trackingId);
  }
  const a = await member(t, 'paths-a@example.com');
  const b = await member(t, 'paths-b@example.com');
  const mod = await login(t, MODERATOR.email, MODERATOR.password);
  const vote = (who: { accessToken: string }, id: string, voteType: string) =>
    inject({
      method: 'POST',
      url: `/api/experiences/${id}/vote`,
      headers: bearer(who.accessToken),
      payload: { voteType },
    });
  out.push(
    (await vote(a, ids[0], 'helpful')).status,
    (await vote(a, ids[0], 'helpful')).status,
    (await vote(a, ids[0], 'detailed')).status,
    (await vote(b, ids[0], 'helpful')).status,
    (await vote(b, ids[1], 'concerning')).status,
    (await inject({ method: 'DELETE', url: `/api/experiences/${ids[1]}/vote`, headers: bearer(b.accessToken) })).status,
    (
      await inject({
        method: 'POST',
        url: `/api/experiences/${ids[2]}/flag`,
        headers: bearer(a.accessToken),
        payload: { reason: 'spam' },
      })
    ).status,
  );
  const heldId = ids[ids.length - 1];
  out.push(
    comparable(
      await inject({
        method: 'POST',
        url: `/api/moderation/experiences/${heldId}/publish`,
        headers: bearer(mod.accessToken),
      }),
    ),
  );
  out.push(
    comparable(
      await inject({ method: 'POST', url: '/api/experiences/tracking/lookup', payload: { trackingId: tracking[0] } }),
    ),
  );
  out.push(byStory((await inject({ method: 'GET', url: '/api/experiences?sort=helpful&limit=50' })).body));
  for (const peptideId of new Set(bodies.map((body) => body.peptideId as string))) {
    out.push(comparable(await inject({ method: 'GET', url: `/api/peptides/${peptideId}` })));
    out.push(byStory((await inject({ method: 'GET', url: `/api/experiences?peptideId=${peptideId}&limit=50` })).body));
  }
  out.push(comparable(await inject({ method: 'GET', url: '/api/analytics/public' })));
  out.push(comparable(await inject({ method: 'GET', url: '/api/analytics', headers: bearer(a.accessToken) })));
  out.push(comparable(await inject({ method: 'GET', url: '/api/experiences/999e0000-0000-4000-8000-000000000000' })));
  out.push(
    (
      await t.ctx.db.query(
        `select story, status, rating, helpful_count, not_helpful_count, detailed_count, concerning_count from experiences order by story`,
      )
    ).rows,
  );
  return out;
}

/**
 * Requests sent at once: submissions, feed reads, a sign-in, five members voting on one report and
 * one of them sending the same vote twice. What came back and what the database holds.
 */
async function concurrentScenario(t: TestApp, path: Path) {
  const peptideId = [...t.peptides.values()][0];
  const first = json(
    await t.app.inject({ method: 'POST', url: '/api/experiences', payload: validSubmission(peptideId) }),
  ).data.experience._id as string;
  const voters = await Promise.all(
    Array.from({ length: 5 }, (_, i) => member(t, `paths-${path}-voter-${i}@example.com`)),
  );
  const vote = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/experiences/${first}/vote`,
      headers: bearer(token),
      payload: { voteType: 'helpful' },
    });
  const [twice] = voters;
  const sent = await Promise.all([
    ...Array.from({ length: 8 }, () =>
      t.app.inject({ method: 'POST', url: '/api/experiences', payload: validSubmission(peptideId) }),
    ),
    ...voters.map((v) => vote(v.accessToken)),
    vote(twice.accessToken),
    ...Array.from({ length: 6 }, (_, i) =>
      t.app.inject({ method: 'GET', url: `/api/experiences?sort=${i % 2 ? 'newest' : 'helpful'}&limit=5` }),
    ),
    t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: `paths-${path}-voter-1@example.com`, password: PASSWORD },
    }),
  ]);
  await expectAggregatesExact(t);
  const counts = (await t.ctx.db.query('select helpful_count, detailed_count from experiences where id = $1', [first]))
    .rows;
  return { statuses: sent.map((res) => res.statusCode).sort(), counts };
}
