// tightenDataDir and its log line (db/data-dir-modes.ts), on folders made here: what it changes,
// what it leaves (a symbolic link and what it points to), and the line for each case.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeTightened, tightenDataDir } from './data-dir-modes';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function scratch(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'peptide-modes-'));
  made.push(dir);
  return dir;
}
const mode = (at: string) => fs.lstatSync(at).mode & 0o7777;

describe('tightenDataDir', () => {
  it('takes the group and others off the folder and everything in it, and never follows a link', () => {
    const outside = scratch();
    const elsewhere = path.join(outside, 'not-ours.txt');
    fs.writeFileSync(elsewhere, 'x');
    fs.chmodSync(elsewhere, 0o666);
    const dir = path.join(scratch(), 'data');
    fs.mkdirSync(path.join(dir, 'pgdata', 'base'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'pgdata', 'base', 'page'), 'x');
    fs.writeFileSync(path.join(dir, 'server.lock'), '1');
    fs.symlinkSync(elsewhere, path.join(dir, 'link'));
    for (const folder of [dir, path.join(dir, 'pgdata'), path.join(dir, 'pgdata', 'base')]) fs.chmodSync(folder, 0o755);
    fs.chmodSync(path.join(dir, 'pgdata', 'base', 'page'), 0o666);
    fs.chmodSync(path.join(dir, 'server.lock'), 0o644);

    const done = tightenDataDir(dir);
    expect(done).toEqual({ root: true, folders: 3, files: 2, refused: 0 });
    expect([dir, path.join(dir, 'pgdata'), path.join(dir, 'pgdata', 'base')].map(mode)).toEqual([0o700, 0o700, 0o700]);
    expect([path.join(dir, 'pgdata', 'base', 'page'), path.join(dir, 'server.lock')].map(mode)).toEqual([0o600, 0o600]);
    expect(mode(elsewhere)).toBe(0o666);
    expect(describeTightened(dir, done)).toBe(
      `DATA_DIR ${dir} was open to other users; closed to them now: 3 folders (0700) and 2 files (0600)`,
    );

    // Closed already: nothing to change, nothing to say.
    expect(describeTightened(dir, tightenDataDir(dir))).toBeNull();
  });

  it('says when only entries inside a closed folder were open, and leaves a folder not made yet to be made', () => {
    const dir = scratch();
    fs.writeFileSync(path.join(dir, 'marker'), 'x');
    fs.chmodSync(path.join(dir, 'marker'), 0o644);
    expect(describeTightened(dir, tightenDataDir(dir))).toBe(
      `DATA_DIR ${dir} held entries open to other users (out of their reach: the folder itself was closed); closed to them now: 0 folders (0700) and 1 file (0600)`,
    );
    const missing = path.join(dir, 'not-yet');
    expect(tightenDataDir(missing)).toEqual({ root: false, folders: 0, files: 0, refused: 0 });
    expect(fs.existsSync(missing)).toBe(false);
    expect(() => tightenDataDir(path.join(dir, 'marker'))).toThrow(/is not a folder/);
  });
});
