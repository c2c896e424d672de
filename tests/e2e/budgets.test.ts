// Size budgets of the built SPA: sizes are deterministic, so they belong in `npm test`; times
// are not and stay in `npm run bench`. A file counts as what the server sends a browser: the
// brotli copy the build wrote beside it (scripts/precompress.ts), sent as stored.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { compressBest, compressibleFiles, PRECOMPRESSED } from '../../server/lib/compression';

type ManifestChunk = {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  src?: string;
};
type Manifest = Record<string, ManifestChunk>;

// Each budget was set in gzip bytes (level 6) and is now in the brotli bytes sent, scaled by what
// brotli 11 saves on what it counts (0.86-0.90 when they were converted), so each
// allows the growth it allowed before: when converted, the first load of / was 108.6 of 110 kB
// gzipped, 94.4 of 96 kB as brotli (docs/performance.md, "The web app's files, compressed once").
const KB = 1024;
// 96 kB until Home's first screen wrote every mean with its likely range and n, and growth over
// equal spans (src/lib/format.ts formatMean, averageRatingStat, formatGrowthSoFar): 96.1 kB then.
const FIRST_LOAD_BUDGET = 97 * KB;
/** What a pre-rendered page fetches before its first paint: the entry and what it imports. */
const BEFORE_PAINT_BUDGET = 3.5 * KB;
const ROUTE_CHUNK_BUDGET = 130 * KB;
/** The HTTP client (axios and the refresh rule), fetched with a page's first API call. */
const HTTP_CLIENT_BUDGET = 22 * KB;

const distDir = inject('distDir');
const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
/** Bytes a browser receives for a file of the build: its stored brotli copy. */
function sentSize(file: string): number {
  const copy = path.join(distDir, file + PRECOMPRESSED.br);
  if (!fs.existsSync(copy))
    throw new Error(
      `${file} has no ${PRECOMPRESSED.br} copy: the build's precompress step (scripts/precompress.ts) did not run`,
    );
  return fs.statSync(copy).size;
}
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;

/** The chunk and everything it imports statically: what the browser must fetch before it runs. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(dep, seen);
  return seen;
}

function keyOf(src: string): string {
  const key = Object.keys(manifest).find((k) => k === src || manifest[k]?.src === src);
  if (!key) throw new Error(`${src} is not in the build manifest`);
  return key;
}

/** The entry and the app's core it loads by import() (src/main.tsx): what every page needs. */
function coreFiles(): Set<string> {
  const entry = keyOf('index.html');
  const files = staticClosure(entry);
  for (const key of manifest[entry]?.dynamicImports ?? []) staticClosure(key, files);
  return files;
}

