// A server of its own whose moderators' queue holds exactly the reports a test writes: the
// moderation-queue browser tests clear a queue of ten held reports and count what it took.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { E2E_MODERATOR, startAppServer, type AppServer } from './app-server';
import { apiAt, firstPeptide, submitExperience } from './browser';

export interface QueueServer {
  baseURL: string;
  /** A moderator's API token on the server now running. */
  token: string;
  /** Stops and starts the server again on the same data, with `env` (a new address and token). */
  restart: (env: Record<string, string>) => Promise<void>;
  stopAndClean: () => Promise<void>;
}

/**
 * A copy of the run's seeded data behind its own server; `env` on top. With publication batches
 * (PUBLISH_EVERY=6h) a new report, held or not, reaches the queue only at the next batch: write
 * the reports with batches off, then `restart` with them on to decide them.
 */
export async function startQueueServer(env: Record<string, string> = {}): Promise<QueueServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'peptide-e2e-queue-'));
  fs.cpSync(inject('dataTemplate'), dataDir, { recursive: true });
  let running: AppServer;
  const login = async () =>
    (await apiAt(running.baseURL, 'POST', '/api/users/login', E2E_MODERATOR)).body.data.accessToken as string;
  const start = async (settings: Record<string, string>) => {
    running = await startAppServer({ distDir: inject('distDir'), dataDir, env: settings });
    queue.baseURL = running.baseURL;
    queue.token = await login();
  };
  const queue: QueueServer = {
    baseURL: '',
    token: '',
    restart: async (next) => {
      await running.stop();
      await start(next);
    },
    stopAndClean: async () => {
      await running?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  await start(env);
  return queue;
}

/** What waits now, from the server (GET /api/moderation/summary). */
export async function waitingCount(server: QueueServer): Promise<number> {
  const res = await apiAt(server.baseURL, 'GET', '/api/moderation/summary', undefined, server.token);
  if (res.status !== 200) throw new Error(`summary: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.waiting;
}

const TOPICS = [
  'tendon',
  'shoulder',
  'knee',
  'sleep',
  'appetite',
  'recovery',
  'elbow',
  'skin',
  'energy',
  'focus',
  'ankle',
  'back',
];

/**
 * `n` new reports, each held for the shop link in its story (a rule of services/text-rules.ts),
 * written apart so none repeats another. Returns their ids, oldest first. Anything waiting before
 * is hidden first, through the API, so the queue holds these alone.
 */
export async function heldReports(server: QueueServer, n: number, label: string): Promise<string[]> {
  const before = await apiAt(server.baseURL, 'GET', '/api/moderation/queue?limit=50', undefined, server.token);
  const old = (before.body.data.items as { experience: { _id: string } }[]).map((i) => i.experience._id);
  if (old.length)
    await apiAt(
      server.baseURL,
      'POST',
      '/api/moderation/bulk',
      { ids: old, action: 'hide', reason: 'other' },
      server.token,
    );
  const peptide = await firstPeptide(server.baseURL);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const topic = TOPICS[i % TOPICS.length];
    const marker = `${label}${i}${Date.now().toString(36)}`;
    const story = `Week ${i + 2} of my ${topic} protocol (${marker}) and I bought it at shop${i}-${label}.com where the seller answered quickly. ${topic} ${'improved '.repeat(1)}steadily with ${i + 1} small changes along the way.`;
    const res = await submitExperience(peptide, story, {}, server.baseURL);
    if (res.status !== 201 || res.body.data.status !== 'held')
      throw new Error(`report ${i} was not held: ${res.status} ${JSON.stringify(res.body)}`);
    ids.push(res.body.data.experience._id);
  }
  return ids;
}

/**
 * A signed-in moderator's page on a server of its own (tokens put in storage before the app
 * starts): this queue's server, or any other started with startAppServer.
 */
export async function moderatorPage(
  browser: Browser,
  server: Pick<QueueServer, 'baseURL'>,
  options: { width?: number; theme?: 'light' | 'dark' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: options.width ?? 1280, height: 900 },
    colorScheme: options.theme ?? 'light',
    reducedMotion: 'reduce',
  });
  const login = await apiAt(server.baseURL, 'POST', '/api/users/login', E2E_MODERATOR);
  const { accessToken, refreshToken, user } = login.body.data;
  await context.addInitScript(
    ([a, r, u, theme]) => {
      if (!localStorage.getItem('refreshToken')) {
        localStorage.setItem('accessToken', a);
        localStorage.setItem('refreshToken', r);
        localStorage.setItem('userData', u);
      }
      localStorage.setItem('theme', theme);
    },
    [accessToken, refreshToken, JSON.stringify(user), options.theme ?? 'light'] as const,
  );
  const page = await context.newPage();
  return { context, page };
}
