// The write path warmed at start (docs/performance.md, "Writes"): the first submission and the
// first vote of a server process compile the aggregate triggers' PL/pgSQL and load the catalog
// entries of every table and index they touch, and on PGlite every request queued behind them
// waited for it. Running their statements once, in a transaction that is rolled back, does that
// as the server starts and leaves nothing behind: no report, vote, activity or notification.
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { warmSubmission } from './experiences';
import { ACTIVITY_SQL } from './users';
import { recordVote } from './votes';

class RolledBack extends Error {}

async function warmOnce(ctx: AppContext): Promise<void> {
  await ctx.db
    .transaction(async (tx: Queryable) => {
      const peptide = (await tx.query<{ id: string }>('select id from peptides where deleted_at is null limit 1'))
        .rows[0];
      const user = (await tx.query<{ id: string }>('select id from users limit 1')).rows[0];
      if (!peptide) throw new RolledBack();
      const experienceId = await warmSubmission(ctx, tx, {
        peptideId: peptide.id,
        dosage: '250 mcg',
        frequency: 'daily',
        duration: 30,
        routeOfAdministration: 'subcutaneous',
        primaryPurpose: ['Injury Healing'],
        demographics: { ageRange: '30-34', biologicalSex: 'male', activityLevel: 'active' },
        outcomes: { energy: 6, sleep: 7 },
        sideEffects: [{ name: 'Warm-up side effect', severity: 'mild' }],
        effects: ['Warm-up effect'],
        timeline: '1-week',
        story: 'A warm-up report, rolled back as the server starts; nobody ever sees it.',
        stack: [],
        publishSourcing: false,
      });
      if (user) {
        await tx.query(ACTIVITY_SQL, [user.id]);
        // The report may be held (pre-moderation): the vote then warms its refusal path (a 404
        // thrown in JavaScript after its queries ran, not an SQL error).
        await recordVote(tx, user.id, experienceId, 'helpful').catch(() => {});
      }
      throw new RolledBack();
    })
    .catch((err: unknown) => {
      if (!(err instanceof RolledBack)) throw err;
    });
}

/**
 * Warms each connection the server will write on: PGlite's one, or as many of the PostgreSQL
 * pool's as it keeps (run together, so that each takes its own connection). A failure is
 * reported and ignored: the server serves anyway, only its first writes are slower.
 */
export async function warmWritePath(ctx: AppContext, log: (message: string) => void): Promise<void> {
  const connections = ctx.db.kind === 'postgres' ? ctx.config.pgPoolSize : 1;
  const started = performance.now();
  try {
    await Promise.all(Array.from({ length: connections }, () => warmOnce(ctx)));
    log(`Write path warmed in ${Math.round(performance.now() - started)} ms`);
  } catch (err) {
    log(`Write path not warmed: ${(err as Error).message}`);
  }
}
