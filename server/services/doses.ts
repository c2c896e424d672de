// Doses (docs/product-rules.md, "Doses"; contract/doses.ts): the dose a report keeps, the stored
// text doses read where unambiguous, and each peptide's dose figures, computed at publication
// batches and read as they are by its page, the wizard's catalogue and the tests.
import {
  type Dose,
  type DoseFigureRow,
  type DoseFiguresAnswer,
  type DoseInput,
  computeDoseFigures,
  doseOf,
  doseText,
  readDoseText,
  usualDose,
} from '../../contract/doses';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';

/**
 * The dose columns of a report: with a dose sent as amount and unit, its text is written from it
 * ("250 mcg"), whatever text came with it; with text only, the text stays as typed and the dose is
 * what reads unambiguously from it (null otherwise: shown as written, out of the dose figures).
 */
export function doseColumns(dosage: string, given: DoseInput | undefined): { dosage: string; dose: Dose | null } {
  if (given) return { dosage: doseText(given), dose: doseOf(given) };
  const read = readDoseText(dosage);
  return { dosage, dose: read ? doseOf(read) : null };
}

const READ_CHUNK = 500;

/**
 * Reads the doses of reports stored as text only (migration 036_doses.sql marks them, and reports
 * queued before it arrive without a dose): each is read once, a chunk at a time, and what was read
 * and not is counted in migration_notes. Returns how many were looked at.
 */
export async function readStoredDoses(db: Queryable): Promise<{ read: number; unread: number }> {
  let read = 0;
  let unread = 0;
  for (;;) {
    const res = await db.query<{ id: string; dosage: string }>(
      `select id, dosage from experiences where dose_checked is not true order by id limit ${READ_CHUNK}`,
    );
    if (!res.rows.length) break;
    const rows = res.rows.map((r) => ({ id: r.id, dose: doseColumns(r.dosage, undefined).dose }));
    read += rows.filter((r) => r.dose).length;
    unread += rows.filter((r) => !r.dose).length;
    await db.query(
      `update experiences e set dose = x.dose, dose_checked = true
         from jsonb_to_recordset($1::jsonb) as x(id uuid, dose jsonb) where e.id = x.id`,
      [JSON.stringify(rows)],
    );
    if (res.rows.length < READ_CHUNK) break;
  }
  if (read + unread > 0) {
    await db.query(
      `insert into migration_notes (migration, note, n) values
         ('036_doses', 'stored doses read as an amount and a unit', $1),
         ('036_doses', 'stored doses left as written (not read unambiguously)', $2)
       on conflict (migration, note) do update set n = migration_notes.n + excluded.n`,
      [read, unread],
    );
  }
  return { read, unread };
}

interface FigureSource {
  route: string;
  frequency: string;
  duration_days: number;
  mcg: number | null;
  outcomes: Record<string, number>;
}

interface PageRanges {
  dosage_ranges: Partial<Record<'low' | 'medium' | 'high', string>>;
}

/** The figures as stored: what people take, and what is usual for the wizard's check. */
type StoredFigures = Omit<DoseFiguresAnswer, 'asOf'>;

/**
 * Recomputes the dose figures of every peptide whose published reports changed since its figures
 * were computed (the version migration 036's trigger counts), in the caller's transaction, at
 * `at` (a batch's time, or the start). One peptide at a time, so on PGlite the event loop turns
 * between them. Runs in a transaction (publishedOf's cursor); the caller empties the caches after commit.
 * Returns the peptides recomputed.
 */
