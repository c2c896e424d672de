// API paths are written once (scripts/lint-no-api-literal.mjs, loaded by .oxlintrc.json): a path
// typed by hand in the web app or its mocks fails `npm run lint`, and so does web-app code reaching
// the HTTP client around `call`. Runs oxlint with the repository's config on small files in a
// temporary tree shaped like the repository (tests/server/lint-scratch.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { lintScratch, type Diagnostic } from './lint-scratch';

const RULE = 'api(no-api-literal)';

/** Files that must each be reported once, with the sentence that says what to do instead. */
const refused: Record<string, { source: string; says: RegExp }> = {
  'src/features/peptides/by-hand.ts': {
    source: "export const url = '/api/peptides';",
    says: /call the endpoint by its key/,
  },
  'src/api/template.ts': {
    source: 'export const flagUrl = (id: string) => `/api/experiences/${id}/flag`;',
    says: /call the endpoint by its key/,
  },
  'src/app/prefix.ts': { source: "export const prefix = '/api';", says: /call the endpoint by its key/ },
  'src/lib/with-query.ts': {
    source: "export const url = 'https://host.example/api?x=1';",
    says: /contract\/endpoints\.ts/,
  },
  'tests/web/msw/mock.ts': {
    source: "export const me = ['GET', '/api/users/me'];",
    says: /call the endpoint by its key/,
  },
  'src/features/home/transport.ts': {
    source: "import { api } from '@/api/client';\nexport const go = () => api.get('x');",
    says: /HTTP client is private/,
  },
  'src/api/axios.ts': {
    source: "import { http } from './http';\nexport const h = http;",
    says: /HTTP client is private/,
  },
};

/** Files the rule leaves alone. */
const allowed: Record<string, string> = {
  // contract/ is where paths are written; the server registers routes from it.
  'contract/paths.ts': "export const health = '/api/health';",
  'server/routes/retired.ts': "export const said = 'GET /api/peptides/{id} says so';",
  // A test may assert what a browser sees; a comment may name a path.
  'src/app/first-paint.test.ts': "export const seen = '/api/peptides';",
  'src/api/named.ts': "// GET /api/peptides/catalogue\nimport { call } from './client';\nexport const f = () => call;",
  // Module names under src/api/ are not addresses.
  'src/features/home/imports.ts':
    "import { fetchEffects } from '@/api/effects';\nimport { ApiError } from '../../api/errors';\nexport const all = [fetchEffects, ApiError, import('@/api/peptides')];",
  'src/api/client.ts': "import { http } from './http';\nexport const api = http;",
  'src/lib/words.ts': "export const words = ['rapid', 'capi/x', 'v1/apis'];",
};

let byFile: Map<string, Diagnostic[]>;

beforeAll(async () => {
  const sources = { ...Object.fromEntries(Object.entries(refused).map(([f, { source }]) => [f, source])), ...allowed };
  byFile = await lintScratch(
    Object.fromEntries(Object.entries(sources).map(([file, source]) => [file, `${source}\n`])),
    ['src', 'server', 'contract', 'tests'],
  );
});

describe('no API path by hand (.oxlintrc.json)', () => {
  it.each(Object.keys(refused))('fails lint on %s', (file) => {
    const found = (byFile.get(file) ?? []).filter((d) => d.code === RULE);
    expect(found, `nothing reported for ${file}`).toHaveLength(1);
    expect(found[0].message).toMatch(refused[file].says);
    expect(found[0].message).toContain('docs/architecture.md');
  });

  it.each(Object.keys(allowed))('leaves %s alone', (file) => {
    expect((byFile.get(file) ?? []).filter((d) => d.code === RULE)).toEqual([]);
  });
});
