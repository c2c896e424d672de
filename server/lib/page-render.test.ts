// /community rendered with its reports (page-render.ts): the data block cannot be broken out of,
// the page is rendered once per change of the public data (not per request), and anything failing
// leaves the page without data rather than an error.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PAGE_QUERY_STATE_ID, PRERENDER_BUNDLE_FILE } from '../../contract/page-render';
import { ReadCache } from './cache';
import { RENDERED_TTL_MS, jsonForHtml, pageRenderer } from './page-render';
import type { SpaIndex } from './spa-preload';

describe('jsonForHtml', () => {
  it('keeps a story that closes the block, opens a comment or holds line separators inside it', () => {
    const value = { story: '</script><script>alert(1)</script><!-- \u2028\u2029 </SCRIPT >', n: 1 };
    const text = jsonForHtml(value);
    expect(text).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A build folder whose pre-render bundle renders the API's answer as text and counts its renders. */
function buildWith(bundle: string | null): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-render-'));
  dirs.push(dir);
  if (bundle !== null) {
    const file = path.join(dir, PRERENDER_BUNDLE_FILE);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bundle);
  }
  return dir;
}

/** A bundle that renders the API's answer as text (the real one: src/prerender.tsx). */
const BUNDLE = `
export const communityWithData = {
  path: '/community',
  api: '/api/experiences?limit=20',
  async render(body) {
    return { html: '<main>' + body.first + '</main>', title: 'Community', state: { first: body.first } };
  },
};`;

const spaIndex = { withPage: (_path: string, page: { html: string }, bodyEnd = '') => `<div id="root">${page.html}</div>${bodyEnd}` } as unknown as SpaIndex;
const silent = { warn: () => undefined } as never;

describe('pageRenderer', () => {
  it('renders in a worker once per version of the public data, again after a change or RENDERED_TTL_MS, with the answer in a data block', async () => {
    const cache = new ReadCache();
    let clock = 1_000;
    let first = 'Story one';
    const asked: string[] = [];
    const renderer = pageRenderer(buildWith(BUNDLE), {
      spaIndex,
      cache,
      log: silent,
      now: () => clock,
      get: async (url) => {
        asked.push(url);
        return { statusCode: 200, body: JSON.stringify({ first }) };
      },
    });
    const html = (await renderer!.page())!.identity.toString();
    expect(asked).toEqual(['/api/experiences?limit=20']);
    expect(html).toBe(`<div id="root"><main>Story one</main></div><script type="application/json" id="${PAGE_QUERY_STATE_ID}">{"first":"Story one"}</script>`);

    // Requests meanwhile share the page: no render per request.
    await Promise.all([renderer!.page(), renderer!.page(), renderer!.page()]);
    expect(asked).toHaveLength(1);

    first = 'Story two </script><script>alert(1)</script>';
    cache.invalidate(); // a batch
    const changed = (await renderer!.page())!.identity.toString();
    expect(asked).toHaveLength(2);
    expect(changed).toContain('{"first":"Story two \\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}</script>');

    clock += RENDERED_TTL_MS;
    await renderer!.page();
    expect(asked).toHaveLength(3);
  });

  it('answers null (the page goes out without data) when the API fails, the bundle is not the app\'s, or the build kept none', async () => {
    const cache = new ReadCache();
    const failing = pageRenderer(buildWith(BUNDLE), { spaIndex, cache, log: silent, get: async () => ({ statusCode: 503, body: '{"success":false}' }) });
    expect(await failing!.page()).toBeNull();
    const get = async () => ({ statusCode: 200, body: '{}' });
    expect(await pageRenderer(buildWith('export const other = 1;'), { spaIndex, cache, log: silent, get })!.page()).toBeNull();
    expect(pageRenderer(buildWith(null), { spaIndex, cache, log: silent, get })).toBeNull();
  });
});
