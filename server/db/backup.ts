// Backups as one plain SQL file in pg_dump's format, from either database, loaded by restore.ts
// into either (README, "Backup and restore"; "Moving to PostgreSQL"). A backup is a logical dump:
// the live rows only, never the pages, the free space or the write-ahead log that the data folder
// also keeps (docs/product-rules.md, "Publication in batches").
//
// PostgreSQL: the `pg_dump` installed with PostgreSQL's client tools.
// PGlite: pg_dump compiled to WebAssembly (@electric-sql/pglite-tools) writes the schema (before
// and after the data, as pg_dump does), and the rows are copied here table by table, a few
// megabytes at a time, with COPY ... TO '/dev/blob' (PGlite's own means). Not pglite-tools for the
// rows too: it holds the whole dump as one string (about 2.8 kB a report here, so a JavaScript
// string's limit is reached near 180,000 reports) and blocks the event loop for the whole dump;
// in chunks, a running server answers between them. PGlite is one session: the caller holds it
// for the whole dump (Db.backup, db/client.ts), so every chunk reads the same data.
//
// Neither dump holds the rate limiter's counters (their table is restored empty), and both list
// the publication queue in its physical order, which says nothing of the order of arrival
// (db/queue-lock.ts). docs/product-rules.md, "Publication in batches".
import type { PGlite } from '@electric-sql/pglite';
import { WAL_SETTINGS_SQL } from './housekeeping';

/** pg_dump's last comment: a file without it was cut short (restore.ts refuses it). */
export const DUMP_COMPLETE = '-- PostgreSQL database dump complete';

/**
 * Tables dumped without their rows: the rate limiter's counters, which would say which hashed
 * address was counted in which minute. A restore starts with none, as a restart does.
 */
export const ROWS_LEFT_OUT = ['rate_limit_counters'] as const;

/**
 * Options of every dump: no owners or grants (the target's user owns what it loads), no comments
 * (COMMENT ON EXTENSION needs the extension's owner), no counters (ROWS_LEFT_OUT).
 */
export const PG_DUMP_OPTIONS = [
  '--no-owner',
  '--no-privileges',
  '--no-comments',
  ...ROWS_LEFT_OUT.map((table) => `--exclude-table-data=public.${table}`),
] as const;

/** The file's first line: what it is (and its minute: no time in a backup is finer), and that it holds every account and the server's secret. */
export function backupHeader(what: string, at = new Date()): string {
  return (
    `-- Peptide Community backup of ${what}, ${at.toISOString().slice(0, 16)}Z (npm run backup; load it with npm run restore -- <file>).\n` +
    '-- It holds every account (emails, password hashes) and the secret the server keeps in the database: keep it as safe as the database.\n'
  );
}

export interface BackupSummary {
  tables: number;
  rows: number;
}

/** Pages of a table copied in one COPY: a few megabytes of rows, then the event loop turns. */
const PAGES_PER_CHUNK = 500;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Writes the database as pg_dump's plain format through `write`. The caller holds PGlite's one
 * session for the whole dump, nothing else may run on it meanwhile.
 */
export async function dumpPglite(pg: PGlite, write: (text: string) => Promise<void>): Promise<BackupSummary> {
  const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
  const schema = async (section: 'pre-data' | 'post-data') => {
    try {
      const file = await pgDump({ pg, args: [`--section=${section}`, ...PG_DUMP_OPTIONS] });
      const text = await file.text();
      // The sections are one dump: its closing comment is written once, at the very end.
      const end = text.lastIndexOf(`--\n${DUMP_COMPLETE}`);
      return end >= 0 ? text.slice(0, end) : text;
    } finally {
      // pg_dump leaves this one session inside its read-only, repeatable-read transaction, with
      // its own settings (search_path empty among them): a server's next write would fail.
      await pg.exec(`rollback; reset all; ${WAL_SETTINGS_SQL}`);
    }
  };
  await write(await schema('pre-data'));

  const tables = await pg.query<{ name: string; columns: string[]; pages: number }>(
    `select c.relname as name,
            array(select a.attname from pg_attribute a
                   where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                   order by a.attnum)::text[] as columns,
            (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
      order by c.relname`,
  );
  let rows = 0;
  for (const table of tables.rows) {
    if ((ROWS_LEFT_OUT as readonly string[]).includes(table.name)) continue;
    const name = `public.${quoteIdent(table.name)}`;
    const columns = table.columns.map(quoteIdent).join(', ');
    await write(
      `\n--\n-- Data for Name: ${table.name}; Type: TABLE DATA; Schema: public; Owner: -\n--\n\nCOPY ${name} (${columns}) FROM stdin;\n`,
    );
    // By ranges of pages (a TID range scan): no sort, and each chunk's size is bounded.
    for (let from = 0; from < Math.max(table.pages, 1); from += PAGES_PER_CHUNK) {
      const res = await pg.query(
        `copy (select ${columns} from ${name} where ctid >= '(${from},0)'::tid and ctid < '(${from + PAGES_PER_CHUNK},0)'::tid) to '/dev/blob'`,
      );
      const text = res.blob ? await res.blob.text() : '';
      rows += res.affectedRows ?? 0;
      if (text) await write(text);
    }
    await write('\\.\n\n');
  }

  const sequences = await pg.query<{ name: string; value: string }>(
    `select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' and last_value is not null order by sequencename`,
  );
  for (const s of sequences.rows)
    await write(
      `SELECT pg_catalog.setval('public.${quoteIdent(s.name).replace(/'/g, "''")}', ${Number(s.value)}, true);\n`,
    );

  await write(await schema('post-data'));
  await write(`\n--\n${DUMP_COMPLETE}\n--\n\n`);
  return { tables: tables.rows.length, rows };
}

/**
 * pg_dump's arguments and environment for `databaseUrl`: the password travels in PGPASSWORD, not
 * on the command line, where other users of the machine could read it (ps).
 */
export function pgDumpInvocation(databaseUrl: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    args: ['--format=plain', ...PG_DUMP_OPTIONS, `--dbname=${url.toString()}`],
    env: password ? { PGPASSWORD: password } : {},
  };
}
