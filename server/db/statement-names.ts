// Names of prepared statements, shared by PostgreSQL's pool (db/postgres.ts) and PGlite's fast
// path (db/pglite-fast-path.ts).

/**
 * Prepared statements kept per Db: at most this many distinct texts (beyond it a query runs
 * unnamed, as before), so a caller that built texts without bound could not fill memory.
 */
export const MAX_PREPARED = 200;

/** One name per distinct SQL text, the same on every connection (a name never changes text). */
export function statementNames(): (sql: string) => string | null {
  const names = new Map<string, string>();
  return (sql) => {
    let name = names.get(sql);
    if (name) return name;
    if (names.size >= MAX_PREPARED) return null;
    name = `app_${names.size + 1}`;
    names.set(sql, name);
    return name;
  };
}
