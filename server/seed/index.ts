// First-start seed: the peptide catalogue and effect vocabulary, then (unless SEED_DEMO=false)
// about 300 demonstration reports over the last six months, labelled as demo data.
// It lives above server/services/ (it submits through them), not in server/db/.
import { randomBytes } from 'node:crypto';
import {
  type AGE_RANGES,
  type BIOLOGICAL_SEXES,
  FREQUENCIES,
  PRIMARY_PURPOSES,
  TIMELINES,
  VOTE_TYPES,
  type WIZARD_ACTIVITY_LEVELS,
} from '../../contract/common';
import type { SubmitExperienceInput } from '../../contract/experiences';
import { STORY_MAX_SUBMIT, STORY_MIN } from '../../contract/rules';
import type { AppContext } from '../context';
import { seedExperience } from '../services/experiences';
import { insertPeptide } from '../services/peptides';
import { EFFECTS, PEPTIDES, STORY_SNIPPETS, type SeedPeptide } from '../db/seed/catalogue';
import { mulberry32 } from '../db/seed/random';

export const DEMO_EXPERIENCES = 300;

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

function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)];
}

function pickSome<T>(rand: () => number, items: readonly T[], min: number, max: number): T[] {
  const n = Math.min(items.length, min + Math.floor(rand() * (max - min + 1)));
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n) out.push(pool.splice(Math.floor(rand() * pool.length), 1)[0]);
  return out;
}

type Purpose = (typeof PRIMARY_PURPOSES)[number];
type Route = SubmitExperienceInput['routeOfAdministration'];

export const PURPOSES_BY_CATEGORY: Record<string, readonly Purpose[]> = {
  'Healing & Recovery': ['Injury Healing', 'Recovery', 'Gut Health', 'Immune Support'],
  'Growth Hormone': ['Recovery', 'Muscle Gain', 'Sleep', 'Fat Loss', 'Anti-Aging'],
  'Performance & Enhancement': ['Performance', 'Strength', 'Endurance', 'Muscle Gain'],
  'Anti-Aging': ['Anti-Aging', 'Longevity', 'Skin Health', 'Sleep'],
  'Cognitive Enhancement': ['Cognitive Enhancement', 'Focus', 'Memory'],
  'Metabolic Health': ['Fat Loss', 'Weight Management', 'Endurance', 'Longevity'],
};

/** Where a peptide's use is narrower than its category's purposes (PT-141 is not taken for muscle). */
const PURPOSES_BY_PEPTIDE: Record<string, readonly Purpose[]> = {
  'PT-141': ['Performance'],
  'Kisspeptin-10': ['Performance'],
  'Follistatin-344': ['Muscle Gain', 'Strength'],
  'IGF-1 LR3': ['Muscle Gain', 'Recovery'],
};

/** The purposes a demo report on this peptide may give. */
export function demoPurposes(peptide: Pick<SeedPeptide, 'name' | 'category'>): readonly Purpose[] {
  return PURPOSES_BY_PEPTIDE[peptide.name] ?? PURPOSES_BY_CATEGORY[peptide.category] ?? PRIMARY_PURPOSES;
}

/** How each peptide is taken in demo reports, most common first; any other is injected under the skin. */
const ROUTES_BY_PEPTIDE: Record<string, readonly Route[]> = {
  'BPC-157': ['subcutaneous', 'oral'],
  'TB-500': ['subcutaneous', 'intramuscular'],
  KPV: ['oral', 'subcutaneous'],
  'GHK-Cu': ['topical', 'subcutaneous'],
  'PT-141': ['subcutaneous', 'nasal'],
  Selank: ['nasal'],
  Semax: ['nasal'],
  Dihexa: ['oral'],
  P21: ['nasal', 'oral'],
  Pinealon: ['oral'],
  'IGF-1 LR3': ['intramuscular', 'subcutaneous'],
};

export function demoRoutes(peptide: Pick<SeedPeptide, 'name'>): readonly Route[] {
  return ROUTES_BY_PEPTIDE[peptide.name] ?? ['subcutaneous'];
}