/** A GET with a browser's Accept-Encoding: the encoding and the body's bytes as they came over the wire. */
function fetchEncoded(url: string): Promise<{ status: number; encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            encoding: res.headers['content-encoding'],
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

describe('compressed copies', () => {
  it('every text file of the build has its brotli and gzip copy, smaller and the same content', () => {
    const files = compressibleFiles(distDir);
    expect(files.length).toBeGreaterThanOrEqual(40);
    const withoutCopies: string[] = [];
    for (const file of files) {
      const original = fs.readFileSync(path.join(distDir, file));
      const copies = {
        br: path.join(distDir, file + PRECOMPRESSED.br),
        gzip: path.join(distDir, file + PRECOMPRESSED.gzip),
      };
      if (!fs.existsSync(copies.br) || !fs.existsSync(copies.gzip)) {
        // Only where no compressed form would be smaller (a few bytes of robots.txt).
        expect(compressBest(original, 'br').length, `${file} has no compressed copy`).toBeGreaterThanOrEqual(
          original.length,
        );
        withoutCopies.push(file);
        continue;
      }
      const br = fs.readFileSync(copies.br);
      const gz = fs.readFileSync(copies.gzip);
      expect(zlib.brotliDecompressSync(br).equals(original), file).toBe(true);
      expect(zlib.gunzipSync(gz).equals(original), file).toBe(true);
      expect(br.length, file).toBeLessThan(original.length);
    }
    console.log(
      `compressed copies: ${files.length - withoutCopies.length} of ${files.length} text files (none for ${withoutCopies.join(', ') || 'none'})`,
    );
  });

  it('what the server sends for the first load of / is those stored copies, byte for byte', async () => {
    const files = new Set([...coreFiles(), ...staticClosure(keyOf('src/features/home/HomePage.tsx'))]);
    for (const key of files) {
      const file = manifest[key]!.file;
      const sent = await fetchEncoded(`${inject('baseURL')}/${file}`);
      expect(sent.status, file).toBe(200);
      expect(sent.encoding, file).toBe('br');
      expect(sent.body.equals(fs.readFileSync(path.join(distDir, file + PRECOMPRESSED.br))), file).toBe(true);
    }
  });
});

describe('bundle budgets', () => {
  it('before the first paint, only the small entry is fetched: none of the app', () => {
    const files = [...staticClosure(keyOf('index.html'))];
    const total = files.reduce((sum, k) => sum + sentSize(manifest[k]!.file), 0);
    console.log(
      `JS before the first paint: ${kb(total)} as brotli (budget ${kb(BEFORE_PAINT_BUDGET)}): ${files.map((k) => manifest[k]!.file).join(', ')}`,
    );
    expect(total).toBeLessThanOrEqual(BEFORE_PAINT_BUDGET);
    for (const k of files)
      expect(fs.readFileSync(path.join(distDir, manifest[k]!.file), 'utf8')).not.toMatch(
        /react\.transitional\.element|createRoot/,
      );
  });

  it(`the first load of / stays within ${kb(FIRST_LOAD_BUDGET)} of JavaScript as sent (brotli)`, () => {
    // `/` needs the entry, the core and the Home route's chunk before it can show its first screen.
    const files = new Set([...coreFiles(), ...staticClosure(keyOf('src/features/home/HomePage.tsx'))]);
    const sizes = [...files].map((k) => ({ file: manifest[k]!.file, br: sentSize(manifest[k]!.file) }));
    const total = sizes.reduce((sum, s) => sum + s.br, 0);
    console.log(
      `first-load JS for /: ${kb(total)} as brotli (budget ${kb(FIRST_LOAD_BUDGET)})\n${sizes.map((s) => `  ${s.file} ${kb(s.br)}`).join('\n')}`,
    );
    expect(total).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
    // The chart library belongs to Explore alone.
    for (const s of sizes) expect(fs.readFileSync(path.join(distDir, s.file), 'utf8')).not.toMatch(/Chart\.js v\d/);
  });

  it(`the HTTP client stays within ${kb(HTTP_CLIENT_BUDGET)} as sent, without json-bigint (loaded for big numbers only)`, () => {
    // Every page that shows data fetches this with its first API call, after the first paint.
    const core = coreFiles();
    const files = [...staticClosure(keyOf('src/api/http.ts'))].filter((k) => !core.has(k));
    const total = files.reduce((sum, k) => sum + sentSize(manifest[k]!.file), 0);
    const bigParser = keyOf('src/api/json-big.ts');
    console.log(
      `HTTP client: ${kb(total)} as brotli (budget ${kb(HTTP_CLIENT_BUDGET)}): ${files.map((k) => manifest[k]!.file).join(', ')}; ` +
        `json-bigint on demand: ${kb(sentSize(manifest[bigParser]!.file))}`,
    );
    expect(total).toBeLessThanOrEqual(HTTP_CLIENT_BUDGET);
    expect(files).not.toContain(bigParser);
    for (const k of files)
      expect(fs.readFileSync(path.join(distDir, manifest[k]!.file), 'utf8')).not.toContain('BigNumber Error');
  });

  it(`no route chunk is above ${kb(ROUTE_CHUNK_BUDGET)} as sent`, () => {
    const routes = Object.entries(manifest).filter(([, c]) => c.isDynamicEntry && c.file.endsWith('.js'));
    expect(routes.length).toBeGreaterThanOrEqual(10);
    // A route's cost is its chunk plus the shared chunks it pulls in that the core has not loaded.
    const core = coreFiles();
    const sizes = routes.map(([key, c]) => {
      const own = [...staticClosure(key)].filter((k) => !core.has(k));
      return { route: c.src ?? key, br: own.reduce((sum, k) => sum + sentSize(manifest[k]!.file), 0) };
    });
    console.log(
      `route chunks (as brotli, with the shared chunks each pulls in):\n${sizes.map((s) => `  ${s.route} ${kb(s.br)}`).join('\n')}`,
    );
    for (const s of sizes) expect(s.br, s.route).toBeLessThanOrEqual(ROUTE_CHUNK_BUDGET);
  });
});
