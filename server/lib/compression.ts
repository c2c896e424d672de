// The settings of what is compressed once and sent many times: which files of the built web app
// compress, the encodings written beside them and the best-ratio setting. The build writes the
// copies with them (scripts/precompress.ts, a Vite plugin), the server sends those copies
// (server/plugins/spa.ts) and compresses its pages and kept answers at the same setting
// (server/lib/response-cache.ts), and the budget test reads the same list
// (tests/e2e/budgets.test.ts). They live in the server, which the build script imports, because
// the server must not import scripts/ (docs/architecture.md, "The walls, enforced").
//
// Figures (docs/performance.md, "The web app's files, compressed once"): the React chunk,
// 219 kB, is 70.1 kB at the quality the server used per request (brotli 2) and 58.3 kB here.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** The encodings written beside a file, by the name a client asks for them in `Accept-Encoding`. */
export const PRECOMPRESSED = { br: '.br', gzip: '.gz' } as const;
export type PrecompressedEncoding = keyof typeof PRECOMPRESSED;

/**
 * Files whose content compresses (text). Fonts and images are compressed by their own formats
 * already. A file is named here by its extension only, so the build, the server's start-up
 * check and the budget test agree on one list.
 */
export const COMPRESSIBLE_EXTENSIONS = [
  '.html',
  '.css',
  '.js',
  '.mjs',
  '.json',
  '.map',
  '.svg',
  '.txt',
  '.xml',
  '.webmanifest',
] as const;

export function isCompressible(file: string): boolean {
  return (COMPRESSIBLE_EXTENSIONS as readonly string[]).includes(path.extname(file).toLowerCase());
}

/**
 * The best ratio, for what is compressed once and sent many times: brotli's highest quality and
 * its largest standard window (2^24; files up to 16 MB find their repeats anywhere before them);
 * gzip's highest level. Brotli's "large window" extension (up to 2^30) is not used: browsers do
 * not decode it. Quality 11 costs about 300 ms of CPU for the React chunk, once per build.
 */
export const BEST_COMPRESSION = {
  brotliQuality: zlib.constants.BROTLI_MAX_QUALITY,
  brotliWindowBits: zlib.constants.BROTLI_MAX_WINDOW_BITS,
  gzipLevel: zlib.constants.Z_BEST_COMPRESSION,
} as const;

const brotliOptions = (size: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: BEST_COMPRESSION.brotliQuality,
    [zlib.constants.BROTLI_PARAM_LGWIN]: BEST_COMPRESSION.brotliWindowBits,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});

/** `bytes` compressed at the best ratio, synchronously (the server's pages at start). */
export function compressBest(bytes: Buffer, encoding: PrecompressedEncoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(bytes, brotliOptions(bytes.length))
    : zlib.gzipSync(bytes, { level: BEST_COMPRESSION.gzipLevel });
}

const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);

/** The same, on libuv's thread pool: the build compresses its files side by side. */
export function compressBestAsync(bytes: Buffer, encoding: PrecompressedEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(bytes, brotliOptions(bytes.length))
    : gzipAsync(bytes, { level: BEST_COMPRESSION.gzipLevel });
}

/** Every file under `dir`, relative to it, without dot folders (`.vite/`: the build's notes, never served). */
function filesUnder(dir: string, prefix = ''): string[] {
  return fs.readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const relative = path.join(prefix, entry.name);
    return entry.isDirectory() ? filesUnder(dir, relative) : entry.isFile() ? [relative] : [];
  });
}

/** The files under `dir` that the build compresses (not the compressed copies themselves). */
export function compressibleFiles(dir: string): string[] {
  return filesUnder(dir).filter(isCompressible);
}
