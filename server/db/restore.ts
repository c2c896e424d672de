// Loads a backup (db/backup.ts: pg_dump's plain format, from PGlite or PostgreSQL) into an
// empty database of either kind, in one transaction: a file that fails part-way leaves the
// target as it was. Not psql: the file is read line by line, the SQL between the data sections
// runs as it stands, and each `COPY ... FROM stdin;` section streams its rows (PostgreSQL:
// pg-copy-streams; PGlite: COPY from '/dev/blob', a few megabytes at a time).
import fs from 'node:fs';
import readline from 'node:readline';
import type { PGlite } from '@electric-sql/pglite';
import type { Client } from 'pg';
import { DUMP_COMPLETE } from './backup';

/** Where a backup is loaded: PostgreSQL (a pg Client) or PGlite. */
export interface RestoreTarget {
  /** Statements as they stand, several at once (simple query protocol). */
  exec(sql: string): Promise<void>;
  /** The settings this server knows (a dump from a newer pg_dump may SET one it does not). */
  settings(): Promise<Set<string>>;
  /** A `COPY ... FROM stdin` section: its rows, one line at a time. */
  copy(statement: string): { write(line: string): Promise<void>; end(): Promise<void> };
}

/** Rows of a PGlite COPY buffered before they are sent (PGlite takes a whole Blob at a time). */
const PGLITE_COPY_BYTES = 4 * 1024 * 1024;

export function pgliteTarget(pg: PGlite): RestoreTarget {
  return {
    exec: async (sql) => void (await pg.exec(sql)),
    settings: async () =>
      new Set((await pg.query<{ name: string }>('select name from pg_settings')).rows.map((r) => r.name)),
    copy(statement) {
      const fromBlob = statement.replace(/FROM stdin;$/, `FROM '/dev/blob'`);
      let chunk: string[] = [];
      let bytes = 0;
      const flush = async () => {
        if (!chunk.length) return;
        const blob = new Blob(chunk);
        chunk = [];
        bytes = 0;
        await pg.query(fromBlob, [], { blob });
      };
      return {
        async write(line) {
          chunk.push(line);
          bytes += line.length;
          if (bytes >= PGLITE_COPY_BYTES) await flush();
        },
        end: flush,
      };
    },
  };
}

export async function postgresTarget(client: Client): Promise<RestoreTarget> {
  const { from } = await import('pg-copy-streams');
  return {
    exec: async (sql) => void (await client.query(sql)),
    settings: async () =>
      new Set((await client.query<{ name: string }>('select name from pg_settings')).rows.map((r) => r.name)),
    copy(statement) {
      const stream = client.query(from(statement));
      const failed = new Promise<never>((_, reject) => stream.once('error', reject));
      failed.catch(() => {});
      return {
        async write(line) {
          if (!stream.write(line)) await Promise.race([new Promise((r) => stream.once('drain', r)), failed]);
        },
        async end() {
          const finished = new Promise((r) => stream.once('finish', r));
          stream.end();
          await Promise.race([finished, failed]);
        },
      };
    },
  };
}

/** Whether `file` ends as pg_dump ends a whole dump (a copy cut short does not). */
export function isCompleteBackup(file: string): boolean {
  const size = fs.statSync(file).size;
  const fd = fs.openSync(file, 'r');
  try {
    // pg_dump's closing comment, then at most psql's \unrestrict line.
    const tail = Buffer.alloc(Math.min(size, 512));
    fs.readSync(fd, tail, 0, tail.length, size - tail.length);
    return tail.toString('utf8').includes(DUMP_COMPLETE);
  } finally {
    fs.closeSync(fd);
  }
}

const COPY_START = /^COPY .+ FROM stdin;$/;
const SETTING = /^SET ([a-z_][a-z0-9_.]*) = .*;$/;
/** psql's \restrict and \unrestrict (pg_dump since 15.14): they guard psql, which this is not. */
const PSQL_GUARD = /^\\(un)?restrict\b/;

export interface RestoreSummary {
  tables: number;
  rows: number;
}

/** Loads `file` through `target` in one transaction (a failure rolls it all back). */
export async function restoreFile(file: string, target: RestoreTarget): Promise<RestoreSummary> {
  const known = await target.settings();
  let sql: string[] = [];
  let copy: ReturnType<RestoreTarget['copy']> | null = null;
  const summary: RestoreSummary = { tables: 0, rows: 0 };
  const flush = async () => {
    const text = sql.join('\n');
    sql = [];
    if (text.trim()) await target.exec(text);
  };
  await target.exec('begin');
  // Opened right before the loop: lines read while an await comes between would be lost.
  const lines = readline.createInterface({
    input: fs.createReadStream(file, { encoding: 'utf8' }),
    crlfDelay: Infinity,
  });
  try {
    for await (const line of lines) {
      if (copy) {
        if (line === '\\.') {
          await copy.end();
          copy = null;
        } else {
          await copy.write(`${line}\n`);
          summary.rows++;
        }
        continue;
      }
      if (PSQL_GUARD.test(line)) continue;
      if (line.startsWith('\\'))
        throw new Error(`The backup has a psql command this restore does not run: ${line.slice(0, 40)}`);
      if (COPY_START.test(line)) {
        await flush();
        copy = target.copy(line);
        summary.tables++;
        continue;
      }
      // A setting of a newer server (a dump of PGlite's PostgreSQL 17 into PostgreSQL 15).
      const setting = SETTING.exec(line);
      if (setting && !known.has(setting[1])) continue;
      sql.push(line);
    }
    if (copy) throw new Error('The backup ends inside a table’s rows: it was cut short');
    await flush();
    await target.exec('commit');
  } catch (err) {
    await target.exec('rollback').catch(() => {});
    throw err;
  } finally {
    lines.close();
  }
  return summary;
}
