// Look-alike hosts in a peptide page's web-address sources (docs/product-rules.md, "Reference
// pages"). What counts, after the URL parser's punycode is decoded back to letters: a label that
// mixes alphabets the way no real name does (Unicode TR39's "highly restrictive" level: one
// script, or Latin with the Chinese, Japanese or Korean ones a name may mix), or a label whose
// letters are all of another alphabet but read as Latin ones (its TR39 skeleton is plain ASCII:
// Cyrillic "аррӏе" for "apple"). A name in one alphabet that reads as itself (münchen.de,
// пептиды.рф) is a name, not an imitation. The rest (IP hosts, messengers) is the contract's
// (contract/sources.ts), where the form checks it too.
import { domainToUnicode } from 'node:url';
import { foldedLetters } from './text-scan/reading';

const SCRIPTS = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Georgian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Khmer',
  'Ethiopic',
  'Cherokee',
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
  'Bopomofo',
].map((name) => ({ name, re: new RegExp(`\\p{Script=${name}}`, 'u') }));

/** The sets of scripts one label may mix (TR39 "highly restrictive"). */
const ALLOWED_MIXES: readonly ReadonlySet<string>[] = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

function scriptOf(letter: string): string {
  return SCRIPTS.find((s) => s.re.test(letter))?.name ?? `other:${letter}`;
}

/** Whether one label of a host (Unicode) imitates another. */
function lookalikeLabel(label: string): boolean {
  // oxlint-disable-next-line no-control-regex -- the range is every ASCII character
  if (/^[\x00-\x7F]*$/.test(label)) return false;
  const scripts = new Set([...label].filter((ch) => /\p{L}/u.test(ch)).map(scriptOf));
  const oneScript = scripts.size <= 1 || ALLOWED_MIXES.some((mix) => [...scripts].every((s) => mix.has(s)));
  if (!oneScript) return true;
  return /^[a-z0-9-]+$/i.test(foldedLetters(label.normalize('NFKC')));
}

/** Whether a URL's host (as the URL parser writes it, punycode and all) imitates another name. */
export function isLookalikeHost(hostname: string): boolean {
  const unicode = domainToUnicode(hostname) || hostname;
  return unicode.split('.').some(lookalikeLabel);
}
