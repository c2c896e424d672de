// One vote per account per experience, enforced by a unique index; counters kept by trigger.
import type { VoteType } from '../../contract/common';
import type { Vote, VoteCounts, VoteStatus } from '../../contract/experiences';
import type { AppContext, Caller } from '../context';
import type { Queryable } from '../db/client';
import { conflict, notFound } from '../lib/errors';
import { autoHold } from './moderation';
import { recordActivity } from './users';

interface VoteRow {
  id: string;
  experience_id: string;
  vote_type: VoteType;
  created_at: Date;
}

function toVote(row: VoteRow): Vote {
  return {
    _id: row.id,
    experienceId: row.experience_id,
    voteType: row.vote_type,
    createdAt: row.created_at.toISOString(),
  };
}

/** Records a vote; the same type again is a 409 (withdrawing is withdrawVote), another type replaces the vote. */
export async function castVote(ctx: AppContext, caller: Caller, experienceId: string, voteType: VoteType) {
  // No transaction around it: the vote and its counters are one statement (the trigger runs in
  // it), and the counts read after it include it. Without BEGIN and COMMIT a vote holds a pooled
  // connection for two round trips instead of four (docs/performance.md, "Writes").
  const result = await recordVote(ctx.db, caller.userId, experienceId, voteType);
  // CONCERNING_HOLD_THRESHOLD concerning votes hold the report. Two such votes at once may both
  // see the threshold reached: the hold changes only a published report, so it happens once.
  // A moderator's decision stands: only concerning votes cast after it count (migration 023).
  if (
    result.counts.concerning >= ctx.config.concerningHoldThreshold &&
    (await concerningSinceDecision(ctx.db, experienceId)) >= ctx.config.concerningHoldThreshold
  ) {
    await ctx.db.transaction((tx) => autoHold(ctx, tx, experienceId, 'concerning-votes'));
  }
  ctx.cache.invalidate();
  await recordActivity(ctx, caller.userId);
  return { vote: toVote(result.vote), votes: toCounts(result.counts) };
}

/** Concerning votes cast or changed since a moderator last published or restored the report. */
async function concerningSinceDecision(q: Queryable, experienceId: string): Promise<number> {
  const res = await q.query<{ n: number }>(
    `select count(*)::int as n from votes v join experiences e on e.id = v.experience_id
      where v.experience_id = $1 and v.vote_type = 'concerning'
        and (e.decided_at is null or coalesce(v.updated_at, v.created_at) > e.decided_at)`,
    [experienceId],
  );
  return res.rows[0].n;
}

/**
 * A vote's statements: on the database itself (castVote) or inside a transaction (the warm-up of
 * services/warm-up.ts, which rolls it back). The caller holds the report when the concerning
 * votes reach the threshold.
 */
export async function recordVote(tx: Queryable, userId: string, experienceId: string, voteType: VoteType) {
  // One statement records the vote when the report is published and the vote is new or of
  // another type (the unique index also decides between two identical votes racing); only
  // when it records nothing does a second query tell a missing report from the same vote.
  const res = await tx.query<VoteRow>(
    `insert into votes (experience_id, user_id, vote_type)
     select $1::uuid, $2::uuid, $3::text where exists (select 1 from experiences where id = $1 and status = 'published')
     on conflict (user_id, experience_id) do update set vote_type = excluded.vote_type, updated_at = now()
       where votes.vote_type <> excluded.vote_type
     returning *`,
    [experienceId, userId, voteType],
    { prepare: true },
  );
  if (!res.rows[0]) {
    const exists = await tx.query(`select 1 from experiences where id = $1 and status = 'published'`, [experienceId]);
    if (!exists.rows.length) throw notFound('Experience not found');
    throw conflict(`You have already marked this experience as ${voteType}`);
  }
  const counts = await tx.query<CountsRow>(COUNTS_SQL, [experienceId], { prepare: true });
  return { vote: res.rows[0], counts: counts.rows[0] };
}

interface CountsRow {
  helpful: number;
  not_helpful: number;
  detailed: number;
  concerning: number;
}

const COUNTS_SQL = `select helpful_count as helpful, not_helpful_count as not_helpful, detailed_count as detailed,
              concerning_count as concerning from experiences where id = $1`;

function toCounts(c: CountsRow): VoteCounts {
  return {
    helpful: c.helpful,
    notHelpful: c.not_helpful,
    detailed: c.detailed,
    concerning: c.concerning,
    total: c.helpful + c.not_helpful + c.detailed + c.concerning,
  };
}

/**
 * Withdraws the caller's vote (clicking the chosen type again). The counters follow by the same
 * trigger as a vote; withdrawing when there is no vote changes nothing and says so
 * (`withdrawn: false`), so a second click or a second tab is not an error.
 */
export async function withdrawVote(
  ctx: AppContext,
  caller: Caller,
  experienceId: string,
): Promise<{ withdrawn: boolean; votes: VoteCounts }> {
  const result = await ctx.db.transaction(async (tx) => {
    const exists = await tx.query(`select 1 from experiences where id = $1 and status = 'published'`, [experienceId]);
    if (!exists.rows.length) throw notFound('Experience not found');
    const removed = await tx.query('delete from votes where user_id = $1 and experience_id = $2 returning id', [
      caller.userId,
      experienceId,
    ]);
    const counts = await tx.query<CountsRow>(COUNTS_SQL, [experienceId]);
    return { withdrawn: removed.rows.length > 0, counts: counts.rows[0] };
  });
  if (result.withdrawn) ctx.cache.invalidate();
  return { withdrawn: result.withdrawn, votes: toCounts(result.counts) };
}

export async function voteStatus(ctx: AppContext, caller: Caller, experienceId: string): Promise<VoteStatus> {
  const exists = await ctx.db.query(`select 1 from experiences where id = $1 and status = 'published'`, [experienceId]);
  if (!exists.rows.length) throw notFound('Experience not found');
  const res = await ctx.db.query<VoteRow>('select * from votes where user_id = $1 and experience_id = $2', [
    caller.userId,
    experienceId,
  ]);
  const row = res.rows[0];
  return row
    ? { hasVoted: true, voteType: row.vote_type, voteId: row.id }
    : { hasVoted: false, voteType: null, voteId: null };
}

/** The caller's votes on a page of experiences, in one query. */
export async function myVotes(ctx: AppContext, caller: Caller, experienceIds: string[]) {
  const res = await ctx.db.query<VoteRow>(
    'select * from votes where user_id = $1 and experience_id = any($2::uuid[])',
    [caller.userId, experienceIds],
  );
  const votes: Record<string, { voteType: VoteType; voteId: string }> = {};
  for (const row of res.rows) votes[row.experience_id] = { voteType: row.vote_type, voteId: row.id };
  return { votes };
}
