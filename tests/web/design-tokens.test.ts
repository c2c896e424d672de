// The design tokens live in one place, tailwind.config.ts, loaded by src/index.css with
// Tailwind 4's @config; both palettes name the same tokens and keep the contrast they promise.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import config, { darkColors, lightColors, type ColorToken } from '../../tailwind.config';

const css = fs.readFileSync(path.join(import.meta.dirname, '../../src/index.css'), 'utf8');

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}

// Text on the surfaces it is used on.
const TEXT_PAIRS: [ColorToken, ColorToken][] = [
  ['foreground', 'background'],
  ['card-foreground', 'card'],
  ['muted-foreground', 'background'],
  ['muted-foreground', 'card'],
  ['muted-foreground', 'muted'],
  ['primary-foreground', 'primary'],
  ['primary-strong', 'card'],
  ['primary-soft-foreground', 'primary-soft'],
  ['secondary-foreground', 'secondary'],
  ['destructive-foreground', 'destructive'],
  ['destructive-text', 'background'],
  ['destructive-text', 'card'],
  ['success-soft-foreground', 'success-soft'],
  ['warning-foreground', 'warning'],
  ['highlight-foreground', 'highlight'],
];

describe('design tokens', () => {
  it('src/index.css loads tailwind.config.ts and holds no colour of its own', () => {
    expect(css).toMatch(/@config '\.\.\/tailwind\.config\.ts';/);
    expect(css).not.toMatch(/#[0-9a-f]{3,8}\b/i);
    expect(css).not.toMatch(/@theme/);
  });

  it('light and dark name the same tokens, each a Tailwind colour reading its variable', () => {
    expect(Object.keys(darkColors).sort()).toEqual(Object.keys(lightColors).sort());
    const colors = config.theme.extend.colors as Record<string, string>;
    for (const name of Object.keys(lightColors)) expect(colors[name]).toBe(`var(--${name})`);
  });

  it.each([
    ['light', lightColors],
    ['dark', darkColors],
  ] as const)('%s: text meets 4.5:1 on its surfaces, field borders 3:1', (_name, palette) => {
    for (const [text, surface] of TEXT_PAIRS)
      expect(contrast(palette[text], palette[surface]), `${text} on ${surface}`).toBeGreaterThanOrEqual(4.5);
    expect(contrast(palette.input, palette.card)).toBeGreaterThanOrEqual(3);
    // A mark's underline tells it from the text around it, on any surface (WCAG 1.4.11).
    expect(contrast(palette['highlight-border'], palette.card)).toBeGreaterThanOrEqual(3);
    expect(contrast(palette['highlight-border'], palette.muted)).toBeGreaterThanOrEqual(3);
  });
});
