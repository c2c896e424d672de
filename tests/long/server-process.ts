// Starts the real server (node --import tsx server/index.ts) as a child process for the long runs.
import { spawn, type ChildProcess } from 'node:child_process';
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
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  return { child, base: `http://127.0.0.1:${port}`, output: () => out, exited };
}

/** Waits until /api/health answers 200, or throws with the server's output. */
export async function waitHealthy(server: ServerProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const state = { ended: false };
  void server.exited.then(() => (state.ended = true));
  while (Date.now() < deadline && !state.ended) {
    try {
      if ((await fetch(`${server.base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${server.output()}`);
}

export async function stopServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
  await server.exited;
  clearTimeout(timer);
}

export async function api<T = any>(base: string, method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}
