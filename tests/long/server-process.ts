// Starts the real server (node --import tsx server/index.ts) as a child process for the long runs.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { waitForHealth } from '../../scripts/local-server';
import { dropRunDatabases, runPrefix } from '../postgres-databases';
export { freePort } from '../../scripts/local-server';

export const MODERATOR = { email: 'moderator@durability.test', password: 'durability-moderator-pw' };

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  output: () => string;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>;
}

export function spawnServer(env: Record<string, string>, port: number): ServerProcess {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      STATIC_DIR: 'none',
      SCRYPT_N: '1024',
      RATE_LIMIT_MULTIPLIER: '1000',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // Reports public at once unless a run sets batches (the crash scenario votes on new reports).
      PUBLISH_EVERY: '0',
      MODERATOR_EMAIL: MODERATOR.email,
      MODERATOR_PASSWORD: MODERATOR.password,
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return { child, base: `http://127.0.0.1:${port}`, output: () => out, exited };
}

/** Waits until /api/health answers 200, or throws with the server's output. */
export async function waitHealthy(server: ServerProcess, timeoutMs = 120_000): Promise<void> {
  await waitForHealth(server.base, { timeoutMs, server: server.child, output: server.output });
}

export async function stopServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
  await server.exited;
  clearTimeout(timer);
}

export async function api<T = any>(
  base: string,
  method: string,
  route: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}${route}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/**
 * What a long-run file starts and makes, removed after it: the servers pushed on `running`
 * (stopped first), then what `beforeRemoval` adds (a cluster to stop), the folders `tempDir`
 * made, and with a PostgreSQL URL (DATABASE_URL or TEST_DATABASE_URL) the databases made under
 * `pgRun` (tests/postgres-databases.ts).
 */
export function longRunResources(folderPrefix: string) {
  const pgUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  const pgRun = runPrefix();
  const dirs: string[] = [];
  const running: ServerProcess[] = [];
  const steps: (() => void | Promise<void>)[] = [];
  afterAll(async () => {
    for (const server of running) await stopServer(server).catch(() => {});
    for (const step of steps) await step();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    if (pgUrl) await dropRunDatabases(pgUrl, pgRun);
  });
  return {
    pgUrl,
    pgRun,
    running,
    tempDir: (): string => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), folderPrefix));
      dirs.push(dir);
      return dir;
    },
    beforeRemoval: (step: () => void | Promise<void>) => steps.push(step),
  };
}
