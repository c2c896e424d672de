// What a batch does for the dose figures (services/doses.ts), after its changes are applied: the
// doses of reports that arrived as text only are read, then the figures of every peptide whose
// published reports changed are computed again, in the batch's transaction.
import type { Queryable } from '../../db/client';
import { readStoredDoses, refreshDoseFigures } from '../doses';

export async function refreshDoses(tx: Queryable, at: Date): Promise<void> {
  await readStoredDoses(tx);
  await refreshDoseFigures(tx, at);
}
