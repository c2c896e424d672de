// Profile measurements: stored exactly in kg and cm (the canonical units), shown in the member's
// unit. Conversion happens only for display, so switching units back and forth never changes the
// stored value: 180 cm shows as 5 ft 11 in and is still 180 cm when saved.

export type WeightUnit = 'kg' | 'lbs';
export type HeightUnit = 'cm' | 'ft';

export const KG_PER_LB = 0.45359237;
export const CM_PER_INCH = 2.54;
const INCHES_PER_FOOT = 12;

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** undefined for blank, NaN for text that is not a non-negative decimal number. */
export function parseDecimal(text: string): number | undefined {
  const t = text.trim().replace(',', '.');
  if (!t) return undefined;
  return /^\d+(\.\d+)?$|^\.\d+$/.test(t) ? Number(t) : Number.NaN;
}

function parseWhole(text: string): number | undefined {
  const t = text.trim();
  if (!t) return undefined;
  return /^\d+$/.test(t) ? Number(t) : Number.NaN;
}

/** A stored weight as the member reads it: to 0.1 in either unit. */
export function weightText(kg: number | undefined, unit: WeightUnit): string {
  if (kg === undefined || Number.isNaN(kg)) return '';
  return String(round(unit === 'kg' ? kg : kg / KG_PER_LB, 1));
}

/** Typed weight in kg (undefined when blank, NaN when not a number). */
export function parseWeight(text: string, unit: WeightUnit): number | undefined {
  const n = parseDecimal(text);
  if (n === undefined || Number.isNaN(n)) return n;
  return unit === 'kg' ? n : n * KG_PER_LB;
}

export interface HeightText {
  /** The cm field. */
  cm: string;
  feet: string;
  inches: string;
}

/** A stored height as the member reads it: cm to 0.1, or whole feet and inches (5 ft 11 in). */
export function heightText(cm: number | undefined, unit: HeightUnit): HeightText {
  if (cm === undefined || Number.isNaN(cm)) return { cm: '', feet: '', inches: '' };
  if (unit === 'cm') return { cm: String(round(cm, 1)), feet: '', inches: '' };
  const totalInches = Math.round(cm / CM_PER_INCH);
  return {
    cm: '',
    feet: String(Math.floor(totalInches / INCHES_PER_FOOT)),
    inches: String(totalInches % INCHES_PER_FOOT),
  };
}

/** Typed height in cm (undefined when blank, NaN when not a height): whole feet, inches under 12. */
export function parseHeight(text: HeightText, unit: HeightUnit): number | undefined {
  if (unit === 'cm') return parseDecimal(text.cm);
  const feet = parseWhole(text.feet);
  const inches = parseDecimal(text.inches);
  if (feet === undefined && inches === undefined) return undefined;
  if (Number.isNaN(feet) || Number.isNaN(inches) || (inches ?? 0) >= INCHES_PER_FOOT) return Number.NaN;
  return ((feet ?? 0) * INCHES_PER_FOOT + (inches ?? 0)) * CM_PER_INCH;
}
