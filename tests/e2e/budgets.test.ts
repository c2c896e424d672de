// Size budgets of the built SPA: sizes are deterministic, so they belong in `npm test`;
// times are not and stay in `npm run bench`.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';

type ManifestChunk = { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[]; src?: string };
type Manifest = Record<string, ManifestChunk>;

const KB = 1024;
const FIRST_LOAD_BUDGET = 110 * KB;
/** What a pre-rendered page fetches before its first paint: the entry and what it imports. */
const BEFORE_PAINT_BUDGET = 4 * KB;
const ROUTE_CHUNK_BUDGET = 150 * KB;
/** The HTTP client (axios and the refresh rule), fetched with a page's first API call. */
const HTTP_CLIENT_BUDGET = 24 * KB;

const distDir = inject('distDir');
const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(distDir, file))).length;
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

describe('bundle budgets', () => {
  it('before the first paint, only the small entry is fetched: none of the app', () => {
    const files = [...staticClosure(keyOf('index.html'))];
    const total = files.reduce((sum, k) => sum + gzipSize(manifest[k]!.file), 0);
    console.log(`JS before the first paint: ${kb(total)} gzipped (budget ${kb(BEFORE_PAINT_BUDGET)}): ${files.map((k) => manifest[k]!.file).join(', ')}`);
    expect(total).toBeLessThanOrEqual(BEFORE_PAINT_BUDGET);
    for (const k of files) expect(fs.readFileSync(path.join(distDir, manifest[k]!.file), 'utf8')).not.toMatch(/react\.transitional\.element|createRoot/);
  });

  it('the first load of / stays within 110 kB of gzipped JavaScript', () => {
    // `/` needs the entry, the core and the Home route's chunk before it can show its first screen.
    const files = new Set([...coreFiles(), ...staticClosure(keyOf('src/features/home/HomePage.tsx'))]);
    const sizes = [...files].map((k) => ({ file: manifest[k]!.file, gz: gzipSize(manifest[k]!.file) }));
    const total = sizes.reduce((sum, s) => sum + s.gz, 0);
    console.log(`first-load JS for /: ${kb(total)} gzipped (budget ${kb(FIRST_LOAD_BUDGET)})\n${sizes.map((s) => `  ${s.file} ${kb(s.gz)}`).join('\n')}`);
    expect(total).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
    // The chart library belongs to Explore alone.
    for (const s of sizes) expect(fs.readFileSync(path.join(distDir, s.file), 'utf8')).not.toMatch(/Chart\.js v\d/);
  });

  it('the HTTP client stays within 24 kB gzipped, without json-bigint (loaded for big numbers only)', () => {
    // Every page that shows data fetches this with its first API call, after the first paint.
    const core = coreFiles();
    const files = [...staticClosure(keyOf('src/api/http.ts'))].filter((k) => !core.has(k));
    const total = files.reduce((sum, k) => sum + gzipSize(manifest[k]!.file), 0);
    const bigParser = keyOf('src/api/json-big.ts');
    console.log(
      `HTTP client: ${kb(total)} gzipped (budget ${kb(HTTP_CLIENT_BUDGET)}): ${files.map((k) => manifest[k]!.file).join(', ')}; ` +
        `json-bigint on demand: ${kb(gzipSize(manifest[bigParser]!.file))}`,
    );
    expect(total).toBeLessThanOrEqual(HTTP_CLIENT_BUDGET);
    expect(files).not.toContain(bigParser);
    for (const k of files) expect(fs.readFileSync(path.join(distDir, manifest[k]!.file), 'utf8')).not.toContain('BigNumber Error');
  });

  it('no route chunk is above 150 kB gzipped', () => {
    const routes = Object.entries(manifest).filter(([, c]) => c.isDynamicEntry && c.file.endsWith('.js'));
    expect(routes.length).toBeGreaterThanOrEqual(10);
    // A route's cost is its chunk plus the shared chunks it pulls in that the core has not loaded.
    const core = coreFiles();
    const sizes = routes.map(([key, c]) => {
      const own = [...staticClosure(key)].filter((k) => !core.has(k));
      return { route: c.src ?? key, gz: own.reduce((sum, k) => sum + gzipSize(manifest[k]!.file), 0) };
    });
    console.log(`route chunks (gzipped, with the shared chunks each pulls in):\n${sizes.map((s) => `  ${s.route} ${kb(s.gz)}`).join('\n')}`);
    for (const s of sizes) expect(s.gz, s.route).toBeLessThanOrEqual(ROUTE_CHUNK_BUDGET);
  });
});
