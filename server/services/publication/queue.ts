// The publication queue (publication_queue, migration 019_publication_batches.sql): what authors
// and moderators change waits there for its batch, and runBatch applies a grid time's batch. A
// transaction that writes the queue holds its lock first (db/queue-lock.ts lockQueue).
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { lockQueue } from '../../db/queue-lock';
import { refreshShares } from '../reporter-shares';
import { readStoredDoses } from '../doses';
import { applyChanges, peptidesOf, type Applied } from './apply';
import { recordBatch } from './disclosure';
import { batchDecision } from './grid';
import type { Change, EditPayload, SubmissionRow } from './report-row';

/**
 * The tables whose replaced and deleted rows hold report text, scrubbed after every batch that
 * changed anything (db/housekeeping.ts scrubStatements): the reports are vacuumed, the queue
 * (small between batches) rewritten whole.
 */
export const SCRUBBED = { vacuumed: ['experiences', 'experience_public'], rewritten: ['publication_queue'] } as const;

/** Advisory lock key of a batch: with several server processes exactly one runs it. */
const BATCH_LOCK_KEY = 72_0151_9;

/** Puts a new report in the queue for batch `batchAt` and returns its public text as it will read. */
export async function queueSubmission(tx: Queryable, row: SubmissionRow, batchAt: Date): Promise<string> {
  const res = await tx.query<{ public_json: string }>(
    `insert into publication_queue (experience_id, kind, tracking_hash, payload, batch_at) values ($1, 'submit', $2, $3::jsonb, $4)
     returning experience_public_json(jsonb_populate_record(null::experiences, payload)) as public_json`,
    [row.id, row.tracking_hash, JSON.stringify(row), batchAt.toISOString()],
    { prepare: true },
  );
  return res.rows[0].public_json;
}

/** A correction of a new report still in the queue: it joins the report in the report's own batch. */
export async function correctQueuedSubmission(tx: Queryable, experienceId: string, fields: EditPayload): Promise<void> {
  await tx.query(
    `update publication_queue set payload = payload || $2::jsonb where experience_id = $1 and kind = 'submit'`,
    [experienceId, JSON.stringify(fields)],
  );
}

/**
 * An author's correction of a stored report for batch `batchAt`. It joins the author's change of
 * the report already queued, which keeps its earlier grid time.
 */
export async function queueEdit(
  tx: Queryable,
  experienceId: string,
  trackingHash: string,
  edit: EditPayload,
  batchAt: Date,
): Promise<void> {
  await tx.query(
    `insert into publication_queue (experience_id, kind, tracking_hash, payload, batch_at) values ($1, 'edit', $2, $3::jsonb, $4)
     on conflict (experience_id) where kind in ('submit', 'edit', 'delete')
     do update set payload = publication_queue.payload || excluded.payload, batch_at = least(publication_queue.batch_at, excluded.batch_at)`,
    [experienceId, trackingHash, JSON.stringify(edit), batchAt.toISOString()],
  );
}

/** A new report its author deletes before it was ever public: it just leaves the queue. */
export async function withdrawQueuedSubmission(tx: Queryable, experienceId: string): Promise<void> {
  await tx.query(`delete from publication_queue where experience_id = $1 and kind = 'submit'`, [experienceId]);
}

/**
 * An author's deletion of a stored report for batch `batchAt`; it replaces the author's change of
 * the report already queued, keeping its earlier grid time. Returns the grid time it waits for.
 */
export async function queueDeletion(
  tx: Queryable,
  experienceId: string,
  trackingHash: string,
  batchAt: Date,
): Promise<Date> {
  const queued = await tx.query<{ batch_at: Date }>(
    `insert into publication_queue (experience_id, kind, tracking_hash, payload, batch_at) values ($1, 'delete', $2, null, $3)
     on conflict (experience_id) where kind in ('submit', 'edit', 'delete')
     do update set kind = 'delete', payload = null, batch_at = least(publication_queue.batch_at, excluded.batch_at)
     returning batch_at`,
    [experienceId, trackingHash, batchAt.toISOString()],
  );
  return queued.rows[0].batch_at;
}

interface QueueRow {
  experience_id: string;
  kind: Change['kind'];
  payload: unknown;
  moderator_id: string | null;
}

/** A queue row a batch reads, with the first grid time it could have been published at. */
type DueRow = QueueRow & { batch_at: Date };

function toChange(row: QueueRow): Change {
  switch (row.kind) {
    case 'submit':
      return { kind: 'submit', experienceId: row.experience_id, payload: row.payload as SubmissionRow };
    case 'edit':
      return { kind: 'edit', experienceId: row.experience_id, payload: row.payload as EditPayload };
    case 'delete':
      return { kind: 'delete', experienceId: row.experience_id };
    default:
      return { kind: row.kind, experienceId: row.experience_id, moderatorId: row.moderator_id };
  }
}

