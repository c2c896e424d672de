/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API host, e.g. https://api.example.org; unset means the same origin (`/api/...`). */
  readonly VITE_API_URL?: string;
  /** The public repository's https address (src/lib/source-code.ts); unset, no page links to source code. */
  readonly VITE_SOURCE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
declare const __BUILD_YEAR__: number;
