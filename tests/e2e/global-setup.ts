// Browser tests run against the real built app and the real server on a temp database: the app
// is built once, and each test worker gets a server of its own (files run two at a time, and a
// file's data never meets another's running at the same moment). Tests reach theirs through
// `baseURL()` in browser.ts. One data folder is migrated and seeded while the app builds, and
// each server starts on a copy of it: seeding took about half of a server's start (25 of 50 s on
// the loaded CI machine), and the two servers seeded at the same moment.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E_MODERATOR, prepareData, startAppServer } from './app-server';
import { chromiumPath } from './chromium';

export { E2E_MODERATOR };

declare module 'vitest' {
  export interface ProvidedContext {
    /** The first worker's server (prefer `baseURL()` from browser.ts: the one of this worker). */
    baseURL: string;
    /** One server per test worker, in VITEST_POOL_ID order (1 first). */
    baseURLs: string[];
    moderator: { email: string; password: string };
    /** The folder the app was built into for this run (budgets read its manifest). */
    distDir: string;
    /** A migrated, seeded data folder: a test that starts its own server copies it (app-server.ts). */
    dataTemplate: string;
    /** Each worker's server's DATA_DIR, in `baseURLs` order: its mail goes to `outbox/` there (no SMTP_URL). */
    dataDirs: string[];
  }
}

export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '../..');
  if (!fs.existsSync(chromiumPath())) {
    throw new Error(
      `Browser tests need Debian's Chromium (${chromiumPath()}): apt-get install -y chromium-headless-shell (.ci/run installs it)`,
    );
  }
  // Each run builds into its own folder, so parallel runs never overwrite each other's build.
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'peptide-e2e-'));
  const outDir = path.join(workDir, 'dist');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const build = new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'error', '--outDir', outDir, '--emptyOutDir'], {
      cwd: root,
      stdio: 'inherit',
      // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
      env: { ...process.env, NODE_ENV: 'production' },
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error('vite build failed'))));
  });
  const template = path.join(workDir, 'data-template');
  const ready = await Promise.allSettled([build, prepareData(template)]);
  const notReady = ready.find((r) => r.status === 'rejected');
  if (notReady) {
    fs.rmSync(workDir, { recursive: true, force: true });
    throw notReady.reason;
  }

  const workers = Math.max(1, project.config.maxWorkers ?? 1);
  const dataDirs = Array.from({ length: workers }, (_, i) => path.join(workDir, `data-${i + 1}`));
  const started = await Promise.allSettled(
    Array.from({ length: workers }, (_, i) => {
      const dataDir = dataDirs[i]!;
      fs.cpSync(template, dataDir, { recursive: true });
      return startAppServer({ distDir: outDir, dataDir });
    }),
  );
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stopAll = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    fs.rmSync(workDir, { recursive: true, force: true });
  };
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  project.provide('baseURL', servers[0]!.baseURL);
  project.provide(
    'baseURLs',
    servers.map((s) => s.baseURL),
  );
  project.provide('moderator', E2E_MODERATOR);
  project.provide('distDir', outDir);
  project.provide('dataTemplate', template);
  project.provide('dataDirs', dataDirs);

  return stopAll;
}
