// A running server on the embedded database holds its data folder (PGlite is one process), so
// `npm run backup` asks that server for the dump over a Unix socket in the folder: whoever can
// connect to it could read the folder's files anyway (it is the owner's alone, mode 0600).
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Db } from './client';

export const backupSocketPath = (dataDir: string) => path.join(dataDir, 'backup.sock');

const MAX_SOCKET_PATH = 100;

/** The line a failed dump ends with instead of pg_dump's closing comment. */
export const BACKUP_FAILED = '-- The backup failed:';

/** Serves a dump of `db` to each connection on the data folder's socket; the function that stops it. */
export async function serveBackups(
  dataDir: string,
  db: Db,
  log: (message: string) => void,
): Promise<() => Promise<void>> {
  const socketPath = backupSocketPath(dataDir);
  // Longer paths are cut short by the system (108 bytes on Linux, 104 on macOS), silently.
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH)
    throw new Error(`the folder's path is too long for its socket (${MAX_SOCKET_PATH} bytes at most)`);
  // A socket file left by a server that was killed: this process holds the folder's lock now.
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    const write = (text: string) =>
      new Promise<void>((resolve, reject) => {
        if (socket.destroyed) return reject(new Error('the backup command went away'));
        socket.write(text, (err) => (err ? reject(err) : resolve()));
      });
    const began = Date.now();
    db.backup!(write)
      .then((done) => {
        log(
          `Backup written for npm run backup: ${done.tables} tables, ${done.rows} rows in ${((Date.now() - began) / 1000).toFixed(1)} s`,
        );
        socket.end();
      })
      .catch((err: Error) => {
        log(`Backup for npm run backup failed: ${err.message}`);
        socket.end(`\n${BACKUP_FAILED} ${err.message}\n`);
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      fs.rmSync(socketPath, { force: true });
    });
}

/**
 * Asks the server running on `dataDir` for a dump, written to `out`; false when no server listens
 * there (the folder can then be opened directly).
 */
export function requestBackup(dataDir: string, out: NodeJS.WritableStream): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(backupSocketPath(dataDir));
    let connected = false;
    socket.once('connect', () => {
      connected = true;
      socket.pipe(out, { end: false });
    });
    socket.once('end', () => resolve(true));
    socket.once('error', (err: NodeJS.ErrnoException) => {
      // Nobody listens (or cannot, a path too long): the folder's lock then says whether a server runs.
      if (!connected) resolve(false);
      else reject(new Error(`the running server stopped sending the backup (${err.code ?? err.message})`));
    });
  });
}
