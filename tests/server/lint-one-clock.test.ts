// One clock (scripts/lint-one-clock.mjs, loaded by .oxlintrc.json): in
// server/services/ and server/plugins/ a bare `new Date()` or `Date.now` fails lint, while a time
// converted (`new Date(ms)`), a duration (performance.now()) and the context's clock pass, as do
// files outside those folders and the unit tests beside the code. Runs oxlint with the
// repository's config on probe files in a temporary tree shaped like the repository.
import { beforeAll, describe, expect, it } from 'vitest';
import { lintScratch, type Diagnostic } from './lint-scratch';

const RULE = 'clock(one-clock)';

/** Each probe with the number of times it reaches for another clock. */
const refused: Record<string, { source: string; count: number }> = {
  'server/services/probe-new-date.ts': { source: 'export const at = () => new Date();', count: 1 },
  'server/services/publication/probe-date-now.ts': { source: 'export const ms = () => Date.now();', count: 1 },
  'server/plugins/probe-default.ts': {
    source: 'export function since(now = new Date()) {\n  return now;\n}',
    count: 1,
  },
  'server/plugins/probe-passed-along.ts': { source: 'export const source: () => number = Date.now;', count: 1 },
  'server/services/probe-computed.ts': {
    source: "export const both = () => [Date['now'](), new Date().getTime()];",
    count: 2,
  },
};

const allowed: Record<string, string> = {
  'server/services/probe-good.ts': [
    'export const day = (ms: number) => new Date(ms);',
    "export const parsed = new Date('2026-01-05T00:00:00Z');",
    'export const took = (started: number) => performance.now() - started;',
    'export const now = (ctx: { clock: { now(): Date } }) => ctx.clock.now();',
  ].join('\n'),
  'server/lib/probe-outside.ts': 'export const ms = () => Date.now();\nexport const at = () => new Date();',
  'server/services/probe.test.ts': 'export const at = () => new Date();\nexport const ms = Date.now();',
};

let byFile: Map<string, Diagnostic[]>;

beforeAll(async () => {
  const sources = { ...Object.fromEntries(Object.entries(refused).map(([f, { source }]) => [f, source])), ...allowed };
  byFile = await lintScratch(
    Object.fromEntries(Object.entries(sources).map(([file, source]) => [file, `${source}\n`])),
    ['server'],
  );
});

describe('one clock in services and plugins', () => {
  it.each(Object.keys(refused))('fails lint on the other clock in %s, naming ctx.clock', (file) => {
    const found = (byFile.get(file) ?? []).filter((d) => d.code === RULE);
    expect(found).toHaveLength(refused[file].count);
    for (const d of found) expect(d.message).toMatch(/ctx\.clock/);
  });

  it.each(Object.keys(allowed))('lets %s pass', (file) => {
    expect((byFile.get(file) ?? []).filter((d) => d.code === RULE)).toEqual([]);
  });
});
