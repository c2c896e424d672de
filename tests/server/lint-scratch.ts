// Lints probe files with the repository's own lint config: writes them to a temporary tree
// shaped like the repository, beside a copy of .oxlintrc.json, tsconfig.json and every JS plugin
// the config loads, runs oxlint there and answers each file's diagnostics. The tests of the lint
// rules (lint-walls, lint-one-clock, lint-api-paths) share it, so a rule added to the config is
// loaded by all of them.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';

const root = resolve(import.meta.dirname, '../..');
const oxlint = join(root, 'node_modules/.bin/oxlint');

export interface Diagnostic {
  code: string;
  message: string;
  severity: string;
  filename: string;
}

/** Each probe file's diagnostics, by its path in the scratch tree (`src/x.ts`). */
export async function lintScratch(
  sources: Record<string, string>,
  folders: string[],
): Promise<Map<string, Diagnostic[]>> {
  const dir = mkdtempSync(join(tmpdir(), 'lint-scratch-'));
  try {
    for (const file of ['.oxlintrc.json', 'tsconfig.json']) cpSync(join(root, file), join(dir, file));
    const config = JSON.parse(readFileSync(join(root, '.oxlintrc.json'), 'utf8')) as { jsPlugins?: string[] };
    for (const plugin of config.jsPlugins ?? []) {
      mkdirSync(dirname(join(dir, plugin)), { recursive: true });
      cpSync(join(root, plugin), join(dir, plugin));
    }
    for (const [file, source] of Object.entries(sources)) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), source);
    }
    let stdout: string;
    try {
      ({ stdout } = await promisify(execFile)(oxlint, ['-c', '.oxlintrc.json', '--format', 'json', ...folders], {
        cwd: dir,
      }));
    } catch (error) {
      // Exit code 1 when errors were found: the report is still on stdout.
      stdout = (error as { stdout: string }).stdout;
    }
    const byFile = new Map<string, Diagnostic[]>();
    for (const d of (JSON.parse(stdout) as { diagnostics: Diagnostic[] }).diagnostics)
      byFile.set(d.filename, [...(byFile.get(d.filename) ?? []), d]);
    return byFile;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
