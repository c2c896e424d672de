// The weekly digest (docs/product-rules.md, "Mail"): the week's most helpful published reports,
// mailed to the approved members who turned it on (off unless they do). Once per ISO week, from
// Monday 08:00 UTC: the process that moves the `digest_week` setting to this week queues it, so
// several processes never send it twice. Each mail carries a one-click unsubscribe (RFC 8058).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { roundRating } from '../../contract/rules';
import type { AppContext } from '../context';
import { mailLinks } from '../mail/links';
import { digestMail } from '../mail/templates';
import { badRequest } from '../lib/errors';
import { publishedDay } from './public-view';
import { enqueueMail } from './mail-queue';

export const DIGEST = {
  /** Reports in one digest. */
  size: 5,
  /** Whole UTC days the digest looks back, besides the day it is sent. */
  days: 7,
  /** Sent from Monday (ISO weekday 1) at this UTC hour. */
  hourUtc: 8,
} as const;

/** ISO 8601 week of a date, `2026-W48`: weeks start on Monday; week 1 holds the year's first Thursday. */
export function isoWeek(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

function isDue(at: Date): boolean {
  const weekday = at.getUTCDay() || 7;
  return weekday > 1 || at.getUTCHours() >= DIGEST.hourUtc;
}

/** `<user id>.<MAC>`: proves the link came from us for that account; no state kept. */
export function unsubscribeToken(ctx: AppContext, userId: string): string {
  return `${userId}.${createHmac('sha256', ctx.unsubscribeKey).update(userId).digest('base64url').slice(0, 32)}`;
}

const INVALID_UNSUBSCRIBE =
  'token is not a valid unsubscribe link. Turn the weekly digest off in your profile instead.';

/** Turns the digest off for the account the token names; a deleted account's token is answered alike. */
export async function unsubscribe(ctx: AppContext, token: string): Promise<void> {
  const [userId, mac = ''] = token.trim().split('.');
  const expected = Buffer.from(unsubscribeToken(ctx, userId ?? '').split('.')[1]!);
  const given = Buffer.from(mac);
  if (!userId || given.length !== expected.length || !timingSafeEqual(given, expected))
    throw badRequest(INVALID_UNSUBSCRIBE);
  await ctx.db
    .query(
      `update users set preferences = preferences || jsonb_build_object('notifications', coalesce(preferences -> 'notifications', '{}'::jsonb) || '{"weeklyDigest": false}'::jsonb)
      where id = $1::uuid`,
      [userId],
    )
    .catch((err: unknown) => {
      // Not a uuid: a forged token would not have passed the MAC; treat it as invalid anyway.
      if ((err as { code?: string }).code === '22P02') throw badRequest(INVALID_UNSUBSCRIBE);
      throw err;
    });
}

/**
 * Queues this week's digest if it is due and not queued yet by any process. Answers what it did,
 * or null when there was nothing to do. `now` is the context's clock (tests set it).
 */
export async function runWeeklyDigest(
  ctx: AppContext,
  now = ctx.clock.now(),
): Promise<{ week: string; queued: number } | null> {
  if (!isDue(now)) return null;
  const week = isoWeek(now);
  // Reads first: a process with nothing to do writes nothing.
  const last = await ctx.db.query<{ value: string }>(`select value from app_settings where key = 'digest_week'`);
  if (last.rows[0] && last.rows[0].value >= week) return null;
  const readers = await ctx.db.query<{ id: string; email: string }>(
    `select id, email from users where status = 'approved' and preferences @> '{"notifications": {"weeklyDigest": true}}'::jsonb order by id`,
  );
  if (!readers.rows.length) return null;
  // Whole days, as reports keep only their UTC day: from midnight seven days back.
  const since = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - DIGEST.days * 86_400_000,
  );
  const links = mailLinks(ctx.config.mail);
  const queued = await ctx.db.transaction(async (tx) => {
    const claimed = await tx.query(
      `insert into app_settings (key, value) values ('digest_week', $1)
       on conflict (key) do update set value = excluded.value where app_settings.value < excluded.value returning 1`,
      [week],
    );
    if (!claimed.rows.length) return null;
    // Only a reviewed page's name is quoted (mail/templates.ts UNREVIEWED_PEPTIDE).
    const reports = await tx.query<{
      id: string;
      name: string | null;
      helpful_count: number;
      rating: number;
      created_at: Date;
    }>(
      `select e.id, case when p.reviewed_at is not null then p.name end as name, e.helpful_count, e.rating, e.created_at from experiences e join peptides p on p.id = e.peptide_id
        where e.status = 'published' and e.helpful_count > 0 and e.created_at >= $1 and e.created_at < $2
        order by e.helpful_count desc, e.rating desc, e.id limit $3`,
      [since, now, DIGEST.size],
    );
    // A week without a helpful report sends nothing: a digest of nothing is noise.
    if (!reports.rows.length) return 0;
    const items = reports.rows.map((r) => ({
      peptide: r.name,
      helpful: r.helpful_count,
      rating: roundRating(r.rating),
      day: publishedDay(r.created_at),
      href: links.experience(r.id),
    }));
    for (const reader of readers.rows) {
      const token = unsubscribeToken(ctx, reader.id);
      const content = digestMail(
        items,
        { community: links.community, unsubscribe: links.unsubscribePage(token), settings: links.settings },
        publishedDay(now),
      );
      await enqueueMail(tx, {
        userId: reader.id,
        kind: 'digest',
        to: reader.email,
        content,
        headers: {
          'List-Unsubscribe': `<${links.unsubscribeOneClick(token)}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
    }
    return readers.rows.length;
  });
  if (queued === null) return null;
  if (queued) ctx.mailWake.wake();
  return { week, queued };
}
