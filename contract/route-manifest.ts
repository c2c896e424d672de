// The build's route manifest: written by the client build (scripts/route-manifest.ts, a Vite
// plugin), read by the server to announce a page's code in index.html (server/lib/spa-preload.ts).
// Its format is written here once, so the server imports nothing of the build and each side
// checks the other.
import { z } from 'zod/mini';

/** The file the server reads, relative to the build's output folder. */
export const ROUTE_MANIFEST_FILE = '.vite/route-manifest.json';

export const RouteManifest = z.object({
  /** The app's core (src/app/boot.tsx and what it imports), which the entry loads by import(); without what the entry itself loads. */
  core: z.array(z.string()),
  /** Each route's pattern (react-router syntax) and its page's files beyond the core, in load order. */
  routes: z.array(z.object({ pattern: z.string(), files: z.array(z.string()) })),
});
export type RouteManifest = z.infer<typeof RouteManifest>;
