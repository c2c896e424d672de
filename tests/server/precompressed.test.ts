// The web app's files go out as the build compressed them (scripts/precompress.ts): the stored
// .br or .gz copy the client accepts, byte for byte, with the same caching headers as the file
// itself; the server compresses none of them per request (server/plugins/spa.ts), and compresses
// its pages once, at start (server/lib/spa-preload.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressBest } from '../../server/lib/compression';
import { precompressFolder } from '../../scripts/precompress';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
/** Holds the build (`dist/`) and, beside it, files the server must never send. */
let workDir: string;
let staticDir: string;
const SCRIPT = '/assets/app-3f9a1c2b.js';
/** A text file of an older build, without compressed copies. */
const UNPACKED = '/assets/old-7e6d5c4b.js';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A file whose name stays from build to build (revalidated, not hashed). */
const MANIFEST = '/manifest.webmanifest';
const SECRET = 'not-for-the-web';

function manifestText(name: string): string {
  return JSON.stringify(
    {
      name,
      short_name: name,
      icons: Array.from({ length: 12 }, (_, i) => ({
        src: `/icons/${name}-${i}.png`,
        sizes: `${16 * (i + 1)}x${16 * (i + 1)}`,
      })),
    },
    null,
    2,
  );
}

/** Some kilobytes of script-like text with repeats and variety, as a bundle has. */
function scriptText(seed: number): string {
  const words = [
    'experience',
    'peptide',
    'dosage',
    'frequency',
    'outcome',
    'rating',
    'community',
    'report',
    'moderation',
    'timeline',
  ];
  return Array.from(
    { length: 600 },
    (_, i) =>
      `export const ${words[(i * seed) % words.length]}${i} = ${JSON.stringify(`${words[(i * 7) % words.length]}-${(i * seed * 2654435761) % 9973}`)};`,
  ).join('\n');
}

beforeAll(async () => {
  // A build as `vite build` writes it: index.html, hashed assets, the public folder's files, then
  // the compressed copies of the text files, by the build's own step.
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'peptide-precompressed-'));
  staticDir = path.join(workDir, 'dist');
  fs.mkdirSync(path.join(staticDir, 'assets'), { recursive: true });
  // Beside the build, with compressed copies too: what an escaping path would reach.
  fs.writeFileSync(path.join(workDir, 'secret.txt'), `${SECRET}\n`.repeat(100));
  fs.mkdirSync(path.join(workDir, 'dist-old'));
  fs.writeFileSync(path.join(workDir, 'dist-old/app.js'), `${SECRET}\n`.repeat(100));
  await precompressFolder(workDir);
  const page = `<!doctype html><html lang="en"><head><title>Peptide Community</title><script type="module" src="${SCRIPT}"></script></head><body><div id="root"></div>${'<p>Anonymous, structured reports of peptide experiences.</p>'.repeat(40)}</body></html>`;
  fs.writeFileSync(path.join(staticDir, 'index.html'), page);
  fs.writeFileSync(path.join(staticDir, SCRIPT), scriptText(3));
  fs.writeFileSync(
    path.join(staticDir, 'assets/index-5a4b3c2d.css'),
    Array.from(
      { length: 300 },
      (_, i) => `.c${i}{margin:${i % 7}px;color:#${(i * 4099).toString(16).padStart(6, '0').slice(0, 6)}}`,
    ).join('\n'),
  );
  fs.writeFileSync(
    path.join(staticDir, 'assets/logo-1a2b3c4d.png'),
    Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 131) % 256)),
  );
  fs.writeFileSync(
    path.join(staticDir, 'favicon.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="14" fill="#0f766e"/><circle cx="16" cy="16" r="8" fill="#ffffff"/></svg>',
  );
  fs.writeFileSync(path.join(staticDir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  fs.writeFileSync(path.join(staticDir, MANIFEST), manifestText('Peptide Community'));
  await precompressFolder(staticDir);
  // Written after the step, as by an older build: no copies.
  fs.writeFileSync(path.join(staticDir, UNPACKED), scriptText(5));
  t = await createTestApp({ STATIC_DIR: staticDir });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, headers });
const onDisk = (file: string) => fs.readFileSync(path.join(staticDir, file));

/** The body as the client reads it, after undoing its Content-Encoding. */
function decoded(res: { rawPayload: Buffer; headers: Record<string, unknown> }): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload);
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload);
  expect(encoding).toBeUndefined();
  return res.rawPayload;
}

