// Browser tests run against the real built app and the real server on a temp database.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

export const E2E_MODERATOR = { email: 'moderator@e2e.test', password: 'e2e-moderator-password' };

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    moderator: { email: string; password: string };
    /** The folder the app was built into for this run (budgets read its manifest). */
    distDir: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy in time');
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

  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const logs: string[] = [];
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: outDir,
      SCRYPT_N: '1024',
      RATE_LIMIT_MULTIPLIER: '1000',
      MODERATOR_EMAIL: E2E_MODERATOR.email,
      MODERATOR_PASSWORD: E2E_MODERATOR.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d) => logs.push(String(d)));
  server.stderr?.on('data', (d) => logs.push(String(d)));
  try {
    await waitForHealth(baseURL, server, 60_000);
  } catch (err) {
    server.kill('SIGKILL');
    throw new Error(`${(err as Error).message}\n${logs.join('')}`);
  }
  project.provide('baseURL', baseURL);
  project.provide('moderator', E2E_MODERATOR);
  project.provide('distDir', outDir);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(workDir, { recursive: true, force: true });
  };
}
