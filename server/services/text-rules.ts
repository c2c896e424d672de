// The hold rules read text as a person sees it (docs/product-rules.md, "Moderation"; text-scan/
// reading.ts): in display order, markup stripped, invisible characters removed, width folded
// (NFKC), every digit an ASCII digit and every full-stop look-alike a dot, look-alike letters
// folded to the letters they imitate (the Unicode TR39 confusables table), spelled-out dots and
// ats turned back. Then links and email addresses are found around their candidates by
// `linkify-it` with the full list of top-level domains (text-scan/links.ts), phone numbers by
// their shape and international ones by `libphonenumber-js` (text-scan/phones.ts), messenger
// handles and addresses spelled with a provider (text-scan/handles.ts), and a short list of
// dangerous advice by the phrases below. Each finding carries the text matched, so the
// moderators' queue can highlight it; they are computed when a report is written and stored
// with it (services/publication/holds.ts ownHolds, migration 030), never when the queue is read.
//
// Every step is linear in the text, and the libraries only read short windows within a fixed
// allowance (text-scan/work.ts): a field of 5,000 hostile characters costs a few milliseconds
// (tests/server/hold-cost.test.ts), where the rules before took 1.5-2.5 s.
import { createHash } from 'node:crypto';
import { rectifyConfusion } from 'unicode-confusables';
import type { HoldReason, MatchKind } from '../../contract/moderation';
import { findHandles } from './text-scan/handles';
import { findLinks } from './text-scan/links';
import { findPhones } from './text-scan/phones';
import { despelled, foldedLetters, loose, readable, seen } from './text-scan/reading';
import { Allowance, SCAN_LIMITS, scanWork } from './text-scan/work';

export { readable } from './text-scan/reading';
export { scanWork } from './text-scan/work';

export type FindingKind = MatchKind;

export interface Finding {
  kind: FindingKind;
  /** What was matched, as the reader sees it (after normalising): what the queue highlights. */
  text: string;
}

/**
 * The TR39 skeleton of the readable text, lower-cased with spaces collapsed: two texts that look
 * alike have the same skeleton (the repeat rule and peptide names compare these).
 */