describe('the build writes compressed copies', () => {
  it('beside every text file, smaller than it and the same content, not beside images or where it would not be smaller', () => {
    for (const file of [SCRIPT, '/assets/index-5a4b3c2d.css', '/index.html', '/favicon.svg']) {
      const original = onDisk(file);
      const br = onDisk(`${file}.br`);
      const gz = onDisk(`${file}.gz`);
      expect(br.length, file).toBeLessThan(original.length);
      expect(gz.length, file).toBeLessThan(original.length);
      expect(zlib.brotliDecompressSync(br).equals(original), file).toBe(true);
      expect(zlib.gunzipSync(gz).equals(original), file).toBe(true);
    }
    // The best ratio: brotli's quality 11 beats the quick quality the server used per request.
    const quick = zlib.brotliCompressSync(onDisk(SCRIPT), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2 } });
    expect(onDisk(`${SCRIPT}.br`).length).toBeLessThan(quick.length);
    expect(fs.existsSync(path.join(staticDir, 'assets/logo-1a2b3c4d.png.br'))).toBe(false);
    // 22 bytes of text: any compressed form is larger, so the file goes as it is.
    expect(fs.existsSync(path.join(staticDir, 'robots.txt.br'))).toBe(false);
    expect(fs.existsSync(path.join(staticDir, 'robots.txt.gz'))).toBe(false);
  });
});