export async function refreshDoseFigures(
  tx: Queryable,
  at: Date,
  { skipBusy = false }: { skipBusy?: boolean } = {},
): Promise<string[]> {
  // The rows are locked as they are read. With several processes (WORKERS=N, or nodes on one
  // PostgreSQL) a starting process skips the rows another holds (a batch that changed them
  // computes them itself), so it never waits on a batch that may wait on it; a batch waits.
  const due = await tx.query<{ peptide_id: string; version: string } & PageRanges>(
    `select f.peptide_id, f.version, p.dosage_ranges
       from peptide_dose_figures f join peptides p on p.id = f.peptide_id
      where f.computed_version is distinct from f.version
      order by f.peptide_id
        for update of f${skipBusy ? ' skip locked' : ''}`,
  );
  const day = at.toISOString().slice(0, 10);
  for (const peptide of due.rows) {
    const figures = figuresOf(await publishedOf(tx, peptide.peptide_id), peptide);
    await tx.query(
      `update peptide_dose_figures set figures = $2::jsonb, computed_version = $3, computed_on = $4 where peptide_id = $1`,
      [peptide.peptide_id, JSON.stringify(figures), peptide.version, day],
      { prepare: true },
    );
  }
  return due.rows.map((r) => r.peptide_id);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FETCH_ROWS = 5000;

/**
 * The published reports of one peptide as the figures read them, through a cursor a few thousand
 * rows at a time: on PGlite each statement holds the event loop while it runs, and a peptide may
 * have a hundred thousand reports (docs/performance.md, "Publication batches"). Needs the caller's
 * transaction. The id is inlined (a cursor's query takes no parameters) after checking its form.
 */
async function publishedOf(tx: Queryable, peptideId: string): Promise<FigureSource[]> {
  if (!UUID.test(peptideId)) throw new Error(`not a peptide id: ${peptideId}`);
  await tx.query(
    `declare dose_figure_rows no scroll cursor for
       select route, frequency, duration_days, (dose->>'mcg')::float8 as mcg, outcomes
         from experiences where peptide_id = '${peptideId}'::uuid and status = 'published'`,
  );
  const rows: FigureSource[] = [];
  for (;;) {
    const res = await tx.query<FigureSource>(`fetch ${FETCH_ROWS} from dose_figure_rows`);
    rows.push(...res.rows);
    if (res.rows.length < FETCH_ROWS) break;
  }
  await tx.query('close dose_figure_rows');
  return rows;
}

/**
 * The figures that are due, in a transaction of their own after each publication batch has
 * committed (plugins/publication-batches.ts: at start, at every grid time, hourly with
 * PUBLISH_EVERY=0), never inside one: at a million reports they read a peptide's every report,
 * which inside a batch held the batch and the reads behind it (docs/performance-log.md,
 * "7 December (night): dose figures at a million reports"). On PGlite cached reads are answered
 * between its statements meanwhile.
 */
export async function refreshDueDoseFigures(ctx: AppContext, log: (message: string) => void): Promise<void> {
  const started = performance.now();
  try {
    const done = await ctx.db.transaction((tx) => refreshDoseFigures(tx, ctx.clock.now(), { skipBusy: true }), {
      readsBetween: true,
    });
    if (!done.length) return;
    ctx.cache.invalidate();
    log(`Dose figures of ${done.length} peptides computed in ${Math.round(performance.now() - started)} ms`);
  } catch (err) {
    log(`Dose figures not computed (the next publication batch tries again): ${(err as Error).message}`);
  }
}

function figuresOf(rows: readonly FigureSource[], peptide: PageRanges): StoredFigures {
  const figureRows: DoseFigureRow[] = rows.map((r) => ({
    route: r.route,
    frequency: r.frequency,
    duration: r.duration_days,
    doseMcg: r.mcg,
    outcomes: r.outcomes,
  }));
  const figures = computeDoseFigures(figureRows);
  const ranges = Object.values(peptide.dosage_ranges ?? {}).filter((t): t is string => typeof t === 'string');
  return { ...figures, usual: usualDose(ranges, figures.perAdministration) };
}

const NO_FIGURES: StoredFigures = {
  reports: 0,
  leftOut: 0,
  perAdministration: null,
  perWeek: null,
  byRoute: [],
  frequency: null,
  duration: null,
  bands: [],
  usual: null,
};

/** One peptide's dose figures as its page gives them (GET /api/peptides/{id}, `doses`). */
export async function peptideDoseFigures(db: Queryable, peptideId: string): Promise<DoseFiguresAnswer> {
  const res = await db.query<{ figures: StoredFigures | null; as_of: string | null }>(
    `select figures, to_char(computed_on, 'YYYY-MM-DD') as as_of from peptide_dose_figures where peptide_id = $1`,
    [peptideId],
    { prepare: true },
  );
  const row = res.rows[0];
  return { ...NO_FIGURES, ...(row?.figures ?? {}), asOf: row?.figures ? row.as_of : null };
}
