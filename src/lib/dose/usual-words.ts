// The words of the dose check (src/components/dose/DoseCheckNote.tsx): what is usual for a
// peptide, in mcg below 1000 and in mg from there, as a person reads doses.
import { amountText, type UsualDose } from '@contract/doses';

/** 250 → "250 mcg"; 2500 → "2.5 mg"; at most two decimals. */
export function mcgWords(mcg: number): string {
  const round = (x: number) => amountText(Math.round(x * 100) / 100);
  return mcg >= 1000 ? `${round(mcg / 1000)} mg` : `${round(mcg)} mcg`;
}

/** "200-500 mcg", "1-2 mg", "500 mcg to 2 mg", or one amount when low and high are the same. */
export function usualWords(usual: UsualDose): string {
  const { lowMcg, highMcg } = usual;
  if (mcgWords(lowMcg) === mcgWords(highMcg)) return mcgWords(lowMcg);
  const sameUnit = lowMcg >= 1000 === highMcg >= 1000;
  if (!sameUnit) return `${mcgWords(lowMcg)} to ${mcgWords(highMcg)}`;
  const [low] = mcgWords(lowMcg).split(' ');
  return `${low}-${mcgWords(highMcg)}`;
}
