// Writes to the publication queue (docs/product-rules.md, "Publication in batches"). A backup lists
// the queue's rows in their physical order; migration 028_backups_without_order.sql makes that
// order random: each statement that adds or changes rows rewrites their partitions in a random
// order. Such a rewrite deletes and inserts the rows it moves, so a transaction changing one of
// them at the same moment would find it gone (an edit lost, a cancelled publish kept, a change
// applied twice by a batch): every transaction that writes the queue takes its lock (the
// services that write it, a batch, migrations: db/migrate.ts), and the database refuses a write
// without it (publication_queue_guard).
import type { Queryable } from './types';

/** Advisory lock key of the queue's writers (services/publication/queue.ts BATCH_LOCK_KEY is the batch's own). */
const QUEUE_LOCK_KEY = 72_0152_8;

/**
 * Takes the queue's lock until the transaction ends. Call it first in the transaction, before
 * reading what the write depends on and before any row lock: a transaction waiting here then
 * holds nothing the holder could wait for (no deadlock), and reads what the holder committed.
 * The cost: writers of the queue, a publication batch included, go one at a time.
 */
export async function lockQueue(tx: Queryable): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock($1), set_config('peptide.queue_locked', 'on', true)`, [QUEUE_LOCK_KEY]);
}
