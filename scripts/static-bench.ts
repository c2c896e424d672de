// `npm run bench:static`: what serving the built web app costs, as a visitor and as the server
// sees it (docs/performance.md, "The web app's files, compressed once"). For this checkout, and
// with `--baseline DIR` first for another one (a checkout of main, with its node_modules), it
// builds the app into a temp folder, starts that checkout's server on it (`node --import tsx
// server/index.ts`, a temp DATA_DIR), then:
// - loads each page in Chromium with an empty cache and adds up the bytes of every response of
//   the app's own files as they came over the wire (the encoded body: brotli when the server sent
//   brotli), the document included, the API's answers apart;
// - runs autocannon on the React chunk with a browser's Accept-Encoding and reads the server
//   process's CPU time (utime + stime in /proc/<pid>/stat) before and after, the servers taking
//   turns for a few rounds.
//   npm run bench:static [-- --baseline <checkout of main>] [-- --pages /,/community] [-- --duration 10] [-- --connections 10]
//                        [-- --rounds 3] [-- --details]
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { freePort, waitForHealth } from './local-server';

const { values: args } = parseArgs({
  options: {
    baseline: { type: 'string' },
    pages: { type: 'string', default: '/,/community,/submit' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    /** CPU runs per server, taken in turns. */
    rounds: { type: 'string', default: '3' },
    /** Also list every file of each page with its encoding and size. */
    details: { type: 'boolean', default: false },
  },
});
const root = path.resolve(import.meta.dirname, '..');
const PAGES = args.pages.split(',');
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const ROUNDS = Number(args.rounds);
/** What Chromium sends (it also offers zstd, which the server does not speak). */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const CHROMIUM =
  process.env.CHROME_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => fs.existsSync(p)) ??
  '/usr/bin/chromium';
/** Clock ticks per second of /proc/<pid>/stat's times. */
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** One GET with the browser's Accept-Encoding: its encoding and the body's bytes as they came over the wire. */
function getEncoded(url: string): Promise<{ encoding: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ encoding: String(res.headers['content-encoding'] ?? 'none'), bytes }));
      })
      .on('error', reject);
  });
}

/** CPU seconds (user + system) the process has used so far. */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces; the fields after it start past its ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

type PageBytes = {
  page: string;
  document: number;
  css: number;
  js: number;
  other: number;
  total: number;
  files: number;
  api: number;
  encodings: string;
};

async function measurePages(baseURL: string): Promise<PageBytes[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic'],
  });
  try {
    const rows: PageBytes[] = [];
    for (const page of PAGES) {
      // A new context: an empty cache, as a first visit.
      const context = await browser.newContext();
      const tab = await context.newPage();
      const responses: import('playwright-core').Response[] = [];
      tab.on('response', (response) => void responses.push(response));
      await tab.goto(`${baseURL}${page}`, { waitUntil: 'networkidle' });
      const row: PageBytes = { page, document: 0, css: 0, js: 0, other: 0, total: 0, files: 0, api: 0, encodings: '' };
      const encodings = new Set<string>();
      for (const response of responses) {
        const { pathname } = new URL(response.url());
        const { responseBodySize } = await response.request().sizes();
        if (pathname.startsWith('/api/')) {
          row.api += responseBodySize;
          continue;
        }
        const kind = response.request().resourceType();
        const bucket =
          kind === 'document' ? 'document' : kind === 'stylesheet' ? 'css' : kind === 'script' ? 'js' : 'other';
        row[bucket] += responseBodySize;
        row.total += responseBodySize;
        row.files++;
        const encoding = (await response.allHeaders())['content-encoding'] ?? 'none';
        encodings.add(encoding);
        if (args.details) console.log(`  ${page}: ${pathname} ${kind} ${encoding} ${responseBodySize}`);
      }
      row.encodings = [...encodings].sort().join('+');
      rows.push(row);
      await context.close();
    }
    return rows;
  } finally {
    await browser.close();
  }
}

async function measureCpu(baseURL: string, pid: number, distDir: string) {
  const react = fs.readdirSync(path.join(distDir, 'assets')).find((f) => /^react-.*\.js$/.test(f));
  if (!react) throw new Error('no react-*.js in the build');
  const url = `${baseURL}/assets/${react}`;
  const probe = await getEncoded(url);
  // Warm-up (JIT, file cache), not counted.
  await autocannon({
    url,
    connections: CONNECTIONS,
    duration: 2,
    headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
  });
  const before = cpuSeconds(pid);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
  });
  const cpu = cpuSeconds(pid) - before;
  const requests = result.requests.total;
  return {
    file: react,
    encoding: probe.encoding,
    bytesSent: probe.bytes,
    requests,
    reqPerSec: Math.round(requests / DURATION),
    serverCpuSeconds: Number(cpu.toFixed(2)),
    cpuMsPerRequest: Number(((cpu * 1000) / requests).toFixed(3)),
    errors: result.errors + result.timeouts,
  };
}

interface Running {
  label: string;
  baseURL: string;
  distDir: string;
  server: ChildProcess;
  work: string;
}

/** Builds the checkout's app into a temp folder and starts its server on it. */
async function start(dir: string): Promise<Running> {
  const head =
    spawnSync('git', ['-C', dir, 'rev-parse', '--short=8', 'HEAD'], { encoding: 'utf8' }).stdout.trim() || '(no git)';
  const dirty = spawnSync('git', ['-C', dir, 'status', '--porcelain', '--untracked-files=no'], {
    encoding: 'utf8',
  }).stdout.trim()
    ? '+changes'
    : '';
  const label = `${path.basename(dir)} ${head}${dirty}`;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'peptide-static-bench-'));
  const distDir = path.join(work, 'dist');
  console.log(`${label}: building...`);
  const build = spawnSync(
    process.execPath,
    [path.join(dir, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error', '--outDir', distDir],
    {
      cwd: dir,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (build.status !== 0) throw new Error(`build failed in ${dir}`);
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: dir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      STATIC_DIR: distDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MULTIPLIER: '1000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const running = { label, baseURL, distDir, server, work };
  try {
    await waitForHealth(baseURL, { server, timeoutMs: 120_000 });
  } catch (err) {
    await stop(running);
    throw err;
  }
  return running;
}

async function stop({ server, work }: Running): Promise<void> {
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  fs.rmSync(work, { recursive: true, force: true });
}

const running: Running[] = [];
try {
  if (args.baseline) running.push(await start(path.resolve(args.baseline)));
  running.push(await start(root));
  for (const run of running) {
    const pages = await measurePages(run.baseURL);
    console.log(`\nFirst load, bytes as sent (encoded bodies; Accept-Encoding of Chromium), ${run.label}:`);
    console.table(pages);
  }
  // The servers take turns, so a busy moment of the shared machine falls on both.
  const rows = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const run of running)
      rows.push({ round, build: run.label, ...(await measureCpu(run.baseURL, run.server.pid!, run.distDir)) });
  }
  console.log(
    `\nThe React chunk, ${CONNECTIONS} connections, ${DURATION} s per round, accept-encoding "${BROWSER_ACCEPT_ENCODING}":`,
  );
  console.table(rows);
} finally {
  for (const run of running) await stop(run);
}
