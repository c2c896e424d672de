// Appends to the moderation log (migrations 009_moderation.sql and 011_moderation_log_time.sql:
// append-only, automatic entries dated by the UTC day, moderators' by the hour, a per-report
// sequence number set by trigger). moderatorId null: an automatic hold.
import type { Queryable } from '../db/client';

export interface LogEntry {
  experienceId: string;
  moderatorId: string | null;
  action: 'hold' | 'publish' | 'hide' | 'restore';
  reasons: readonly string[];
  note?: string | null;
}

export async function logAction(q: Queryable, entry: LogEntry): Promise<void> {
  await logActions(q, [entry]);
}

/**
 * Several entries in one statement (a publication batch writes one per report it holds or
 * decides). An automatic hold of a report whose last entry is already an automatic hold for the
 * same reasons adds nothing: the log records what changed, and editing a held report again and
 * again cannot flood it.
 */
export async function logActions(q: Queryable, entries: readonly LogEntry[]): Promise<void> {
  if (!entries.length) return;
  await q.query(
    `insert into moderation_log (experience_id, moderator_id, action, reasons, note)
     select x.experience_id, x.moderator_id, x.action, array(select jsonb_array_elements_text(x.reasons)), x.note
       from jsonb_to_recordset($1::jsonb) as x(experience_id uuid, moderator_id uuid, action text, reasons jsonb, note text)
      where not (x.action = 'hold' and x.moderator_id is null and exists (
        select 1 from moderation_log l
         where l.experience_id = x.experience_id and l.action = 'hold' and l.moderator_id is null
           and l.reasons = array(select jsonb_array_elements_text(x.reasons))
           and l.seq = (select max(m.seq) from moderation_log m where m.experience_id = x.experience_id)))`,
    [
      JSON.stringify(
        entries.map((e) => ({ experience_id: e.experienceId, moderator_id: e.moderatorId, action: e.action, reasons: e.reasons, note: e.note ?? null })),
      ),
    ],
  );
}
