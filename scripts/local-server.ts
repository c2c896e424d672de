// What every script and test that starts the real server as a child process needs: a free port
// on the loopback, and a wait until the server answers its health check (failing at once when
// the process has exited). Used by scripts/{bench,lighthouse,load,static-bench}.ts,
// tests/e2e/app-server.ts, tests/long/server-process.ts and tests/server/errors.test.ts.
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';

/** A TCP port nothing listens on at this moment, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface HealthWait {
  /** How long the server may take (default 90 s; a busy CI machine needs more than a quiet one). */
  timeoutMs?: number;
  /** The server's process: its exit ends the wait at once, with its code. */
  server?: ChildProcess;
  /** What the server printed, added to the error (a start that failed says why there). */
  output?: () => string;
}

/** Resolves once `GET {baseUrl}/api/health` answers 2xx; throws when the server exits or the time runs out. */
export async function waitForHealth(
  baseUrl: string,
  { timeoutMs = 90_000, server, output }: HealthWait = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const failure = (why: string) => new Error(output ? `${why}:\n${output()}` : why);
  while (Date.now() < deadline) {
    if (server && (server.exitCode !== null || server.signalCode !== null))
      throw failure(`server exited with ${server.exitCode ?? server.signalCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw failure(`server did not become healthy within ${Math.round(timeoutMs / 1000)} s`);
}
