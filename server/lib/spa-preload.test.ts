import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSpaIndex } from './spa-preload';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-preload-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

fs.mkdirSync(path.join(dir, '.vite'));
fs.writeFileSync(path.join(dir, 'index.html'), '<html><head><script type="module" src="/assets/index-1.js"></script></head><body></body></html>');
fs.writeFileSync(
  path.join(dir, '.vite/manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'] },
    '_react.js': { file: 'assets/react-1.js' },
    '_card.js': { file: 'assets/card-1.js', imports: ['_react.js'] },
    'src/features/home/HomePage.tsx': { file: 'assets/HomePage-1.js', imports: ['_card.js', '_react.js'] },
    'src/features/community/CommunityPage.tsx': { file: 'assets/CommunityPage-1.js', imports: ['_card.js'] },
    'src/api/http.ts': { file: 'assets/http-1.js' },
  }),
);

describe('index.html with the route preloaded', () => {
  const spa = loadSpaIndex(dir)!;
  const preloads = (html: string) => [...html.matchAll(/modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);

  it('announces the page chunk and its shared chunks, not what the entry loads nor the HTTP client', () => {
    expect(preloads(spa.htmlFor('/'))).toEqual(['/assets/HomePage-1.js', '/assets/card-1.js']);
    expect(preloads(spa.htmlFor('/community'))).toEqual(['/assets/CommunityPage-1.js', '/assets/card-1.js']);
  });

  it('leaves unknown paths and pages missing from the build alone', () => {
    expect(preloads(spa.htmlFor('/no/such/page'))).toEqual([]);
    expect(preloads(spa.htmlFor('/explore'))).toEqual([]);
  });
});
