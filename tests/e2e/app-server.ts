// Starts the real server on the built app and a data folder (fresh, or a copy of one prepared by
// `prepareData`), on a free port. The global setup starts one per test worker; a test that needs
// another mode (for example MODERATION=pre) starts its own with `env`.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort, waitForHealth } from '../../scripts/local-server';

export const E2E_MODERATOR = { email: 'moderator@e2e.test', password: 'e2e-moderator-password' };
const ROOT = path.resolve(import.meta.dirname, '../..');

/** The environment of a browser test's server: the e2e moderator, low hashing cost, `env` on top. */
function serverEnv(dataDir: string, env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    SCRYPT_N: '1024',
    RATE_LIMIT_MULTIPLIER: '1000',
    MODERATOR_EMAIL: E2E_MODERATOR.email,
    MODERATOR_PASSWORD: E2E_MODERATOR.password,
    LOG_LEVEL: 'warn',
    // Changes public at once, every public report counted in its peptide's shares: the browser
    // tests walk what people see; the batches are tested in tests/server/publication*.test.ts.
    PUBLISH_EVERY: '0',
    DEMOGRAPHICS_SETTLE_DAYS: '0',
    ...env,
  };
}

/** Migrates and seeds `dataDir` as a first server start would, without serving (prepare-data.ts). */
export function prepareData(dataDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const logs: string[] = [];
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/prepare-data.ts'], {
      cwd: ROOT,
      env: serverEnv(dataDir, {}),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => logs.push(String(d)));
    child.stderr?.on('data', (d) => logs.push(String(d)));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`preparing ${dataDir} failed (${code})\n${logs.join('')}`)),
    );
  });
}

export interface AppServer {
  baseURL: string;
  stop: () => Promise<void>;
}

/** The server from `server/index.ts` serving `distDir`, with the e2e moderator and low hashing cost. */
export async function startAppServer({
  distDir,
  dataDir,
  env = {},
}: {
  distDir: string;
  dataDir: string;
  env?: Record<string, string>;
}): Promise<AppServer> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const logs: string[] = [];
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    // PUBLIC_URL: the links in its mail (DATA_DIR/outbox) open this very server.
    env: {
      ...serverEnv(dataDir, { PUBLIC_URL: baseURL, ...env }),
      PORT: String(port),
      HOST: '127.0.0.1',
      STATIC_DIR: distDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d) => logs.push(String(d)));
  server.stderr?.on('data', (d) => logs.push(String(d)));
  try {
    await waitForHealth(baseURL, { server, timeoutMs: 180_000 });
  } catch (err) {
    server.kill('SIGKILL');
    throw new Error(`${(err as Error).message}\n${logs.join('')}`);
  }
  return {
    baseURL,
    stop: async () => {
      if (server.exitCode !== null) return;
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    },
  };
}
