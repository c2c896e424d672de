// PGlite has no autovacuum (it is one backend in this process, with no background workers), so
// nothing ever made the space of dead row versions reusable: a write that changed a counter row
// many times in one transaction (a member's account deleted with its votes, the benchmark's
// clean-up) grew the table for good, and every later write that found no free space grew it
// again. The counter tables are read whole by the feed's totals and the peptide lists
// (docs/performance.md, "Peptide counters in their own rows"), so their size is read time.
// PostgreSQL's autovacuum does this by itself; on PGlite the server runs it.

/**
 * Small tables rewritten by the triggers of nearly every write (001_init.sql, 008, 016, 035), and the
 * publication queue, whose partitions each write to it rewrites (028_backups_without_order.sql),
 * and the peptides' shares, whose rows a batch replaces where they are recomputed (029): their
 * vacuum takes milliseconds whatever the number of reports. The big tables (reports, votes) are
 * left out: a vacuum of them would hold PGlite's one connection for seconds at a million reports.
 */
export const COUNTER_TABLES = [
  'peptide_counters',
  'peptide_outcomes',
  'peptide_outcome_ratings',
  'peptide_reported_effects',
  'experience_daily',
  'demographic_cells',
  'publication_queue',
  'reporter_basis',
  'reporter_shares',
] as const;

/**
 * The statement that vacuums the counter tables: 9 ms on PGlite at 100,000 reports (the first run
 * on a bloated database, 300 ms; at a million, 127 ms the first time, then under 1 ms). Without
 * ANALYZE, which cost 40 ms more every time; the planner needs no fresh statistics to read a table
 * by its primary key.
 */
export const VACUUM_COUNTERS_SQL = `vacuum ${COUNTER_TABLES.join(', ')}`;

/** How often PGlite's counter tables are vacuumed, when anything was written since the last time. */
export const HOUSEKEEPING_INTERVAL_MS = 60_000;

/**
 * Calls `vacuum` every `intervalMs` when `wroteSince()` says something was written since the last
 * call; the timer never keeps the process alive. Returns the function that stops it.
 */
export function scheduleHousekeeping(
  vacuum: () => Promise<void>,
  intervalMs = HOUSEKEEPING_INTERVAL_MS,
): { markWrite(): void; stop(): void } {
  let wrote = false;
  let running = false;
  const timer = setInterval(() => {
    if (!wrote || running) return;
    wrote = false;
    running = true;
    vacuum()
      .catch(() => {
        // Retried at the next interval: housekeeping never fails a request.
        wrote = true;
      })
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return {
    markWrite: () => {
      wrote = true;
    },
    stop: () => clearInterval(timer),
  };
}

export interface ScrubResult {
  ms: number;
  /** False where the database refused to end the log segment and checkpoint (PostgreSQL without the rights). */
  walRemoved: boolean;
}

/**
 * What a publication batch leaves on disk of a changed or deleted report, and how it is removed
 * (docs/product-rules.md, "Publication in batches"):
 *  - the old row versions in the table's pages: VACUUM prunes them. Without index cleanup: the
 *    heap's dead versions are removed at once, and the index passes (seconds at a million
 *    reports, for every index) are left to the next ordinary vacuum; the trigram index keeps
 *    three-letter pieces of a deleted story's words until then. PostgreSQL does not zero the space
 *    it frees inside a page: the bytes stay there until a new row is written over them. Only a
 *    rewrite of the table (VACUUM FULL) removes them, which `rewritten` tables get: those small
 *    enough to rewrite after every batch (the queue); the reports table is not (minutes at a
 *    million reports, locked the while).
 *  - the write-ahead log, which holds every change with its commit time: `pg_switch_wal()` ends
 *    the current segment and the checkpoint after it deletes the segments before it (with
 *    `wal_recycle` off they are deleted, not renamed for reuse with their contents).
 */
export function scrubStatements(tables: readonly string[], rewritten: readonly string[] = []): string[] {
  return [
    `vacuum (index_cleanup off) ${tables.join(', ')}`,
    ...(rewritten.length ? [`vacuum full ${rewritten.join(', ')}`] : []),
    'select pg_switch_wal()',
    'checkpoint',
  ];
}

/** Set on PGlite's session when it opens: segments the checkpoint no longer needs are deleted, never kept for reuse. */
export const WAL_SETTINGS_SQL = 'set wal_recycle = off; set wal_init_zero = on';