/** Applies what the queue holds for one report at once, as its batch would (the warm-up's path). */
export async function applyQueued(
  ctx: AppContext,
  tx: Queryable,
  experienceId: string,
  at = ctx.clock.now(),
): Promise<Applied> {
  const due = await tx.query<QueueRow>(
    'delete from publication_queue where experience_id = $1 returning experience_id, kind, payload, moderator_id',
    [experienceId],
  );
  const applied = await applyChanges(ctx, tx, due.rows.map(toChange), at);
  await refreshShares(ctx, tx, at, peptidesOf(applied.cells));
  await readStoredDoses(tx);
  return applied;
}

export interface BatchResult {
  /** False when another process held the batch lock (it runs this batch), or ran or postponed it already. */
  ran: boolean;
  /** Too few changes were due (BATCH_MIN_CHANGES): nothing was applied, and they wait for a later grid time. */
  postponed: boolean;
  /** The maximum wait forced it with fewer changes than the minimum. */
  small: boolean;
  at: Date;
  applied: Omit<Applied, 'cells'>;
  ms: number;
}

const NOTHING = { submitted: 0, edited: 0, deleted: 0, decided: 0 };

/**
 * The publication batch of time `at` (a grid time): every change queued for it or an earlier one,
 * in one transaction, if there are enough of them (batchDecision), then the peptides' shares where
 * due (services/reporter-shares.ts). With too few, nothing is applied and nothing public moves,
 * the shares included: they wait for a later grid time. With several processes the advisory lock
 * lets exactly one run it; a crash mid-batch rolls back whole and the next start runs it again
 * (the queue keeps every change until its batch commits).
 */
export async function runBatch(ctx: AppContext, at: Date): Promise<BatchResult> {
  const started = performance.now();
  const result = await ctx.db.transaction(
    async (tx) => {
      const lock = await tx.query<{ ok: boolean }>('select pg_try_advisory_xact_lock($1) as ok', [BATCH_LOCK_KEY]);
      if (!lock.rows[0]?.ok) return null;
      // Changes sent meanwhile wait for the batch to commit: read after this, the queue is whole.
      await lockQueue(tx);
      const due = await tx.query<DueRow>(
        'select experience_id, kind, payload, moderator_id, batch_at from publication_queue where batch_at <= $1',
        [at.toISOString()],
      );
      // Another process ran (or postponed) this batch already (each process's timer fires for it): nothing to do.
      const last = await tx.query<{ value: string }>(
        `select value from app_settings where key = 'last_publication_batch'`,
      );
      const done = !!last.rows[0] && new Date(last.rows[0].value).getTime() >= at.getTime();
      if (!due.rows.length && done) return null;
      const decision = batchDecision(ctx, due.rows, at);
      const postponed = due.rows.length > 0 && !decision.apply;
      if (postponed && done) return null;
      let counts = NOTHING;
      if (!postponed) {
        const applied = await applyChanges(ctx, tx, due.rows.map(toChange), at);
        await tx.query('delete from publication_queue where batch_at <= $1', [at.toISOString()]);
        if (due.rows.length) await recordBatch(tx, due.rows, at, decision.small);
        await refreshShares(ctx, tx, at);
        // Doses sent as text only (an edit queued before they had a unit) are read here; the dose
        // figures are computed after the batch commits (plugins/publication-batches.ts).
        await readStoredDoses(tx);
        const { cells: _cells, ...applyCounts } = applied;
        counts = applyCounts;
      }
      await tx.query(
        `insert into app_settings (key, value) values ('last_publication_batch', $1)
       on conflict (key) do update set value = excluded.value`,
        [at.toISOString()],
      );
      return { postponed, small: decision.small, counts };
      // On PGlite, reads are answered between its statements meanwhile (db/reads-between.ts).
    },
    { readsBetween: true },
  );
  const ms = Math.round(performance.now() - started);
  if (!result) return { ran: false, postponed: false, small: false, at, applied: NOTHING, ms };
  if (result.postponed) {
    ctx.metrics.batchesPostponed.inc();
    return { ran: true, postponed: true, small: false, at, applied: NOTHING, ms };
  }
  ctx.cache.invalidate();
  ctx.metrics.batches.inc();
  ctx.metrics.batchSeconds.observe(ms / 1000);
  for (const [kind, n] of Object.entries(result.counts)) ctx.metrics.batchChanges.inc({ kind }, n);
  return { ran: true, postponed: false, small: result.small, at, applied: result.counts, ms };
}
