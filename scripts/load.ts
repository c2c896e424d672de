// `npm run test:load`: starts the real server (on-disk PGlite in a temporary folder, demo data
// seeded, or DATABASE_URL when set) and drives it with 50 concurrent clients for 60 s (10 s when
// CI=true; LOAD_SECONDS or --seconds to choose, LOAD_CLIENTS or --clients for the client count):
// reads of every public screen's calls mixed with submissions and votes. Prints throughput and
// latency percentiles; exits non-zero on any answer other than a 2xx or a deliberate 429.
//   npm run test:load [-- --seconds 30 --clients 50]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitForHealth } from './local-server';
import { outboxConfirmationToken } from './outbox';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
function arg(name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}
const SECONDS = Number(arg('seconds') ?? process.env.LOAD_SECONDS ?? (process.env.CI === 'true' ? 10 : 60));
const CLIENTS = Number(arg('clients') ?? process.env.LOAD_CLIENTS ?? 50);
const MODERATOR = { email: 'moderator@load.test', password: 'load-moderator-password' };
const PASSWORD = 'load-member-password';

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS + 5 });
let port = 0;

interface Answer {
  status: number;
  body: any;
  headers: http.IncomingHttpHeaders;
}

/** One request over a kept-alive connection; `address` plays a distinct client (X-Forwarded-For). */
function call(
  method: string,
  url: string,
  { body, token, address }: { body?: unknown; token?: string; address?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent,
        headers: {
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(address ? { 'x-forwarded-for': address } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          let parsed: unknown = null;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            parsed = text;
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, headers: res.headers });
        });
      },
    );
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error('timeout after 30 s')));
    if (payload) req.write(payload);
    req.end();
  });
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'peptide-load-'));
  let output = '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: 'none',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Each client has an address of its own (X-Forwarded-For), as 50 people would: the load
      // generator plays the one proxy in front, whose header entry the server believes.
      TRUST_PROXY: '1',
      // Default limits allow 10 submissions per hour per address: scaled so a 60 s run of
      // eager clients mostly measures the server; any 429 that remains is deliberate and counted.
      RATE_LIMIT_MULTIPLIER: process.env.RATE_LIMIT_MULTIPLIER ?? '100',
      MODERATOR_EMAIL: MODERATOR.email,
      MODERATOR_PASSWORD: MODERATOR.password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (d) => (output += d));
  server.stderr.on('data', (d) => (output += d));
  const cleanup = () => {
    if (server.exitCode === null) server.kill('SIGTERM');
  };
  process.on('exit', cleanup);

  try {
    await waitForHealth(`http://127.0.0.1:${port}`, { server, timeoutMs: 120_000, output: () => output });

    // Setup, outside the measurement: a few approved members to vote, and ids to read.
    const mod = await call('POST', '/api/users/login', { body: MODERATOR, address: '10.200.0.1' });
    if (mod.status !== 200) throw new Error(`moderator sign-in failed: ${mod.status} ${JSON.stringify(mod.body)}`);
    const voters: string[] = [];
    for (let i = 0; i < 5; i++) {
      const email = `load-${i}-${Date.now()}@load.test`;
      const address = `10.200.1.${i + 1}`;
      await call('POST', '/api/users/register', { body: { email, password: PASSWORD }, address });
      // Confirmed with the mailed link (DATA_DIR/outbox), the account is offered to the moderator.
      const token = await outboxConfirmationToken(dataDir, email);
      await call('POST', '/api/auth/confirm-email', { body: { token }, address });
      // Registration answers no id (it must not tell a new email from a taken one): look it up.
      const pending = await call('GET', '/api/users/pending?limit=100', {
        token: mod.body.data.accessToken,
        address: '10.200.0.1',
      });
      const id = pending.body.data.users.find((u: { email: string }) => u.email === email)._id;
      await call('POST', `/api/users/${id}/approve`, { token: mod.body.data.accessToken, address: '10.200.0.1' });
      const login = await call('POST', '/api/users/login', { body: { email, password: PASSWORD }, address });
      voters.push(login.body.data.accessToken);
    }
    const peptides: string[] = (await call('GET', '/api/peptides?limit=100')).body.data.peptides.map(
      (p: { _id: string }) => p._id,
    );
    const experiences: string[] = (await call('GET', '/api/experiences?limit=100')).body.data.experiences.map(
      (e: { _id: string }) => e._id,
    );
    const voted = new Set<string>();

    const reads = [
      () => '/api/peptides',
      () => '/api/peptides?category=Cognitive%20Enhancement&sort=rating',
      () => `/api/peptides/${peptides[Math.floor(Math.random() * peptides.length)]}`,
      () => '/api/experiences',
      () => '/api/experiences?sort=helpful&category=Healing%20%26%20Recovery',
      () => `/api/experiences?search=sleep&peptideId=${peptides[Math.floor(Math.random() * peptides.length)]}`,
      () => `/api/experiences/${experiences[Math.floor(Math.random() * experiences.length)]}`,
      () => '/api/experiences/home/public',
      () => '/api/analytics/public',
      () => '/api/effects?type=positive',
      () => '/api/limits',
    ];

    const latencies: number[] = [];
    const counts = { reads: 0, submissions: 0, votes: 0, deliberate429: 0 };
    const unexpected: string[] = [];
    let unexpectedCount = 0;
    const started = Date.now();
    const stopAt = started + SECONDS * 1000;

    async function client(c: number) {
      const address = `10.100.${Math.floor(c / 250)}.${(c % 250) + 1}`;
      let i = 0;
      while (Date.now() < stopAt) {
        i++;
        const roll = (i * 7 + c) % 20;
        let label: string;
        const t0 = performance.now();
        let res: Answer;
        try {
          if (roll === 0) {
            // Vote: a member on an experience they have not voted on yet.
            const voter = Math.floor(Math.random() * voters.length);
            const target = experiences[Math.floor(Math.random() * experiences.length)];
            const key = `${voter}:${target}`;
            if (voted.has(key)) continue;
            voted.add(key);
            label = 'vote';
            res = await call('POST', `/api/experiences/${target}/vote`, {
              body: { voteType: 'helpful' },
              token: voters[voter],
              address,
            });
            if (res.status === 201) counts.votes++;
          } else if (roll <= 2) {
            label = 'submit';
            res = await call('POST', '/api/experiences', {
              address,
              body: {
                peptideId: peptides[i % peptides.length],
                dosage: '250 mcg',
                frequency: 'daily',
                duration: 30,
                routeOfAdministration: 'subcutaneous',
                primaryPurpose: ['Sleep'],
                demographics: { ageRange: '30-34', biologicalSex: 'male', activityLevel: 'active' },
                outcomes: { energy: 1 + (i % 10), sleep: 7 },
                effects: ['Better sleep'],
                timeline: '1-week',
                story: `Load test report ${c}-${i}: slept better from the second week, recovered faster after training, no side effects over the month.`,
                stack: [],
              },
            });
            // A new report is public at its publication batch, not now: reads and votes stay on
            // the reports the feed showed (a 404 for one just sent is the product working).
            if (res.status === 201) counts.submissions++;
          } else {
            const url = reads[i % reads.length]();
            label = `GET ${url.split('?')[0]}`;
            res = await call('GET', url, { address });
            if (res.status === 200) counts.reads++;
          }
        } catch (err) {
          unexpectedCount++;
          if (unexpected.length < 10) unexpected.push(`network error: ${(err as Error).message}`);
          continue;
        }
        latencies.push(performance.now() - t0);
        if (res.status === 429 && res.headers['retry-after']) counts.deliberate429++;
        else if (res.status < 200 || res.status >= 300) {
          unexpectedCount++;
          if (unexpected.length < 10)
            unexpected.push(`${label} -> ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        }
      }
    }

    await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
    const elapsed = (Date.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const total = latencies.length;
    console.log(
      `Load: ${CLIENTS} clients for ${elapsed.toFixed(1)} s against ${output.includes('postgres') ? 'PostgreSQL' : 'PGlite'} (${os.cpus().length} CPUs shared with the clients)`,
    );
    console.log(
      `  requests:   ${total} (${counts.reads} reads, ${counts.submissions} submissions, ${counts.votes} votes)`,
    );
    console.log(`  throughput: ${(total / elapsed).toFixed(0)} requests/s`);
    console.log(
      `  latency:    p50 ${percentile(latencies, 50).toFixed(1)} ms, p90 ${percentile(latencies, 90).toFixed(1)} ms, ` +
        `p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies[total - 1] ?? 0).toFixed(1)} ms`,
    );
    console.log(`  deliberate 429s: ${counts.deliberate429}; unexpected errors: ${unexpectedCount}`);
    for (const u of unexpected) console.log(`    ${u}`);
    const health = await call('GET', '/api/health');
    if (health.status !== 200) {
      unexpectedCount++;
      console.log(`  health after the run: ${health.status}`);
    }
    return unexpectedCount === 0 && total > 0 ? 0 : 1;
  } finally {
    cleanup();
    await new Promise((r) => (server.exitCode === null ? server.once('exit', r) : r(null)));
    agent.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
