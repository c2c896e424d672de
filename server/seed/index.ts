// First-start seed: the peptide catalogue and effect vocabulary, then (unless SEED_DEMO=false)
// about 300 demonstration reports over the last six months, labelled as demo data.
// It lives above server/services/ (it submits through them), not in server/db/.
import { randomBytes } from 'node:crypto';
import { TIMELINES, VOTE_TYPES } from '../../contract/common';
import type { SubmitExperienceInput } from '../../contract/experiences';
import type { Severity } from '../../contract/side-effects';
import type { AppContext } from '../context';
import { seedExperience } from '../services/experiences';
import { insertPeptide } from '../services/peptides';
import { EFFECTS, PEPTIDES, type SeedPeptide } from '../db/seed/catalogue';
import {
  byPopularity,
  DEMO_FREQUENCIES,
  demoDose,
  demographicsOf,
  effectFitsRoute,
  mulberry32,
  pick,
  pickSome,
  purposesFor,
  routeFor,
  story,
} from '../db/seed/generate';

export const DEMO_EXPERIENCES = 300;

/** Demo severities: most side effects people report are mild, a few severe. */
function severityOf(r: number): Severity {
  return r < 0.6 ? 'mild' : r < 0.92 ? 'moderate' : 'severe';
}

export async function seedIfEmpty(ctx: AppContext): Promise<{ peptides: number; experiences: number }> {
  const existing = await ctx.db.query<{ n: number }>('select count(*)::int as n from peptides');
  if (existing.rows[0].n > 0) return { peptides: 0, experiences: 0 };
  const ids = await seedCatalogue(ctx);
  const experiences = ctx.config.seedDemo ? await seedDemo(ctx, ids, DEMO_EXPERIENCES) : 0;
  ctx.cache.invalidate();
  return { peptides: ids.size, experiences };
}

export async function seedCatalogue(ctx: AppContext): Promise<Map<string, { id: string; peptide: SeedPeptide }>> {
  const ids = new Map<string, { id: string; peptide: SeedPeptide }>();
  await ctx.db.transaction(async (tx) => {
    for (const p of PEPTIDES) {
      ids.set(p.name, { id: await insertPeptide(tx, p, null), peptide: p });
    }
    for (const e of EFFECTS) {
      await tx.query('insert into effects (name, type) values ($1, $2) on conflict do nothing', [e.name, e.type]);
    }
  });
  return ids;
}

export async function seedDemo(
  ctx: AppContext,
  ids: Map<string, { id: string; peptide: SeedPeptide }>,
  count: number,
  seed = 157,
): Promise<number> {
  const rand = mulberry32(seed);
  // Severities draw from their own sequence, so the rest of the demo data stays as it was.
  const severityRand = mulberry32(seed + 1);
  // Doses and frequencies too (docs/product-rules.md, "Doses").
  const doseRand = mulberry32(seed + 2);
  const { order: peptides, choose: choosePeptide } = byPopularity(rand, [...ids.values()], (i) => 1 / (1 + i * 0.25));
  const baseRating = new Map(peptides.map((p) => [p.id, 5 + rand() * 3.5]));
  const typicalUser = new Map(peptides.map((p) => [p.id, demographicsOf(rand)]));
  const voters = await demoVoters(ctx, 12);
  const now = Date.now();
  const sixMonths = 183 * 86_400_000;
  for (let i = 0; i < count; i++) {
    const { id, peptide } = choosePeptide();
    // More reports in recent months: the community is growing.
    const age = Math.pow(rand(), 1.4) * sixMonths;
    const createdAt = new Date(Math.floor((now - age) / 1000) * 1000);
    const base = baseRating.get(id)!;
    const outcomes: Record<string, number> = {};
    for (const effect of peptide.commonEffects) {
      outcomes[effect] = Math.min(10, Math.max(1, Math.round(base + (rand() - 0.5) * 4)));
    }
    const purposes = purposesFor(rand, peptide);
    const route = routeFor(rand, peptide);
    const { scale, ...dose } = demoDose(doseRand, peptide.commonDosage);
    // A higher dose does a little more in the demo data (what "Does a higher dose do more?" shows).
    for (const effect of Object.keys(outcomes))
      outcomes[effect] = Math.min(10, Math.max(1, Math.round(outcomes[effect] + Math.log2(scale) * 1.2)));
    rand(); // the frequency's draw, kept so the rest of the demo data stays as it was
    // Drawn before the object below in the order they always were, so the story can fit them.
    const frequency = pick(doseRand, DEMO_FREQUENCIES);
    const duration = 7 + Math.floor(rand() * 84);
    const input: SubmitExperienceInput = {
      peptideId: id,
      ...dose,
      frequency,
      duration,
      routeOfAdministration: route,
      primaryPurpose: purposes,
      publishSourcing: false,
      demographics: rand() < 0.5 ? typicalUser.get(id)! : demographicsOf(rand),
      outcomes,
      // About a third of reports name a side effect of the peptide, mostly mild (docs/product-rules.md, "Side effects").
      sideEffects:
        rand() < 0.35
          ? pickSome(
              rand,
              peptide.sideEffects.filter((e) => effectFitsRoute(e, route)),
              1,
              1,
            ).map((name) => ({ name, severity: severityOf(severityRand()) }))
          : [],
      effects: [],
      timeline: pick(rand, TIMELINES.slice(0, 6)),
      // A story that says nothing its own fields contradict (server/db/seed/generate.ts STORY_CLAIMS).
      story: story(rand, { durationDays: duration, frequency, route }),
      stack: rand() < 0.25 ? peptide.commonStacks.slice(0, 1) : [],
      sourcing: undefined,
    };
    const experienceId = await seedExperience(ctx, input, createdAt);
    for (const voter of pickSome(rand, voters, 0, 6)) {
      const voteType = rand() < 0.6 ? 'helpful' : pick(rand, VOTE_TYPES);
      await ctx.db.query('insert into votes (experience_id, user_id, vote_type, created_at) values ($1, $2, $3, $4)', [
        experienceId,
        voter,
        voteType,
        createdAt.toISOString(),
      ]);
    }
  }
  return count;
}

/** Demo voters: approved accounts that cannot sign in (their password is random and discarded). */
async function demoVoters(ctx: AppContext, n: number): Promise<string[]> {
  const out: string[] = [];
  for (let i = 1; i <= n; i++) {
    const res = await ctx.db.query<{ id: string }>(
      `insert into users (email, password_hash, role, status) values ($1, $2, 'user', 'approved')
       on conflict ((lower(email))) do update set email = excluded.email returning id`,
      [`demo-voter-${i}@demo.invalid`, `disabled$${randomBytes(16).toString('hex')}`],
    );
    out.push(res.rows[0].id);
  }
  return out;
}
