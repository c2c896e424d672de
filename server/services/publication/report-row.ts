// A report as publication moves it: the row of a new report the queue keeps and a batch inserts,
// the columns an author's edit may change, and a change waiting in publication_queue (migration
// 019_publication_batches.sql). Shapes only: experiences.ts builds them, apply.ts writes them.
import type { Dose } from '../../../contract/doses';
import type { Sourcing } from '../../../contract/experiences';
import type { SideEffect } from '../../../contract/side-effects';
import type { HoldReason } from '../../../contract/moderation';
import type { Finding } from '../text-rules';

/** The columns of a new report as the queue keeps them and the batch inserts them (experiences' names). */
export interface SubmissionRow {
  id: string;
  tracking_hash: string;
  peptide_id: string;
  dosage: string;
  /** The dose as an amount and a unit (migration 036_doses.sql); null: text that does not read as one. */
  dose: Dose | null;
  /** True once the dose was read from the text or given; reports queued before migration 036 lack it. */
  dose_checked: boolean;
  frequency: string;
  duration_days: number;
  route: string;
  primary_purpose: string[];
  age_range: string;
  biological_sex: string;
  activity_level: string;
  outcomes: Record<string, number>;
  rating: number;
  /** Side effects with their severity (migration 034_side_effects.sql): never in `rating`. */
  side_effects: SideEffect[];
  effects: string[];
  timeline: string;
  story: string;
  stack: string[];
  sourcing: Sourcing | null;
  search_text: string;
  /** The UTC day, as `utc_day` writes it (migration 007_coarse_time.sql). */
  created_at: string;
  is_demo: boolean;
  publish_sourcing: boolean;
  story_hash: string;
  /** Band keys of the story's MinHash signature (text-rules.ts storyBands), for near repeats. */
  story_bands: number[];
  /** What the report's own text decides (text rules, pre-moderation); the batch adds `repeated`. */
  status: 'published' | 'held';
  hold_reasons: HoldReason[];
  /** What the text rules matched (ownHolds), for the moderators' queue; absent from reports queued before migration 030. */
  hold_matches?: Finding[];
}

export const SUBMISSION_COLUMNS = [
  'id',
  'tracking_hash',
  'peptide_id',
  'dosage',
  'dose',
  'dose_checked',
  'frequency',
  'duration_days',
  'route',
  'primary_purpose',
  'age_range',
  'biological_sex',
  'activity_level',
  'outcomes',
  'rating',
  'side_effects',
  'effects',
  'timeline',
  'story',
  'stack',
  'sourcing',
  'search_text',
  'created_at',
  'is_demo',
  'publish_sourcing',
  'story_hash',
  'story_bands',
  'status',
  'hold_reasons',
  'published_at',
  'hold_matches',
  'repeat_of',
] as const;

/**
 * What an author's edit may change: every field the wizard asks (with what follows from it), as the
 * queue keeps it; `edited_from` and `published_at` are set when the edit is applied (applyChanges).
 */
export const EDITABLE_COLUMNS = [
  'peptide_id',
  'dosage',
  'dose',
  'dose_checked',
  'frequency',
  'duration_days',
  'route',
  'primary_purpose',
  'age_range',
  'biological_sex',
  'activity_level',
  'timeline',
  'stack',
  'sourcing',
  'publish_sourcing',
  'story',
  'effects',
  'outcomes',
  'side_effects',
  'rating',
  'search_text',
  'story_hash',
  'story_bands',
  'updated_at',
  'status',
  'hold_reasons',
  'edited_from',
  'published_at',
  'hold_matches',
  'repeat_of',
] as const;

/** What a correction replaced while its report waited for review (migration 024, QueueItem.editedFrom). */
export interface EditedFrom {
  story: string;
  effects: string[];
  outcomes: Record<string, number>;
  /** Absent from what was kept before side effects were (applyChanges): not recorded, not "none". */
  sideEffects?: SideEffect[];
  holdReasons: HoldReason[];
}
export type EditPayload = Partial<Record<(typeof EDITABLE_COLUMNS)[number], unknown>> & {
  story: string;
  effects: string[];
  outcomes: Record<string, number>;
  // Absent from edits queued before every field could be corrected: the stored value stays.
  side_effects?: SideEffect[];
  stack?: string[];
  dosage?: string;
  dose?: Dose | null;
  dose_checked?: boolean;
  sourcing?: Sourcing | null;
};

export type Change =
  | { kind: 'submit'; experienceId: string; payload: SubmissionRow }
  | { kind: 'edit'; experienceId: string; payload: EditPayload }
  | { kind: 'delete'; experienceId: string }
  | { kind: 'publish' | 'restore'; experienceId: string; moderatorId: string | null };

/** The demographic cell of a report: what the peptides' shares count (services/reporter-shares.ts). */
export interface Cell {
  peptide_id: string;
  age_range: string;
  biological_sex: string;
  activity_level: string;
}
