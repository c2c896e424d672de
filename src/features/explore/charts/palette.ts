// The chart palette, one per theme: the one place series colours are chosen (Explore and any
// chart.js chart). Okabe–Ito's colour-blind-safe hues where they keep 3:1 against the card
// (WCAG 1.4.11 for graphics); on white, where Okabe–Ito's orange, sky blue and yellow fall under
// 3:1, violet, crimson, slate and plum take their places. Checked in tests/web/chart-palette.test.ts:
// every colour at least 3:1 on its card, and any two at least 15 apart (CIELAB ΔE) for normal
// vision and simulated deuteranopia, protanopia and tritanopia. Order matters: the most reported
// series get the first, most distinct colours; "Other" (in tables) is grey.

/** White card (`--card` of the light theme). */
export const SERIES_LIGHT = [
  '#0072B2',
  '#D55E00',
  '#009E73',
  '#7214FF',
  '#A80022',
  '#1E293B',
  '#7E70FF',
  '#9C0D71',
] as const;
/** Slate-900 card (`--card` of the dark theme). */
export const SERIES_DARK = [
  '#56B4E9',
  '#E69F00',
  '#009E73',
  '#F0E442',
  '#CC79A7',
  '#D55E00',
  '#E2E8F0',
  '#0072B2',
] as const;
/** The "Other" series: grey, dashed, so it never reads as one more peptide. */
export const OTHER_LIGHT = '#64748B';
export const OTHER_DARK = '#94A3B8';

export function seriesPalette(dark: boolean): { series: string[]; other: string } {
  return dark ? { series: [...SERIES_DARK], other: OTHER_DARK } : { series: [...SERIES_LIGHT], other: OTHER_LIGHT };
}