export function skeleton(text: string): string {
  // Capitals first, lower case after: the table maps capital I to l and small m to rn, so either
  // case alone would tell "IN" from "in" or "MOTS" from "mots"; in capitals both spellings meet.
  // Every dash is one dash (the table sends the em dash elsewhere).
  const upper = readable(text)
    .replace(/\p{Pd}/gu, '-')
    .toUpperCase()
    .normalize('NFD');
  return rectifyConfusion(upper).normalize('NFD').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Dangerous advice that waits for a moderator: a short list, written here, of phrases that have
 * no harmless reading in a report (docs/product-rules.md, "Moderation"). Each needs all its parts.
 */
export const DANGER_PHRASES: readonly { name: string; all: readonly RegExp[] }[] = [
  {
    name: 'a multiple of a dose',
    all: [
      /\b(?:double|triple|quadruple|twice|three times|four times|five times|ten times|\d{1,2}\s*x|\d{1,2}\s*times)\s+(?:the\s+|my\s+|a\s+|your\s+)?(?:recommended\s+|normal\s+|usual\s+|prescribed\s+|standard\s+)?(?:dose|dosage|amount)\b/i,
    ],
  },
  {
    name: 'keeping it from a doctor',
    all: [
      /\b(?:don'?t|do not|never|no need to)\s+(?:tell|inform|ask|let|mention\s+it\s+to)\s+(?:your|the|a|my)?\s*(?:doctor|doc|physician|gp|md|nurse|pharmacist)\b/i,
    ],
  },
  {
    name: 'pushing through heart symptoms',
    all: [
      /\b(?:heart\s+(?:was\s+)?racing|racing\s+heart|palpitations?|chest\s+(?:pain|tightness)|tachycardia|irregular\s+heart\s*beat|heart\s+pounding)\b/i,
      /\b(?:do\s+it\s+anyway|anyway|push(?:ed)?\s+through|keep\s+going|ignore(?:d)?\s+it|worth\s+it|no\s+big\s+deal)\b/i,
    ],
  },
];

/** Everything the hold rules find in `texts`, each once, at most SCAN_LIMITS.findingsPerKind of a kind (see the file's head for how). */
export function findHoldMatches(texts: readonly string[]): Finding[] {
  const findings = new Map<string, Finding>();
  const perKind = new Map<FindingKind, number>();
  const add = (kind: FindingKind, raw: string) => {
    const text = raw.length > SCAN_LIMITS.findingLength ? `${raw.slice(0, SCAN_LIMITS.findingLength - 1)}…` : raw;
    const key = `${kind}:${text.toLowerCase()}`;
    const n = perKind.get(kind) ?? 0;
    if (findings.has(key) || n >= SCAN_LIMITS.findingsPerKind) return;
    perKind.set(kind, n + 1);
    findings.set(key, { kind, text });
  };
  const allowance = new Allowance();
  const cpu = process.cpuUsage();
  for (const source of texts) {
    if (!source) continue;
    scanWork.texts++;
    const shown = seen(source);
    const letters = foldedLetters(shown);
    const strict = [...new Set([shown, letters, despelled(shown), despelled(letters)])];
    const loosely = loose(letters);
    for (const view of strict) {
      scanWork.chars += view.length;
      for (const f of findLinks(view, allowance)) add(f.kind, f.text);
    }
    if (!strict.includes(loosely)) {
      scanWork.chars += loosely.length;
      for (const f of findLinks(loosely, allowance, true)) add(f.kind, f.text);
    }
    for (const view of new Set([letters, despelled(letters)])) {
      scanWork.chars += view.length;
      for (const p of findPhones(view, allowance)) add('phone', p);
    }
    scanWork.chars += letters.length;
    for (const f of findHandles(letters)) add(f.kind, f.text);
    for (const phrase of DANGER_PHRASES) {
      const hits = phrase.all.map((re) => re.exec(shown));
      if (hits.every(Boolean)) add('danger', hits.map((h) => h![0]).join(' … '));
    }
  }
  const used = process.cpuUsage(cpu);
  scanWork.cpuMs += (used.user + used.system) / 1000;
  return withoutFragments([...findings.values()]);
}

/**
 * The findings less those that are part of another of the same kind: two readings of one address
 * can end at different places ("www.peptide-shop" beside "https://www.peptide-shop.com/bpc"), and
 * the queue would list the one link twice, the second looking like another address. A finding cut
 * at SCAN_LIMITS.findingLength is compared without its ellipsis. Reports stored before this held
 * both (migration 030), so the queue applies it when it reads them too.
 */
export function withoutFragments<F extends Finding>(findings: readonly F[]): F[] {
  const bare = (f: Finding) => f.text.replace(/…$/, '').toLowerCase();
  return findings.filter(
    (f, i) =>
      !findings.some((other, j) => {
        if (j === i || other.kind !== f.kind) return false;
        const [mine, theirs] = [bare(f), bare(other)];
        // Of two equal texts (differing only in case or the ellipsis) the first stays.
        return theirs === mine ? j < i : theirs.includes(mine);
      }),
  );
}

/** The text rules' hold reasons, in a fixed order, from what they found. */
export function holdReasonsOf(findings: readonly Finding[]): HoldReason[] {
  const kinds = new Set<HoldReason>(findings.map((f) => f.kind));
  return (['link', 'email', 'phone', 'handle', 'danger'] as const).filter((r) => kinds.has(r));
}

/** The hold reasons of a report's free texts, in a fixed order. */
export function textHoldReasons(texts: readonly string[]): HoldReason[] {
  return holdReasonsOf(findHoldMatches(texts));
}

/** The story's skeleton hashed: two stories that read the same have the same hash (the repeat rule). */
export function storyHash(story: string): string {
  return createHash('sha256')
    .update(
      skeleton(story)
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim(),
    )
    .digest('hex');
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
  scanWork.shingles++;
  const words = skeleton(story)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
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
  for (let b = 0; b < BANDS; b++)
    bands.push(hash32(`${b}:${signature.slice(b * ROWS, (b + 1) * ROWS).join(',')}`, 0x5bd1e995) | 0);
  return bands;
}
