// Side effects apart from benefits (docs/product-rules.md, "Side effects"): a report rates its
// benefits 1-10 and lists its side effects, each with a severity. A side effect never enters a
// rating, a mean, a sort or a comparison.
import { z } from 'zod/mini';
import { described, named } from './common';
import { Name } from './safe-text';

export const SEVERITIES = ['mild', 'moderate', 'severe'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const SEVERITY_LABELS: Record<Severity, string> = { mild: 'Mild', moderate: 'Moderate', severe: 'Severe' };

/** The refusal of a report whose every rated outcome was a side effect (splitSideEffects moved them all). */
export const BENEFIT_REQUIRED_MESSAGE =
  'outcomes must rate at least one benefit: side effects are listed in sideEffects, each with a severity';

/** The most side effects a report lists (their text fits the fixed request and answer sizes, contract/rules.ts). */
export const SIDE_EFFECTS_MAX = 12;
export const SIDE_EFFECT_NAME_MAX = 60;

/**
 * Words that name a side effect whatever the peptide (besides each peptide's own side-effect list
 * and the effect vocabulary's side effects): an outcome with one of these names is a side effect,
 * not a benefit (sideEffectNames, splitSideEffects). Lower case; server/db/migrations/034_side_effects.sql
 * moved stored outcomes by the same words (tests/server/side-effects.test.ts checks they agree).
 */
export const SIDE_EFFECT_WORDS = [
  'headache',
  'nausea',
  'vomiting',
  'dizziness',
  'fatigue',
  'lethargy',
  'insomnia',
  'mood swings',
  'anxiety',
  'irritability',
  'injection site redness',
  'injection site pain',
  'injection site swelling',
  'injection site itching',
  'water retention',
  'bloating',
  'tingling',
  'numbness',
  'flushing',
  'diarrhea',
  'constipation',
  'heart palpitations',
  'rash',
  'itching',
  'joint pain',
  'lightheadedness',
  'low blood sugar',
  'brain fog',
] as const;

/**
 * How a side effect that was sent as a rated outcome (by an older client, or stored before side
 * effects had their own list) becomes one: ratings 1-3 mild, 4-7 moderate, 8-10 severe.
 */
export function severityOfRating(rating: number): Severity {
  if (rating <= 3) return 'mild';
  if (rating <= 7) return 'moderate';
  return 'severe';
}

/** A side effect as a submission or a correction sends it: its name follows the rules of every name (contract/safe-text.ts). */
export const SideEffectInput = described(
  z.object({
    name: described(
      Name(SIDE_EFFECT_NAME_MAX),
      'The side effect, in the words of the person reporting (up to 60 characters).',
    ),
    severity: described(z.enum(SEVERITIES), 'How bad it was: `mild`, `moderate` or `severe`.'),
  }),
  'A side effect the person had, with its severity.',
);

/** A side effect as an answer carries it (names as stored, like outcome names). */
export const SideEffect = named(
  z.object({
    name: described(z.string(), 'The side effect, in the words of the person reporting.'),
    severity: described(z.enum(SEVERITIES), 'How bad it was: `mild`, `moderate` or `severe`.'),
  }),
  'SideEffect',
  'A side effect the person had, with its severity. Side effects never enter a rating or a mean.',
);
export type SideEffect = z.infer<typeof SideEffect>;

export const SideEffects = described(
  z.array(SideEffectInput).check(
    z.maxLength(SIDE_EFFECTS_MAX, `sideEffects can list at most ${SIDE_EFFECTS_MAX} side effects`),
    z.refine(
      (list) => new Set(list.map((s) => s.name.trim().toLowerCase())).size === list.length,
      'sideEffects: each side effect can be listed once (names that differ only in letter case are the same)',
    ),
  ),
  `The side effects the person had, each once with its severity; 0 to ${SIDE_EFFECTS_MAX}. They never enter \`rating\` or any mean.`,
);

/** What a box that adds a benefit says of a name that is a side effect (the wizard's step 3, the Update dialog). */
export function sideEffectNotBenefit(name: string): string {
  return `${name} is a side effect: add it under Side effects`;
}

/**
 * The names that are side effects for one peptide, lower case: the shared words, the effect
 * vocabulary's side effects and the peptide's own list, less the peptide's common effects (a
 * peptide whose benefit is "Increased Appetite" rates it, though elsewhere it is a side effect).
 */
export function sideEffectNames(
  peptide: { commonEffects: readonly string[]; sideEffects: readonly string[] },
  vocabularySideEffects: readonly string[] = [],
): Set<string> {
  const lower = (s: string) => s.trim().toLowerCase();
  const names = new Set<string>([
    ...SIDE_EFFECT_WORDS,
    ...vocabularySideEffects.map(lower),
    ...peptide.sideEffects.map(lower),
  ]);
  for (const benefit of peptide.commonEffects) names.delete(lower(benefit));
  return names;
}

/**
 * Outcomes split into benefits (still rated) and side effects (with the severity their rating
 * maps to), appended to the side effects already listed; a side effect listed both ways keeps the
 * listed severity.
 */
export function splitSideEffects(
  outcomes: Record<string, number>,
  listed: readonly SideEffect[],
  isSideEffect: ReadonlySet<string>,
): { outcomes: Record<string, number>; sideEffects: SideEffect[]; moved: number } {
  const benefits: Record<string, number> = {};
  const sideEffects = [...listed];
  const seen = new Set(listed.map((s) => s.name.trim().toLowerCase()));
  let moved = 0;
  for (const [name, rating] of Object.entries(outcomes)) {
    const key = name.trim().toLowerCase();
    if (!isSideEffect.has(key)) {
      benefits[name] = rating;
      continue;
    }
    moved++;
    if (!seen.has(key)) {
      seen.add(key);
      sideEffects.push({ name, severity: severityOfRating(rating) });
    }
  }
  return { outcomes: benefits, sideEffects, moved };
}
