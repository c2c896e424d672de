// The reconstitution helper's arithmetic (src/components/dose/ReconstitutionHelper.tsx): from a
// vial's amount, the water added and what was drawn, the dose in mcg, with the working in words.
// It runs on the device only; nothing of it is sent or kept, only the dose it writes
// (docs/product-rules.md, "Doses in the wizard").
import { amountText } from '@contract/doses';
import { amountOf } from './dose-draft';

/** What the draw is measured in: insulin-syringe units (U-100: 100 units are 1 mL) or mL. */
export const DRAW_UNITS = ['units', 'mL'] as const;
export type DrawUnit = (typeof DRAW_UNITS)[number];
export const UNITS_PER_ML = 100;

export interface VialInput {
  /** The vial's amount in mg, as typed. */
  vialMg: string;
  /** The water added, in mL, as typed. */
  waterMl: string;
  /** What was drawn, as typed, in `drawUnit`. */
  drawn: string;
  drawUnit: DrawUnit;
}

export interface Reconstitution {
  mcgPerMl: number;
  drawnMl: number;
  /** The dose drawn, in mcg (two decimals at most). */
  doseMcg: number;
  /** "5 mg in 2 mL is 2500 mcg per mL; 10 units is 0.1 mL, so 250 mcg." */
  words: string;
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const positive = (text: string) => {
  const x = amountOf(text);
  return Number.isFinite(x) && x > 0 ? x : null;
};

/**
 * The dose drawn from a mixed vial, or null while an input is empty, not a number, zero or
 * negative, or the draw is more than the vial holds.
 */
export function reconstitute(input: VialInput): Reconstitution | null {
  const vialMg = positive(input.vialMg);
  const waterMl = positive(input.waterMl);
  const drawn = positive(input.drawn);
  if (vialMg === null || waterMl === null || drawn === null) return null;
  const drawnMl = input.drawUnit === 'units' ? drawn / UNITS_PER_ML : drawn;
  if (drawnMl > waterMl) return null;
  const mcgPerMl = (vialMg * 1000) / waterMl;
  const doseMcg = round2(drawnMl * mcgPerMl);
  if (doseMcg <= 0) return null;
  const n = (x: number) => amountText(round2(x));
  const draw =
    input.drawUnit === 'units'
      ? `${n(drawn)} ${drawn === 1 ? 'unit' : 'units'} is ${amountText(drawnMl)} mL, so`
      : `${n(drawnMl)} mL holds`;
  return {
    mcgPerMl: round2(mcgPerMl),
    drawnMl,
    doseMcg,
    words: `${n(vialMg)} mg in ${n(waterMl)} mL is ${n(mcgPerMl)} mcg per mL; ${draw} ${n(doseMcg)} mcg.`,
  };
}
