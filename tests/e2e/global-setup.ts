// Browser tests run against the real built app and the real server on a temp database.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E_MODERATOR, startAppServer } from './app-server';

export { E2E_MODERATOR };

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    moderator: { email: string; password: string };
    /** The folder the app was built into for this run (budgets read its manifest). */
    distDir: string;
  }
}

export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '../..');
  if (!fs.existsSync('/usr/bin/chromium')) {
    throw new Error('Browser tests need Debian chromium: apt-get install -y chromium (.ci/run installs it)');
  }
  // Each run builds into its own folder, so parallel runs never overwrite each other's build.
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'peptide-e2e-'));
  const outDir = path.join(workDir, 'dist');
  const dataDir = path.join(workDir, 'data');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const build = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'error', '--outDir', outDir, '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('vite build failed');

  const { baseURL, stop } = await startAppServer({ distDir: outDir, dataDir });
  project.provide('baseURL', baseURL);
  project.provide('moderator', E2E_MODERATOR);
  project.provide('distDir', outDir);

  return async () => {
    await stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  };
}
