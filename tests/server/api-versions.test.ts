// The API document changes only with its version (docs/api.md, "Versions"): the document served
// now, diffed against the last release's (docs/api-release/openapi.json), needs a version raised by
// at least what the diff ranks, and docs/api-changelog.md an entry for it. The ranking itself is
// tried on small documents first, so a diff that stops seeing a kind of change fails here too.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_VERSION } from '../../contract/api-version';
import { diffDocuments, levelOf, nextVersion, raisesEnough } from '../../scripts/openapi-diff.mts';
import { currentDocument } from '../../scripts/openapi-document.mts';

const root = path.resolve(import.meta.dirname, '../..');
type Json = Record<string, any>;

/** One operation, GET /api/things, whose 200 answer is `answer` and whose query takes `kind`. */
function documentWith(answer: Json, kind: Json = { type: 'string', enum: ['a', 'b'] }, body?: Json): Json {
  return {
    openapi: '3.1.0',
    info: { title: 't', version: '1.0.0' },
    components: { schemas: { Thing: answer } },
    paths: {
      '/api/things': {
        get: {
          operationId: 'things',
          parameters: [{ in: 'query', name: 'kind', required: false, schema: kind }],
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
            },
          },
        },
        ...(body && {
          post: {
            operationId: 'addThing',
            requestBody: { required: true, content: { 'application/json': { schema: body } } },
            responses: { '201': { description: 'made' } },
          },
        }),
      },
    },
  };
}
const thing = (props: Json, required = Object.keys(props)): Json => ({
  type: 'object',
  properties: props,
  required,
  additionalProperties: false,
});
const levelBetween = (before: Json, after: Json) => levelOf(diffDocuments(before, after));

describe('ranking what changed between two documents', () => {
  const base = documentWith(thing({ name: { type: 'string' }, rating: { type: 'integer', minimum: 1, maximum: 10 } }));

  it('finds nothing between a document and itself', () => {
    expect(diffDocuments(base, structuredClone(base))).toEqual([]);
  });

  it('ranks as breaking what a client of the older document meets', () => {
    const withoutName = documentWith(thing({ rating: { type: 'integer', minimum: 1, maximum: 10 } }));
    expect(levelBetween(base, withoutName)).toBe('breaking');
    const nullableRating = documentWith(
      thing({ name: { type: 'string' }, rating: { type: ['integer', 'null'], minimum: 1, maximum: 10 } }),
    );
    expect(levelBetween(base, nullableRating)).toBe('breaking');
    const optionalName = documentWith(
      thing({ name: { type: 'string' }, rating: { type: 'integer', minimum: 1, maximum: 10 } }, ['rating']),
    );
    expect(levelBetween(base, optionalName)).toBe('breaking');
    const fewerKinds = documentWith(base.components.schemas.Thing, { type: 'string', enum: ['a'] });
    expect(levelBetween(base, fewerKinds)).toBe('breaking');
    const renamed = structuredClone(base);
    renamed.paths['/api/things'].get.operationId = 'listThings';
    expect(levelBetween(base, renamed)).toBe('breaking');
    const gone = { ...base, paths: {} };
    expect(levelBetween(base, gone)).toBe('breaking');
  });

  it('ranks a request that accepts less as breaking, more as an addition', () => {
    const body = (maxLength: number, required: string[]) =>
      documentWith(base.components.schemas.Thing, undefined, thing({ note: { type: 'string', maxLength } }, required));
    expect(levelBetween(body(100, []), body(50, []))).toBe('breaking');
    expect(levelBetween(body(100, []), body(100, ['note']))).toBe('breaking');
    expect(levelBetween(body(100, []), body(200, []))).toBe('addition');
  });

  it('ranks what a client may ignore as an addition, and words as wording', () => {
    const withNote = documentWith(
      thing(
        { name: { type: 'string' }, rating: { type: 'integer', minimum: 1, maximum: 10 }, note: { type: 'string' } },
        ['name', 'rating'],
      ),
    );
    expect(levelBetween(base, withNote)).toBe('addition');
    const moreKinds = documentWith(base.components.schemas.Thing, { type: 'string', enum: ['a', 'b', 'c'] });
    expect(levelBetween(base, moreKinds)).toBe('addition');
    const described = structuredClone(base);
    described.components.schemas.Thing.properties.name.description = 'What it is called';
    expect(levelBetween(base, described)).toBe('wording');
  });

  it('needs a major raise for breaking, a minor for additions, a patch for wording', () => {
    expect(nextVersion('3.2.1', 'breaking')).toBe('4.0.0');
    expect(nextVersion('3.2.1', 'addition')).toBe('3.3.0');
    expect(nextVersion('3.2.1', 'wording')).toBe('3.2.2');
    expect(raisesEnough('3.2.1', '3.3.0', 'breaking')).toBe(false);
    expect(raisesEnough('3.2.1', '4.0.0', 'breaking')).toBe(true);
    expect(raisesEnough('3.2.1', '3.2.2', 'addition')).toBe(false);
    expect(raisesEnough('3.2.1', '4.0.0', 'addition')).toBe(true);
    expect(raisesEnough('3.2.1', '3.2.1', 'wording')).toBe(false);
    expect(raisesEnough('3.2.1', '3.2.1', null)).toBe(true);
    expect(raisesEnough('3.2.1', '3.2', 'wording')).toBe(false);
  });
});

describe('the document served now, against the last release', () => {
  let served: Json;
  const released = JSON.parse(fs.readFileSync(path.join(root, 'docs/api-release/openapi.json'), 'utf8')) as Json;
  const changelog = fs.readFileSync(path.join(root, 'docs/api-changelog.md'), 'utf8');

  // Made as `npm run api:release` makes the release's (scripts/openapi-document.mts), with the same
  // settings: the test app's (its rate limits multiplied, tests/server/helpers.ts) reword the
  // descriptions that quote the limits.
  beforeAll(async () => {
    served = await currentDocument();
  }, 120_000);

  it('says the version in contract/api-version.ts', () => {
    expect(served.info.version).toBe(API_VERSION);
  });

  it('raises the version by at least what changed since the release, with a changelog entry for it', () => {
    const changes = diffDocuments(released, served);
    const level = levelOf(changes);
    const listed = changes.slice(0, 25).map((c) => `${c.level}: ${c.where}: ${c.what}`);
    const needed = nextVersion(released.info.version, level);
    expect(
      raisesEnough(released.info.version, API_VERSION, level),
      `The document changed since ${released.info.version} (${changes.length} changes, the first:\n${listed.join('\n')}\n): contract/api-version.ts needs at least ${needed}, and docs/api-changelog.md an entry for it (npm run api:diff lists them all)`,
    ).toBe(true);
    if (changes.length) expect(changelog).toMatch(new RegExp(`^## ${API_VERSION.replace(/\./g, '\\.')} \\(`, 'm'));
  });

  it('has a changelog entry for every version, newest first', () => {
    const versions = [...changelog.matchAll(/^## (\d+\.\d+\.\d+) \(/gm)].map((m) => m[1]);
    expect(versions[0]).toBe(API_VERSION);
    expect(versions).toContain(released.info.version);
    const sortKey = (v: string) =>
      v
        .split('.')
        .map((n) => n.padStart(4, '0'))
        .join('.');
    expect([...versions].sort((a, b) => sortKey(b).localeCompare(sortKey(a)))).toEqual(versions);
  });
});