describe('a hashed asset', () => {
  it('goes to a brotli client as the stored .br, byte for byte, cached for a year', async () => {
    for (const acceptEncoding of ['br', 'gzip, deflate, br, zstd', 'br;q=1.0, gzip;q=0.8', 'BR']) {
      const res = await get(SCRIPT, { 'accept-encoding': acceptEncoding });
      expect(res.statusCode, acceptEncoding).toBe(200);
      expect(res.headers['content-encoding'], acceptEncoding).toBe('br');
      expect(res.rawPayload.equals(onDisk(`${SCRIPT}.br`)), acceptEncoding).toBe(true);
      expect(res.headers['content-length']).toBe(String(onDisk(`${SCRIPT}.br`).length));
      expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript; charset=utf-8$/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('goes to a gzip-only client as the stored .gz, and to a client without encodings as the file', async () => {
    for (const acceptEncoding of ['gzip', 'gzip, deflate', 'br;q=0, gzip', '*']) {
      const res = await get(SCRIPT, { 'accept-encoding': acceptEncoding });
      expect(res.headers['content-encoding'], acceptEncoding).toBe('gzip');
      expect(res.rawPayload.equals(onDisk(`${SCRIPT}.gz`)), acceptEncoding).toBe(true);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
    }
    const clients: Record<string, string>[] = [
      {},
      { 'accept-encoding': '' },
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'deflate' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
    ];
    for (const headers of clients) {
      const res = await get(SCRIPT, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(res.rawPayload.equals(onDisk(SCRIPT)), JSON.stringify(headers)).toBe(true);
      // The answer depended on the header even when it is the file itself: a shared cache must know.
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
    }
  });

  it('has a weak ETag per stored copy, and a matching If-None-Match answers 304 with no body', async () => {
    const br = await get(SCRIPT, { 'accept-encoding': 'br' });
    const gzip = await get(SCRIPT, { 'accept-encoding': 'gzip' });
    const plain = await get(SCRIPT);
    const tags = [br, gzip, plain].map((res) => res.headers.etag as string);
    for (const tag of tags) expect(tag).toMatch(/^W\/".+"$/);
    // Three representations, three tags: a cache never takes one for another.
    expect(new Set(tags).size).toBe(3);
    for (const [acceptEncoding, tag] of [
      ['br', tags[0]!],
      ['gzip', tags[1]!],
    ] as const) {
      const again = await get(SCRIPT, { 'accept-encoding': acceptEncoding, 'if-none-match': tag });
      expect(again.statusCode, acceptEncoding).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(tag);
      expect(again.headers['cache-control']).toBe(IMMUTABLE);
    }
    const stale = await get(SCRIPT, { 'accept-encoding': 'br', 'if-none-match': 'W/"something-else"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(onDisk(`${SCRIPT}.br`))).toBe(true);
  });

  it('answers HEAD with the headers of the copy it would send, and a Range with bytes of that copy', async () => {
    const head = await get(SCRIPT, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(String(onDisk(`${SCRIPT}.br`).length));
    expect(head.rawPayload.length).toBe(0);

    // A range is of the representation sent (RFC 9110, 14.1.2): here the brotli bytes.
    const part = await get(SCRIPT, { 'accept-encoding': 'br', range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBe('br');
    expect(part.headers['content-range']).toBe(`bytes 0-99/${onDisk(`${SCRIPT}.br`).length}`);
    expect(part.rawPayload.equals(onDisk(`${SCRIPT}.br`).subarray(0, 100))).toBe(true);
    const plainPart = await get(SCRIPT, { range: 'bytes=10-19' });
    expect(plainPart.statusCode).toBe(206);
    expect(plainPart.headers['content-encoding']).toBeUndefined();
    expect(plainPart.rawPayload.equals(onDisk(SCRIPT).subarray(10, 20))).toBe(true);
    for (const range of ['bytes=999999-', 'bytes=abc', 'pages=1-2', 'bytes=5-1']) {
      const odd = await get(SCRIPT, { 'accept-encoding': 'br', range });
      expect([200, 206, 416], range).toContain(odd.statusCode);
    }
  });

  it('is read the same after any Accept-Encoding spelling, always a stored file, and never makes the server fail', async () => {
    const spellings = [
      'br;q=0',
      'BR;Q=0, GZIP',
      'gzip;q=0.5, br;q=0.4',
      '*;q=0',
      'identity;q=0',
      ',,,',
      ';;',
      'br;q=abc',
      'gzip;q=',
      'compress, x-gzip',
      'zstd',
      'br ,gzip',
      '\u00e9',
      'a'.repeat(4000),
    ];
    const stored = { br: `${SCRIPT}.br`, gzip: `${SCRIPT}.gz` } as Record<string, string>;
    for (const acceptEncoding of spellings) {
      const res = await get(SCRIPT, { 'accept-encoding': acceptEncoding });
      expect(res.statusCode, acceptEncoding).toBe(200);
      expect(decoded(res).equals(onDisk(SCRIPT)), acceptEncoding).toBe(true);
      expect(
        res.rawPayload.equals(onDisk(stored[String(res.headers['content-encoding'])] ?? SCRIPT)),
        acceptEncoding,
      ).toBe(true);
    }
  });

  it('compresses nothing per request: a text file without copies goes as it is, to any client', async () => {
    for (const acceptEncoding of ['br', 'gzip', 'gzip, deflate, br, zstd']) {
      for (const file of [UNPACKED, '/robots.txt']) {
        const res = await get(file, { 'accept-encoding': acceptEncoding });
        expect(res.statusCode, file).toBe(200);
        expect(res.headers['content-encoding'], `${file} ${acceptEncoding}`).toBeUndefined();
        expect(res.rawPayload.equals(onDisk(file)), file).toBe(true);
      }
    }
    // Images are not compressed at all; the favicon goes as its stored copy, revalidated.
    const logo = await get('/assets/logo-1a2b3c4d.png', { 'accept-encoding': 'br' });
    expect(logo.headers['content-encoding']).toBeUndefined();
    expect(logo.rawPayload.equals(onDisk('/assets/logo-1a2b3c4d.png'))).toBe(true);
    const favicon = await get('/favicon.svg', { 'accept-encoding': 'br' });
    expect(favicon.rawPayload.equals(onDisk('/favicon.svg.br'))).toBe(true);
    expect(favicon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(favicon.headers['cache-control']).toBe('no-cache');
  });

  it('has no address of its own for a compressed copy: /x.js.br is a 404, never the app page', async () => {
    for (const url of [`${SCRIPT}.br`, `${SCRIPT}.gz`, '/favicon.svg.br', '/index.html.gz', `${SCRIPT}.br.br`]) {
      for (const acceptEncoding of ['br', 'identity']) {
        const res = await get(url, { 'accept-encoding': acceptEncoding });
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).not.toContain('<div id="root">');
      }
    }
  });
});

describe('a path that names something outside the build', () => {
  it('is refused or not found in any spelling, for any Accept-Encoding: never a file beside the build nor its copy', async () => {
    const escapes = [
      '/secret.txt',
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E/secret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/%2e%2e%2fsecret.txt',
      '/..%252fsecret.txt',
      '/..%5csecret.txt',
      '/assets/..%5c..%5csecret.txt',
      '//../secret.txt',
      '/assets//../../secret.txt',
      `${SCRIPT}/../../../secret.txt`,
      '/../dist-old/app.js',
      '/%2e%2e/dist-old/app.js',
      '/..%2fdist-old%2fapp.js',
      '/secret.txt%00.br',
      '/../secret.txt.br',
      '/%2e%2e/secret.txt.gz',
    ];
    for (const url of escapes) {
      for (const acceptEncoding of ['br', 'gzip', 'identity']) {
        const res = await get(url, { 'accept-encoding': acceptEncoding });
        const what = `${url} ${acceptEncoding}`;
        expect([400, 403, 404], what).toContain(res.statusCode);
        expect(res.headers['content-encoding'], what).toBeUndefined();
        expect(res.body, what).not.toContain(SECRET);
        expect(res.body, what).not.toContain('<div id="root">');
      }
    }
  });

  it('spelled otherwise inside the build, is the file itself or not found: never another file, never the app page', async () => {
    const name = SCRIPT.slice('/assets/'.length);
    const spellings = [
      SCRIPT.toUpperCase(),
      `${SCRIPT}/`,
      `/assets/../assets/${name}`,
      `/assets/./${name}`,
      `/assets%2f${name}`,
      `/assets/%2e/${name}`,
      SCRIPT.replace('app-', '%61pp-'),
      `/index.html/../assets/${name}`,
    ];
    for (const url of spellings) {
      const res = await get(url, { 'accept-encoding': 'br' });
      if (res.statusCode === 200) expect(res.rawPayload.equals(onDisk(`${SCRIPT}.br`)), url).toBe(true);
      else expect([400, 403, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toContain('<div id="root">');
    }
  });
});

describe('a file rewritten on disk by a new build', () => {
  it('goes out as its new copies, with new ETags, and the old ETag no longer answers 304', async () => {
    const before = await get(MANIFEST, { 'accept-encoding': 'br' });
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-encoding']).toBe('br');
    expect(decoded(before).toString()).toBe(manifestText('Peptide Community'));
    expect(before.headers['cache-control']).toBe('no-cache');
    const oldTag = before.headers.etag as string;

    // The build writes the file and its copies again, later than the ones the server saw.
    const text = Buffer.from(manifestText('Peptide Research Community'));
    fs.writeFileSync(path.join(staticDir, MANIFEST), text);
    fs.writeFileSync(path.join(staticDir, `${MANIFEST}.br`), compressBest(text, 'br'));
    fs.writeFileSync(path.join(staticDir, `${MANIFEST}.gz`), compressBest(text, 'gzip'));
    const later = new Date(Date.now() + 5_000);
    for (const suffix of ['', '.br', '.gz']) fs.utimesSync(path.join(staticDir, MANIFEST + suffix), later, later);

    for (const [acceptEncoding, encoding] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await get(MANIFEST, { 'accept-encoding': acceptEncoding, 'if-none-match': oldTag });
      expect(res.statusCode, acceptEncoding).toBe(200);
      expect(res.headers['content-encoding'], acceptEncoding).toBe(encoding);
      expect(decoded(res).toString(), acceptEncoding).toBe(manifestText('Peptide Research Community'));
      expect(res.headers.etag, acceptEncoding).not.toBe(oldTag);
      const again = await get(MANIFEST, {
        'accept-encoding': acceptEncoding,
        'if-none-match': res.headers.etag as string,
      });
      expect(again.statusCode, acceptEncoding).toBe(304);
    }
  });
});

describe("the app's pages", () => {
  it('go out compressed once at the best ratio: the same bytes every time, no-cache, with an ETag and 304', async () => {
    const plain = await get('/community');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<div id="root">');
    for (const [acceptEncoding, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const first = await get('/community', { 'accept-encoding': acceptEncoding });
      const again = await get('/community', { 'accept-encoding': acceptEncoding });
      expect(first.headers['content-encoding']).toBe(encoding);
      expect(first.headers.vary).toMatch(/accept-encoding/i);
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(decoded(first).toString()).toBe(plain.body);
      // Made once, at the build's setting: not the quick per-request quality, and never again.
      expect(first.rawPayload.equals(compressBest(plain.rawPayload, encoding))).toBe(true);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/".+"$/);
      const notModified = await get('/community', { 'accept-encoding': acceptEncoding, 'if-none-match': etag });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.rawPayload.length).toBe(0);
    }
    // HEAD: the GET's headers (Node's HTTP server then sends no body).
    const head = await get('/', { 'accept-encoding': 'br' }, 'HEAD');
    const body = await get('/', { 'accept-encoding': 'br' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(String(body.rawPayload.length));
    expect(head.headers.etag).toBe(body.headers.etag);
  });
});

describe('a build without compressed copies', () => {
  it('is named in the log at start, with the command that makes them', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _encoding, done) => void (lines.push(String(chunk)), done()) });
    const app = await createTestApp({ STATIC_DIR: staticDir }, undefined, { logger: { level: 'warn', stream } });
    await app.close();
    expect(lines.join('')).toContain('without a compressed copy');
    expect(lines.join('')).toContain('old-7e6d5c4b.js');
    expect(lines.join('')).toContain('npm run build');
  });
});
