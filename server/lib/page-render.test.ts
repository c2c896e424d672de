// The pages rendered with their data (page-render.ts): the data block cannot be broken out of,
// the page is rendered once per change of the public data (not per request), and anything failing
// leaves the page without data rather than an error.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { PAGE_QUERY_STATE_ID, PRERENDER_BUNDLE_FILE } from '../../contract/page-render';
import { ReadCache } from './cache';
import { type ApiGet, RENDERED_TTL_MS, jsonForHtml, pageRenderer, pathWithData } from './page-render';
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

/** A bundle that renders the API's answers as text (the real one: src/prerender.tsx). */
const BUNDLE = `
const page = (path, api) => ({
  path,
  api,
  async render(bodies) {
    return { html: '<main>' + bodies.map((body) => body.first).join(' + ') + '</main>', title: path, state: { first: bodies.map((body) => body.first) } };
  },
});
export const PAGES_WITH_DATA = [page('/community', ['/api/experiences?limit=20']), page('/', ['/api/analytics/public', '/api/peptides?limit=6'])];`;

const spaIndex = {
  withPage: (_path: string, page: { html: string }, bodyEnd = '') => `<div id="root">${page.html}</div>${bodyEnd}`,
} as unknown as SpaIndex;
const silent = { warn: () => undefined } as never;

/** A renderer of a build with BUNDLE, asking the API through `get`. */
const rendererWith = (get: ApiGet, now?: () => number, cache = new ReadCache()) =>
  pageRenderer(buildWith(BUNDLE), { spaIndex, cache, log: silent, get, now })!;

describe('pageRenderer', () => {
  it('renders in a worker once per version of the public data, again after a change or RENDERED_TTL_MS, with the answer in a data block', async () => {
    const cache = new ReadCache();
    let clock = 1_000;
    let first = 'Story one';
    const asked: string[] = [];
    const renderer = rendererWith(
      async (url) => {
        asked.push(url);
        return { statusCode: 200, body: JSON.stringify({ first }) };
      },
      () => clock,
      cache,
    );
    const html = (await renderer.page('/community'))!.identity.toString();
    expect(asked).toEqual(['/api/experiences?limit=20']);
    expect(html).toBe(
      `<div id="root"><main>Story one</main></div><script type="application/json" id="${PAGE_QUERY_STATE_ID}">{"first":["Story one"]}</script>`,
    );

    // Requests meanwhile share the page: no render per request.
    await Promise.all([renderer.page('/community'), renderer.page('/community'), renderer.page('/community')]);
    expect(asked).toHaveLength(1);

    first = 'Story two </script><script>alert(1)</script>';
    cache.invalidate(); // a batch
    const changed = (await renderer.page('/community'))!.identity.toString();
    expect(asked).toHaveLength(2);
    expect(changed).toContain('{"first":["Story two \\u003c/script>\\u003cscript>alert(1)\\u003c/script>"]}</script>');

    clock += RENDERED_TTL_MS;
    await renderer.page('/community');
    expect(asked).toHaveLength(3);
  });

  it('renders each page with all of its answers, in order, kept apart from the other pages', async () => {
    const asked: string[] = [];
    const renderer = rendererWith(async (url) => {
      asked.push(url);
      return { statusCode: 200, body: JSON.stringify({ first: url }) };
    });
    const [home, community] = await Promise.all([renderer.page('/'), renderer.page('/community')]);
    expect(home!.identity.toString()).toContain('<main>/api/analytics/public + /api/peptides?limit=6</main>');
    expect(community!.identity.toString()).toContain('<main>/api/experiences?limit=20</main>');
    expect(asked.sort()).toEqual(['/api/analytics/public', '/api/experiences?limit=20', '/api/peptides?limit=6']);
    // Each page is kept on its own: asking again renders neither.
    await Promise.all([renderer.page('/'), renderer.page('/community')]);
    expect(asked).toHaveLength(3);
  });

  it('shares a render under way however often the data moves meanwhile: one render per page at a time, the next after it', async () => {
    const cache = new ReadCache();
    const asked: string[] = [];
    let answer: (() => void) | undefined;
    const renderer = rendererWith(
      async (url) => {
        asked.push(url);
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return { statusCode: 200, body: JSON.stringify({ first: `render ${asked.length}` }) };
      },
      undefined,
      cache,
    );
    const first = renderer.page('/community');
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    // A hundred changes of the data (votes, say), each followed by a request, while it renders.
    const meanwhile = Array.from({ length: 100 }, () => {
      cache.invalidate();
      return renderer.page('/community');
    });
    answer!();
    const pages = await Promise.all([first, ...meanwhile]);
    expect(new Set(pages.map((page) => page!.identity.toString())).size).toBe(1);
    expect(asked).toHaveLength(1);
    // The data moved while it rendered: the next request renders again, once.
    const next = renderer.page('/community');
    const alsoNext = renderer.page('/community');
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    answer!();
    expect((await next)!.identity.toString()).toContain('render 2');
    expect(await alsoNext).toBe(await next);
  });

  it("answers null (the page goes out without data) when an answer fails, the bundle lacks the page or is not the app's, or the build kept none", async () => {
    const cache = new ReadCache();
    // One of Home's two answers failing is enough: a page half with data would not match the app.
    const failing = rendererWith(async (url) =>
      url.startsWith('/api/peptides')
        ? { statusCode: 503, body: '{"success":false}' }
        : { statusCode: 200, body: '{"first":"x"}' },
    );
    expect(await failing.page('/')).toBeNull();
    const get = async () => ({ statusCode: 200, body: '{"first":"x"}' });
    expect(await rendererWith(get).page('/peptides')).toBeNull();
    expect(
      await pageRenderer(buildWith('export const other = 1;'), { spaIndex, cache, log: silent, get })!.page(
        '/community',
      ),
    ).toBeNull();
    expect(pageRenderer(buildWith(null), { spaIndex, cache, log: silent, get })).toBeNull();
  });

  it('renders only the paths of pages with data, with or without a trailing slash', () => {
    expect(pathWithData('/')).toBe('/');
    expect(pathWithData('/peptides/')).toBe('/peptides');
    expect(pathWithData('/community')).toBe('/community');
    expect(pathWithData('/submit')).toBeNull();
    expect(pathWithData('/peptides/abc')).toBeNull();
    expect(pathWithData('/Community')).toBeNull();
  });
});
