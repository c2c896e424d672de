// PGlite has no autovacuum (it is one backend in this process, with no background workers), so
// nothing ever made the space of dead row versions reusable: a write that changed a counter row
// many times in one transaction (a member's account deleted with its votes, the benchmark's
// clean-up) grew the table for good, and every later write that found no free space grew it
// again. The counter tables are read whole by the feed's totals and the peptide lists
// (docs/performance.md, "Peptide counters in their own rows"), so their size is read time.
// PostgreSQL's autovacuum does this by itself; on PGlite the server runs it.

/**
 * Small tables rewritten by the triggers of nearly every write (001_init.sql, 008, 014, 016): their
 * vacuum takes milliseconds whatever the number of reports. The big tables (reports, votes) are
 * left out: a vacuum of them would hold PGlite's one connection for seconds at a million reports.
 */
export const COUNTER_TABLES = [
  'peptide_counters',
  'peptide_outcomes',
  'peptide_reported_effects',
  'experience_daily',
  'experience_group_counts',
  'demographic_cells',
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
export function scheduleHousekeeping(vacuum: () => Promise<void>, intervalMs = HOUSEKEEPING_INTERVAL_MS): { markWrite(): void; stop(): void } {
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
