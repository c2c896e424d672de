// The built web app's text files compressed once, when they are built, at the best ratio: a Vite
// plugin (vite.config.ts) writes `<file>.br` and `<file>.gz` beside every compressible file of
// the client build, and the server sends the stored copy that the client accepts
// (`preCompressed` in server/plugins/spa.ts), never compressing them again.
//
// A few lines over node:zlib rather than a plugin package: the settings (server/lib/compression.ts,
// which the server's pages and the budget test use too) are all there is to it.
// vite-plugin-compression2 would take them as options, for two more packages in `npm install`
// (@rollup/pluginutils, tar-mini) and a loop we could not share.
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import {
  compressBestAsync,
  compressibleFiles,
  PRECOMPRESSED,
  type PrecompressedEncoding,
} from '../server/lib/compression';

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
