// The data folder is readable only by the user running the server (docs/operations.md, "The data
// folder"): folders 0700, files 0600, as PostgreSQL demands of its own data folder. Two things
// make it so. The process's umask (restrictNewFiles) covers what Node creates: the folder itself,
// PGlite's folders, the lock file, the mail outbox, the backup socket. PGlite sets its files'
// modes itself, past the umask (Emscripten's file system chmods each file it creates): a new
// database's ~970 files are unpacked 0666, and two catalogue caches are rewritten 0644 at every
// open. So tightenDataDir runs before the database opens (an existing folder, with a log line)
// and again right after PGlite has opened it (db/pglite.ts), before anything secret is written.
import fs from 'node:fs';
import path from 'node:path';

/** Permission bits only the owner may have on anything in the data folder. */
const OTHERS = 0o077;

/** Files and folders this process creates from now on are its user's alone. */
export function restrictNewFiles(): void {
  process.umask(OTHERS);
}

export interface Tightened {
  /** The folder itself was open to others (what was inside it could be reached). */
  root: boolean;
  /** Folders that were open to others and are the owner's alone now. */
  folders: number;
  /** Files (and sockets) likewise. */
  files: number;
  /** Entries whose mode could not be changed (they belong to another user). */
  refused: number;
}

/**
 * Takes the group's and others' permissions off `dir` and everything in it. A symbolic link
 * inside is never followed (neither it nor what it points to changes); `dir` itself may be one.
 * A folder that does not exist yet is left to be created (under restrictNewFiles). Throws, with a
 * sentence, when `dir` itself stays open to others: its owner is another user.
 */
export function tightenDataDir(dir: string): Tightened {
  const done: Tightened = { root: false, folders: 0, files: 0, refused: 0 };
  let root: fs.Stats;
  try {
    root = fs.statSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return done;
    throw err;
  }
  if (!root.isDirectory()) throw new Error(`${dir} (DATA_DIR) is not a folder`);
  if (root.mode & OTHERS) {
    try {
      fs.chmodSync(dir, root.mode & 0o7700 & ~OTHERS);
      done.root = true;
      done.folders++;
    } catch (err) {
      throw new Error(
        `${dir} (DATA_DIR) is open to other users (mode ${(root.mode & 0o777).toString(8).padStart(4, '0')}) and this user cannot change that ` +
          `(${(err as NodeJS.ErrnoException).code}): give the folder to the user running the server, or set DATA_DIR to a folder of its own`,
        { cause: err },
      );
    }
  }
  const walk = (folder: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(folder, { withFileTypes: true });
    } catch {
      done.refused++;
      return;
    }
    for (const entry of entries) {
      if (entry.isSymbolicLink()) continue;
      const at = path.join(folder, entry.name);
      let stat: fs.Stats;
      try {
        stat = fs.lstatSync(at);
      } catch {
        continue; // Gone meanwhile (a file PGlite renamed).
      }
      if (stat.isSymbolicLink()) continue;
      if (stat.mode & OTHERS) {
        try {
          fs.chmodSync(at, stat.mode & 0o7700 & ~OTHERS);
          if (stat.isDirectory()) done.folders++;
          else done.files++;
        } catch {
          done.refused++;
        }
      }
      if (stat.isDirectory()) walk(at);
    }
  };
  walk(dir);
  return done;
}

/** The start's log line about what tightenDataDir changed; null when the folder was closed already. */
export function describeTightened(dir: string, done: Tightened): string | null {
  if (!done.folders && !done.files && !done.refused) return null;
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const what = done.root
    ? `DATA_DIR ${dir} was open to other users`
    : `DATA_DIR ${dir} held entries open to other users (out of their reach: the folder itself was closed)`;
  const changed =
    done.folders || done.files
      ? `; closed to them now: ${count(done.folders, 'folder', 'folders')} (0700) and ${count(done.files, 'file', 'files')} (0600)`
      : '';
  const refused = done.refused ? `; ${done.refused} could not be changed (another user's: change them by hand)` : '';
  return `${what}${changed}${refused}`;
}
