// The built web app's text files compressed once, when they are built, at the best ratio: a Vite
// plugin (vite.config.ts) writes `<file>.br` and `<file>.gz` beside every compressible file of
// the client build, and the server sends the stored copy that the client accepts
// (`preCompressed` in server/plugins/spa.ts), never compressing them again.
//
// A few lines over node:zlib rather than a plugin package: the settings below are all there is
// to it, the server compresses its pre-rendered pages with the same ones (server/lib/spa-preload.ts)
// and the budget test (tests/e2e/budgets.test.ts) reads the same list of compressible files, so
// they live in one module all three import. vite-plugin-compression2 would take these settings
// as options, for two more packages in `npm install` (@rollup/pluginutils, tar-mini) and a loop
// we could not share.
//
// Figures (docs/performance.md, "The web app's files, compressed once"): the React chunk,
// 219 kB, is 70.1 kB at the quality the server used per request (brotli 2) and 58.3 kB here.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

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
function compressBestAsync(bytes: Buffer, encoding: PrecompressedEncoding): Promise<Buffer> {
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

export interface PrecompressedFile {
  file: string;
  size: number;
  /** Bytes of each copy written; absent where the copy would not be smaller than the file (robots.txt). */
  br?: number;
  gzip?: number;
}

/**
 * Writes the `.br` and `.gz` copy of every compressible file under `dir`. A copy that would not be
 * smaller than its file is not written (and an older one removed), so the server sends the file.
 */
export async function precompressFolder(dir: string): Promise<PrecompressedFile[]> {
  return Promise.all(
    compressibleFiles(dir).map(async (file) => {
      const full = path.join(dir, file);
      const bytes = await fs.promises.readFile(full);
      const written: PrecompressedFile = { file, size: bytes.length };
      for (const [encoding, extension] of Object.entries(PRECOMPRESSED) as [PrecompressedEncoding, string][]) {
        const copy = await compressBestAsync(bytes, encoding);
        if (copy.length < bytes.length) {
          await fs.promises.writeFile(full + extension, copy);
          written[encoding] = copy.length;
        } else {
          await fs.promises.rm(full + extension, { force: true });
        }
      }
      return written;
    }),
  );
}

/**
 * The Vite plugin: once the client build is written (the public folder's files included), compress
 * what it wrote. Every `vite build` does it, so `npm start`'s build, the browser suite's and
 * Lighthouse's all serve the same bytes.
 */
export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler(options) {
        if (this.environment.name !== 'client' || !options.dir) return; // not the pre-render bundle
        const files = await precompressFolder(options.dir);
        const total = (key: 'size' | 'br') => files.reduce((sum, f) => sum + (f[key] ?? f.size), 0);
        this.info(`precompressed ${files.length} files: ${total('size')} bytes, ${total('br')} as brotli`);
      },
    },
  };
}
