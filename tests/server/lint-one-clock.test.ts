// One clock (scripts/lint-one-clock.mjs, run by `npm run lint` with .oxlintrc-clock.json): in
// server/services/ and server/plugins/ a bare `new Date()` or `Date.now` fails lint, while a time
// converted (`new Date(ms)`), a duration (performance.now()) and the context's clock pass, as do
// files outside those folders and the unit tests beside the code. Runs oxlint with the
// repository's config on probe files in a temporary tree shaped like the repository.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const oxlint = join(root, 'node_modules/.bin/oxlint');
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

let dir: string;
let byFile: Map<string, { code: string; message: string }[]>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lint-one-clock-'));
  cpSync(join(root, '.oxlintrc-clock.json'), join(dir, '.oxlintrc-clock.json'));
  mkdirSync(join(dir, 'scripts'));
  cpSync(join(root, 'scripts/lint-one-clock.mjs'), join(dir, 'scripts/lint-one-clock.mjs'));
  const sources = { ...Object.fromEntries(Object.entries(refused).map(([f, { source }]) => [f, source])), ...allowed };
  for (const [file, source] of Object.entries(sources)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), `${source}\n`);
  }
  let stdout: string;
  try {
    ({ stdout } = await promisify(execFile)(oxlint, ['-c', '.oxlintrc-clock.json', '--format', 'json', 'server'], {
      cwd: dir,
    }));
  } catch (error) {
    // Exit code 1 when errors were found: the report is still on stdout.
    stdout = (error as { stdout: string }).stdout;
  }
  byFile = new Map();
  for (const d of (JSON.parse(stdout) as { diagnostics: { code: string; message: string; filename: string }[] })
    .diagnostics)
    byFile.set(d.filename, [...(byFile.get(d.filename) ?? []), d]);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('one clock in services and plugins', () => {
  it.each(Object.keys(refused))('fails lint on the other clock in %s, naming ctx.clock', (file) => {
    const found = (byFile.get(file) ?? []).filter((d) => d.code === RULE);
    expect(found).toHaveLength(refused[file].count);
    for (const d of found) expect(d.message).toMatch(/ctx\.clock/);
  });

  it.each(Object.keys(allowed))('lets %s pass', (file) => {
    expect(byFile.get(file) ?? []).toEqual([]);
  });
});
