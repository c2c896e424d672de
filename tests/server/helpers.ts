// Builds the real app on an in-memory PGlite database for server tests (one per test file).
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../../server/app';
import { jwtSecret } from '../../server/bootstrap';
import { loadConfig, type Config } from '../../server/config';
import { createContext, type AppContext } from '../../server/context';
import { openDb, type Db, type Queryable } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { seedCatalogue } from '../../server/seed/index';
import type { OutgoingMail } from '../../server/mail/transport';
import { ensureModerator } from '../../server/services/users';
import { paths } from '../../contract/web-paths';
import { createDatabase } from '../postgres-databases';

export const MODERATOR = { email: 'moderator@example.com', password: 'moderator-password' };
export const PASSWORD = 'correct-horse-battery';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  /** Peptide ids by name from the seeded catalogue. */
  peptides: Map<string, string>;
  /**
   * Every message the app's mail delivery handed to its transport (SMTP or the outbox), as
   * handed: what the recipient reads. No route or service knows of it.
   */
  sent: OutgoingMail[];
  close(): Promise<void>;
}

/**
 * The test apps' DATA_DIR: only the mail outbox lives there (their databases are in memory or in
 * the folder a test names), one per test process, removed when it exits.
 */
let scratch: string | null = null;
function scratchDir(): string {
  if (!scratch) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'peptide-server-tests-'));
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    scratch = dir;
  }
  return scratch;
}

export function testConfig(overrides: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({
    DATA_DIR: scratchDir(),
    STATIC_DIR: 'none',
    // The cheap hash of the test suites, accepted only with NODE_ENV=test (server/config.ts SCRYPT_N_RANGE).
    NODE_ENV: 'test',
    SCRYPT_N: '1024',
    RATE_LIMIT_MULTIPLIER: '1000',
    SEED_DEMO: 'false',
    // Changes public at once and every public report counted in its peptide's shares: what most
    // tests check is not the batches; tests/server/publication*.test.ts set their own.
    PUBLISH_EVERY: '0',
    DEMOGRAPHICS_SETTLE_DAYS: '0',
    // An approval's mail leaves at once (no undo window): tests of the undo set their own
    // (tests/server/account-decisions.test.ts).
    ACCOUNT_UNDO_SECONDS: '0',
    // Every answer checked against its route's response schema (server/lib/validate.ts).
    CHECK_RESPONSES: 'true',
    // PGlite's fast path or its public API: the vitest project server-pglite-public sets off.
    PGLITE_FAST_PATH: process.env.PGLITE_FAST_PATH,
    ...overrides,
  });
}

