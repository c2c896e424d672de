// A className given to Button (or joined to buttonClasses with cn) may add layout around the
// button, never a second utility for something the button's variant or size already sets: `cn`
// only joins names, and of two utilities for one property the stylesheet's order wins, not the
// class list's. So `text-destructive` on a ghost button stayed black, `size-8` on an icon button
// stayed 40 px and `h-7` on a small one 32 px (./button.tsx). Sizes and variants carry them instead.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '../..');

/** Utilities of properties that base, variants and sizes in ./button.tsx set, plain or on hover
 * (a state the button has no style for, such as `aria-disabled:`, is free to add). */
const SET_BY_BUTTON =
  /^(?:hover:)?(?:h|min-h|px|py|p|size|gap|rounded|text|bg|border|font|whitespace|shrink|inline-flex|flex|items|justify-center|opacity)(?:-|$)/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [full] : [];
  });
}

/** Each static class list given to a Button, or joined to buttonClasses by cn, with its file. */
function extraClassLists(): { file: string; classes: string }[] {
  const found: { file: string; classes: string }[] = [];
  for (const file of sourceFiles(SRC)) {
    const text = fs.readFileSync(file, 'utf8');
    const rel = path.relative(SRC, file);
    for (const m of text.matchAll(/<Button\b[^>]*?\sclassName="([^"]*)"/g)) found.push({ file: rel, classes: m[1] });
    for (const m of text.matchAll(/cn\(\s*buttonClasses\([^)]*\),\s*([\s\S]*?)\)\}/g))
      for (const s of m[1].matchAll(/'([^']*)'/g)) found.push({ file: rel, classes: s[1] });
  }
  return found;
}

describe('Button class names', () => {
  it('finds the class lists it checks (the scan itself works)', () => {
    const lists = extraClassLists();
    expect(lists.some((l) => l.classes === 'w-full')).toBe(true);
    expect(lists.some((l) => l.file.endsWith('VoteButtons.tsx'))).toBe(true);
  });

  it('never adds a utility for a property the variant or size sets', () => {
    const conflicts = extraClassLists().flatMap(({ file, classes }) =>
      classes
        .split(/\s+/)
        .filter((c) => SET_BY_BUTTON.test(c))
        .map((c) => `${file}: ${c}`),
    );
    expect(conflicts).toEqual([]);
  });
});
