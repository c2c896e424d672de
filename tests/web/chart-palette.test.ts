// Explore's chart colours (src/features/explore/charts): every series colour keeps 3:1 against
// the card in its theme, and no two are alike, for normal vision or the common colour-vision
// deficiencies; a phone shows the first five series and the rest as "Other".
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useThemeColors } from '@/features/explore/charts/ChartCanvas';
import { chartSeries } from '@/features/explore/charts/chart-series';

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const gamma = (c: number) => {
  const v = Math.min(1, Math.max(0, c));
  return v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055;
};
const luminance = (hex: string) => {
  const [r, g, b] = channels(hex).map(linear) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

// Machado, Oliveira and Fernandes (2009), full severity, on linear RGB.
const DEFICIENCIES: Record<string, number[][]> = {
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};
function seen(hex: string, matrix?: number[][]): number[] {
  const rgb = channels(hex).map(linear);
  return matrix ? matrix.map((row) => gamma(row.reduce((sum, m, i) => sum + m * rgb[i]!, 0))) : channels(hex);
}
function lab(rgb: number[]): [number, number, number] {
  const [r, g, b] = rgb.map(linear) as [number, number, number];
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}
const deltaE = (a: number[], b: number[]) => Math.hypot(...a.map((v, i) => v - b[i]!));

function palette(theme: 'light' | 'dark') {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  return renderHook(() => useThemeColors()).result.current;
}
afterEach(() => document.documentElement.classList.remove('dark'));

describe('chart palette', () => {
  it.each([
    ['light', '#ffffff'],
    ['dark', '#0f172a'],
  ] as const)(
    '%s: every series keeps 3:1 on the card and no two are alike, whatever the colour vision',
    (theme, card) => {
      const { series, other } = palette(theme);
      expect(series.length).toBeGreaterThanOrEqual(8);
      for (const colour of [...series, other]) expect(contrast(colour, card), colour).toBeGreaterThanOrEqual(3);
      for (const matrix of [undefined, ...Object.values(DEFICIENCIES)]) {
        for (let i = 0; i < series.length; i++) {
          for (let j = i + 1; j < series.length; j++) {
            const distance = deltaE(lab(seen(series[i]!, matrix)), lab(seen(series[j]!, matrix)));
            expect(distance, `${series[i]} vs ${series[j]}`).toBeGreaterThanOrEqual(15);
          }
        }
      }
    },
  );

  it('draws the five most reported series and no "Other" line; the table keeps the rest', () => {
    const series = Array.from({ length: 8 }, (_, i) => ({ key: `p${i}`, name: `P${i}`, counts: [i, 1] }));
    const withOther = [...series, { key: 'other', name: 'Other', counts: [10, 10] }];
    expect(chartSeries(withOther).map((s) => s.name)).toEqual(['P0', 'P1', 'P2', 'P3', 'P4']);
    expect(chartSeries(series.slice(0, 3)).map((s) => s.name)).toEqual(['P0', 'P1', 'P2']);
  });
});