/** An effect that names where a route acts ("Injection Site Redness", "Nasal Irritation") fits that route only. */
export function effectFitsRoute(effect: string, route: Route): boolean {
  if (/injection/i.test(effect)) return route === 'subcutaneous' || route === 'intramuscular';
  if (/nasal/i.test(effect)) return route === 'nasal';
  if (/skin irritation/i.test(effect)) return route === 'topical' || route === 'subcutaneous';
  return true;
}

/** One choice by weight. */
function weighted<T>(rand: () => number, options: readonly (readonly [T, number])[]): T {
  let r = rand() * options.reduce((sum, [, w]) => sum + w, 0);
  for (const [value, w] of options) if ((r -= w) <= 0) return value;
  return options[options.length - 1]![0];
}

/**
 * Who reports: mostly 25-44, more men than women, mostly active, and each peptide with a typical
 * user who sends about half its reports, as communities around one compound tend to be. So the
 * most reported peptides have combinations that k = 5 allows to show, and the rest stay hidden.
 */
type Weights<T extends readonly string[]> = readonly (readonly [T[number], number])[];
const AGE_WEIGHTS: Weights<typeof AGE_RANGES> = [['18-24', 1], ['25-29', 3], ['30-34', 4], ['35-39', 3], ['40-44', 2], ['45-49', 1], ['50+', 1]];
const SEX_WEIGHTS: Weights<typeof BIOLOGICAL_SEXES> = [['male', 3], ['female', 1]];
const ACTIVITY_WEIGHTS: Weights<typeof WIZARD_ACTIVITY_LEVELS> = [['sedentary', 1], ['moderate', 3], ['active', 4], ['athletic', 2]];
type Demographics = SubmitExperienceInput['demographics'];
const demographicsOf = (rand: () => number): Demographics => ({
  ageRange: weighted(rand, AGE_WEIGHTS),
  biologicalSex: weighted(rand, SEX_WEIGHTS),
  activityLevel: weighted(rand, ACTIVITY_WEIGHTS),
});

function story(rand: () => number): string {
  let text = '';
  for (const s of pickSome(rand, STORY_SNIPPETS, 2, 4)) {
    const next = text ? `${text} ${s}` : s;
    if (next.length > STORY_MAX_SUBMIT) break;
    text = next;
  }
  while (text.length < STORY_MIN) text = `${text} ${pick(rand, STORY_SNIPPETS)}`.trim();
  return text.slice(0, STORY_MAX_SUBMIT);
}

export async function seedDemo(
  ctx: AppContext,
  ids: Map<string, { id: string; peptide: SeedPeptide }>,
  count: number,
  seed = 157,
): Promise<number> {
  const rand = mulberry32(seed);
  // Skewed popularity over a shuffled catalogue, so every category has popular peptides.
  const peptides = [...ids.values()]
    .map((p) => ({ p, order: rand() }))
    .sort((a, b) => a.order - b.order)
    .map(({ p }) => p);
  const weights = peptides.map((_, i) => 1 / (1 + i * 0.25));
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const choosePeptide = () => {
    let r = rand() * totalWeight;
    for (let i = 0; i < peptides.length; i++) if ((r -= weights[i]) <= 0) return peptides[i];
    return peptides[peptides.length - 1];
  };
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
    const purposes = pickSome(rand, demoPurposes(peptide), 1, 2);
    // The first route is the common one.
    const routes = demoRoutes(peptide);
    const route = rand() < 0.75 ? routes[0]! : pick(rand, routes);
    const input: SubmitExperienceInput = {
      peptideId: id,
      dosage: peptide.commonDosage,
      frequency: pick(rand, FREQUENCIES),
      duration: 7 + Math.floor(rand() * 84),
      routeOfAdministration: route,
      primaryPurpose: purposes,
      publishSourcing: false,
      demographics: rand() < 0.5 ? typicalUser.get(id)! : demographicsOf(rand),
      outcomes,
      effects: rand() < 0.35 ? pickSome(rand, peptide.sideEffects.filter((e) => effectFitsRoute(e, route)), 1, 1) : [],
      timeline: pick(rand, TIMELINES.slice(0, 6)),
      story: story(rand),
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