export async function createTestApp(
  env: NodeJS.ProcessEnv = {},
  dataDir?: string,
  build: BuildOptions = {},
): Promise<TestApp> {
  const config = testConfig(env);
  const databaseUrl =
    process.env.TEST_DATABASE_URL && !dataDir
      ? await freshPostgresDatabase(process.env.TEST_DATABASE_URL, inject('postgresTemplate'))
      : null;
  // A copy of the run's migrated, seeded template (template.ts); migrate then finds nothing to do.
  const pgliteTemplate = !databaseUrl && !dataDir ? inject('pgliteTemplate') : null;
  const loadDataDir = pgliteTemplate ? await fs.openAsBlob(pgliteTemplate) : undefined;
  const db = await openDb({
    dataDir: dataDir ?? 'memory://',
    databaseUrl,
    loadDataDir,
    pgliteFastPath: config.pgliteFastPath,
  });
  await migrate(db);
  const ctx = createContext(config, db, await jwtSecret(db, null));
  const existing = await db.query<{ id: string; name: string }>(
    'select id, name from peptides where deleted_at is null',
  );
  const peptides = new Map(existing.rows.map((r) => [r.name, r.id]));
  if (!peptides.size) for (const [name, { id }] of await seedCatalogue(ctx)) peptides.set(name, id);
  await ensureModerator(ctx, MODERATOR.email, MODERATOR.password);
  const sent = recordSentMail(ctx);
  const app = await buildApp(ctx, build);
  await app.ready();
  return {
    app,
    ctx,
    config,
    peptides,
    sent,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

/**
 * With TEST_DATABASE_URL (CI runs the server suite a second time on PostgreSQL), each test
 * file gets a database of its own, so files can run in parallel: empty, or a copy of `template`.
 * The run drops it at its end (template.ts).
 */
export async function freshPostgresDatabase(baseUrl: string, template?: string | null): Promise<string> {
  const run = inject('postgresRun');
  if (!run)
    throw new Error("no PostgreSQL run: the server project's globalSetup (template.ts) saw no TEST_DATABASE_URL");
  return (await createDatabase(baseUrl, run, 'app', template)).url;
}

export function json<T = any>(res: LightMyRequestResponse): T {
  return JSON.parse(res.body) as T;
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** From now on keeps every message `ctx`'s mail delivery hands to its transport, as handed (TestApp's `sent`). */
export function recordSentMail(ctx: AppContext): OutgoingMail[] {
  const sent: OutgoingMail[] = [];
  const transport = ctx.mailer;
  ctx.mailer = {
    ...transport,
    send: async (mail) => {
      await transport.send(mail);
      sent.push(mail);
    },
  };
  return sent;
}

/** An app whose sent mail is kept (createTestApp's, or one with `recordSentMail`). */
type MailKept = Pick<TestApp, 'sent'>;

/** Resolves with the first message to `to` (already sent or still to come) that `match` accepts. */
export async function mailTo(
  t: MailKept,
  to: string,
  match: (mail: OutgoingMail) => boolean = () => true,
  nth = 1,
): Promise<OutgoingMail> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = t.sent.filter((m) => m.to.toLowerCase() === to.toLowerCase() && match(m));
    if (found.length >= nth) return found[nth - 1]!;
    if (Date.now() > deadline)
      throw new Error(
        `no mail ${nth} to ${to} within 30 s; sent: ${t.sent.map((m) => `${m.to} ${m.subject}`).join('; ')}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export const CONFIRM_SUBJECT = 'Confirm your email address for Peptide Community';

/** The token of the `nth` confirmation mail to `email`, read from its link as the confirm page would. */
export async function confirmationToken(t: MailKept, email: string, nth = 1): Promise<string> {
  const mail = await mailTo(t, email, (m) => m.subject === CONFIRM_SUBJECT, nth);
  const marker = `${paths.confirmEmail}#token=`;
  const at = mail.text.indexOf(marker);
  if (at < 0) throw new Error(`no confirmation link in:\n${mail.text}`);
  return decodeURIComponent(mail.text.slice(at + marker.length).split(/\s/)[0]!);
}

/** Opens the link of the `nth` confirmation mail to `email` (what its owner does), from `remoteAddress` if given. */
export async function confirmAddress(
  t: MailKept & Pick<TestApp, 'app'>,
  email: string,
  nth = 1,
  remoteAddress?: string,
): Promise<void> {
  const token = await confirmationToken(t, email, nth);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/confirm-email',
    payload: { token },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`confirm failed (${res.statusCode}): ${res.body}`);
}

/**
 * Registers an account, confirms its address with the mailed link and, unless `approve` is
 * false, has the moderator approve it; returns its tokens.
 */
export async function member(t: TestApp, email: string, opts: { approve?: boolean } = {}) {
  const reg = await t.app.inject({
    method: 'POST',
    url: '/api/users/register',
    payload: { email, password: PASSWORD },
  });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
  await confirmAddress(t, email);
  const userId = await accountId(t, email);
  if (opts.approve === false) return { userId, accessToken: '', refreshToken: '' };
  const mod = await login(t, MODERATOR.email, MODERATOR.password);
  const ok = await t.app.inject({
    method: 'POST',
    url: `/api/users/${userId}/approve`,
    headers: bearer(mod.accessToken),
  });
  if (ok.statusCode !== 200) throw new Error(`approve failed: ${ok.body}`);
  const tokens = await login(t, email, PASSWORD);
  return { ...tokens, userId };
}

/** The id of the account with this email: registration answers none (services/users.ts `register`). */
export async function accountId(t: TestApp, email: string): Promise<string> {
  const res = await t.ctx.db.query<{ id: string }>('select id from users where lower(email) = lower($1)', [
    email.trim(),
  ]);
  if (!res.rows[0]) throw new Error(`no account for ${email}`);
  return res.rows[0].id;
}

export async function login(t: TestApp, email: string, password: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed (${res.statusCode}): ${res.body}`);
  const data = json(res).data;
  return {
    accessToken: data.accessToken as string,
    refreshToken: data.refreshToken as string,
    userId: data.user._id as string,
  };
}

let stories = 0;
/**
 * Letters no two of which the repeat rule reads alike. With every letter, "tagia..." and
 * "tagla..." met in the rule's skeleton (services/text-rules.ts, which reads a capital I as l), so
 * past the 7,400th word of a worker (files share their worker and this count) stories repeated
 * earlier ones and were held; the count a file starts at depends on the files before it.
 */
const STORY_LETTERS = 'bdfghjkpqstvwxyz';
/** A distinct word per call (letters only: digits could look like a phone number). */
function storyWord(): string {
  let n = ++stories;
  let word = '';
  do {
    word = STORY_LETTERS[n % STORY_LETTERS.length] + word;
    n = Math.floor(n / STORY_LETTERS.length);
  } while (n > 0);
  return `tag${word}`;
}

/** A submission the wizard would allow. */
export function validSubmission(peptideId: string, overrides: Record<string, unknown> = {}) {
  return {
    peptideId,
    dosage: '250 mcg',
    frequency: 'daily',
    duration: 30,
    routeOfAdministration: 'subcutaneous',
    primaryPurpose: ['Injury Healing'],
    demographics: { ageRange: '30-34', biologicalSex: 'male', activityLevel: 'active' },
    outcomes: { energy: 6, sleep: 7, mood: 8, performance: 5, recovery: 9 },
    effects: ['Less joint pain'],
    timeline: '1-week',
    // Each story differs in a dozen words: the same story, or one within a few words of it, twice
    // within 24 hours is held as a near repeat (services/text-rules.ts, NEAR_REPEAT).
    story: `I used this for a shoulder injury over four weeks. The pain eased noticeably in the second week and I could train again without discomfort. Notes: ${Array.from({ length: 12 }, storyWord).join(' ')}.`,
    stack: [],
    ...overrides,
  };
}

/** Submits a report; the answer carries its tracking ID, its id and where it stands, never the report itself (ownReport reads that). */
export async function submit(t: TestApp, body: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/experiences', payload: body });
  if (res.statusCode !== 201) throw new Error(`submit failed (${res.statusCode}): ${res.body}`);
  return json(res).data as { trackingId: string; status: string; holdReasons: string[]; experience: { _id: string } };
}

/** The report as its author's lookup shows it. */
export async function ownReport(t: TestApp, trackingId: string) {
  const res = await lookupTracked(t.app, trackingId);
  if (res.statusCode !== 200) throw new Error(`lookup failed (${res.statusCode}): ${res.body}`);
  return json(res).data.experience as Record<string, unknown> & { _id: string };
}

/**
 * The tracking-ID routes, the ID in the body (it never travels in a URL). `extra` adds to the
 * inject options (headers, remoteAddress).
 */
type InjectExtra = Omit<InjectOptions, 'method' | 'url' | 'payload'>;
export function lookupTracked(app: FastifyInstance, trackingId: unknown, extra: InjectExtra = {}) {
  return app.inject({ ...extra, method: 'POST', url: '/api/experiences/tracking/lookup', payload: { trackingId } });
}
export function updateTracked(
  app: FastifyInstance,
  trackingId: unknown,
  changes: Record<string, unknown>,
  extra: InjectExtra = {},
) {
  return app.inject({ ...extra, method: 'PUT', url: '/api/experiences/tracking', payload: { trackingId, ...changes } });
}
export function deleteTracked(app: FastifyInstance, trackingId: unknown, extra: InjectExtra = {}) {
  return app.inject({ ...extra, method: 'POST', url: '/api/experiences/tracking/delete', payload: { trackingId } });
}

/**
 * Each table's row count and a digest of its rows, to show that something wrote nothing. Left
 * out is what the server writes by design in the background: the rate limiter's counters (on
 * PostgreSQL a table, written after requests answer: server/lib/rate-limit.ts), the mail queue
 * (emptied by delivery's background turn: plugins/mail-delivery.ts) and the record of the last
 * publication batch, which the hourly run writes on the hour even with PUBLISH_EVERY=0
 * (plugins/publication-batches.ts): a test spanning the hour would see it change.
 */
export async function tableDigests(t: TestApp): Promise<Record<string, string>> {
  const tables = (
    await t.ctx.db.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = current_schema() and tablename not in ('rate_limit_counters', 'mail_queue') order by 1`,
    )
  ).rows.map((r) => r.name);
  const out: Record<string, string> = {};
  for (const name of tables) {
    const rows = name === 'app_settings' ? `(select * from app_settings where key <> 'last_publication_batch')` : name;
    const res = await t.ctx.db.query<{ n: number; digest: string | null }>(
      `select count(*)::int as n, md5(string_agg(x::text, ',' order by x::text)) as digest from ${rows} x`,
    );
    out[name] = `${res.rows[0].n} ${res.rows[0].digest}`;
  }
  return out;
}

