// The moderation log (migrations 009_moderation.sql, 011_moderation_log_time.sql and
// 024_moderation_queue.sql): append-only, automatic entries dated by the UTC day, moderators' by
// the hour, and a `position` in the order entries were written, which is the order the log is
// read in (two entries of one hour keep their order). moderatorId null: an automatic hold.
import type { ModerationAction } from '../../contract/moderation';
import type { ModerationLogEntry } from '../../contract/moderation-api';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { decodeCursor } from './experience-feed';

export interface LogEntry {
  experienceId: string;
  moderatorId: string | null;
  action: ModerationAction;
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
        entries.map((e) => ({
          experience_id: e.experienceId,
          moderator_id: e.moderatorId,
          action: e.action,
          reasons: e.reasons,
          note: e.note ?? null,
        })),
      ),
    ],
  );
}

interface LogRow {
  id: string;
  position: string;
  experience_id: string;
  moderator_id: string | null;
  email: string | null;
  former_moderator: boolean;
  action: ModerationAction;
  reasons: string[];
  note: string | null;
  created_at: Date;
}

const LOG_COLUMNS = `l.id, l.position, l.experience_id, l.moderator_id, u.email, l.former_moderator, l.action, l.reasons, l.note, l.created_at`;

function entryOf(r: LogRow): ModerationLogEntry {
  return {
    _id: r.id,
    experienceId: r.experience_id,
    moderatorId: r.moderator_id,
    moderatorEmail: r.email,
    formerModerator: r.former_moderator,
    action: r.action,
    reasons: r.reasons,
    note: r.note,
    createdAt: r.created_at.toISOString(),
  };
}

/**
 * The log, newest first in the order it was written, keyset paged by position
 * (moderation_log_position_idx; one report's: moderation_log_report_idx), filtered by action,
 * moderator and report.
 */
export async function moderationLog(
  ctx: AppContext,
  q: { action?: ModerationAction; moderatorId?: string; experienceId?: string; limit: number; cursor?: string },
): Promise<{ entries: ModerationLogEntry[]; nextCursor: string | null }> {
  const values: unknown[] = [q.limit + 1];
  const where: string[] = [];
  if (q.action) where.push(`l.action = $${values.push(q.action)}`);
  if (q.moderatorId) where.push(`l.moderator_id = $${values.push(q.moderatorId)}::uuid`);
  if (q.experienceId) where.push(`l.experience_id = $${values.push(q.experienceId)}::uuid`);
  if (q.cursor) {
    const [position] = decodeCursor(ctx, q.cursor, ['sequence']);
    where.push(`l.position < $${values.push(position)}::bigint`);
  }
  const res = await ctx.db.query<LogRow>(
    `select ${LOG_COLUMNS}
       from moderation_log l left join users u on u.id = l.moderator_id
      ${where.length ? `where ${where.join(' and ')}` : ''}
      order by l.position desc limit $1`,
    values,
  );
  const page = res.rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    entries: page.map(entryOf),
    nextCursor: res.rows.length > q.limit ? ctx.cursors.encode([Number(last.position)]) : null,
  };
}

/** The last `perReport` entries of each of these reports, newest first (a queue page's history). */
export async function historyOf(
  q: Queryable,
  experienceIds: readonly string[],
  perReport: number,
): Promise<Map<string, ModerationLogEntry[]>> {
  const out = new Map<string, ModerationLogEntry[]>();
  if (!experienceIds.length) return out;
  const res = await q.query<LogRow>(
    `select ${LOG_COLUMNS}
       from unnest($1::uuid[]) as r(id)
       cross join lateral (
         select * from moderation_log m where m.experience_id = r.id order by m.position desc limit $2
       ) l
       left join users u on u.id = l.moderator_id
      order by l.position desc`,
    [experienceIds, perReport],
  );
  for (const row of res.rows) {
    const list = out.get(row.experience_id) ?? [];
    list.push(entryOf(row));
    out.set(row.experience_id, list);
  }
  return out;
}