/** A parameter as its kind: a password hash, a token's digest, a date, or its type. */
function parameterKind(p: unknown): string {
  if (typeof p === 'string' && /^scrypt\$/.test(p)) return 'scrypt-hash';
  if (typeof p === 'string' && /^[0-9a-f]{64}$/.test(p)) return 'sha256';
  return p instanceof Date ? 'date' : typeof p;
}

/**
 * The statements `work` sends to the database through the context, in order, each with its
 * parameters' kinds, and how often it woke mail delivery: to show that two requests did the same
 * work. Earlier mail is delivered first. Only statements sent from
 * within `work` are counted: the app's background jobs (mail delivery's 30 s poll, the weekly
 * digest it runs) share the context and may fall inside.
 */
const recordingScope = new AsyncLocalStorage<string[]>();
export async function statementsOf(t: TestApp, work: () => Promise<unknown>): Promise<string[]> {
  await expect
    .poll(async () => (await t.ctx.db.query('select 1 from mail_queue')).rows.length, { timeout: 20_000 })
    .toBe(0);
  const realDb = t.ctx.db;
  const log: string[] = [];
  let wakes = 0;
  const recording = <Q extends Queryable>(q: Q): Q =>
    Object.assign(Object.create(q) as Q, {
      query: (sql: string, params?: unknown[], options?: object) => {
        if (recordingScope.getStore() === log && !/app_settings/.test(sql)) {
          log.push(`${sql.replace(/\s+/g, ' ').trim()} [${(params ?? []).map(parameterKind).join(', ')}]`);
        }
        return q.query(sql, params, options as never);
      },
    });
  t.ctx.db = Object.assign(recording(realDb), {
    transaction: (fn: Parameters<Db['transaction']>[0]) => {
      if (recordingScope.getStore() === log) log.push('transaction');
      return realDb.transaction((tx) => fn(recording(tx)));
    },
  }) as Db;
  // Counted beside the app's own listener, whose delivery runs in its own async context, outside
  // the recording scope (server/lib/wake-signal.ts).
  const stopCounting = t.ctx.mailWake.listen(() => {
    wakes += 1;
  });
  try {
    // Awaited inside the scope: an inject chain sends its request when it is awaited.
    await recordingScope.run(log, async () => await work());
  } finally {
    t.ctx.db = realDb;
    stopCounting();
  }
  return [...log, `wakeMail x${wakes}`];
}
