// Links and email addresses in one reading of a text (reading.ts). Candidates are found in one
// pass (a dot followed by a label that is a top-level domain of the full list, `tlds`; a scheme;
// "www."); linkify-it, the maintained detector, then reads only a short window around each, so
// its cost is bounded by the windows, not by the text (work.ts). Email addresses are found by
// expanding around each "@", a bounded number of characters each way.
import { LinkifyIt } from 'linkify-it';
import tlds from 'tlds';
import { Allowance, SCAN_LIMITS } from './work';

export interface Found {
  kind: 'link' | 'email';
  text: string;
}

const TLDS = new Set(tlds.map((t) => t.toLowerCase()));

/**
 * The endings a loose reading may find (reading.ts `loose`): the ones shops and sellers use, none
 * of them an English word a comma or a spaced dot could put after another ("tired,so" is .so,
 * "stopped,it" .it, "pause . Then" nothing).
 */
export const USUAL_ENDINGS: ReadonlySet<string> = new Set([
  'com',
  'net',
  'org',
  'info',
  'biz',
  'shop',
  'store',
  'online',
  'site',
  'xyz',
  'club',
  'vip',
  'icu',
  'top',
  'pro',
  'app',
  'io',
  'co',
  'ru',
  'su',
  'cn',
  'uk',
  'de',
  'nl',
  'fr',
  'es',
  'pl',
  'ca',
  'au',
  'eu',
  'ch',
  'se',
  'cz',
  'ua',
  'kz',
  'by',
  'hk',
  'tw',
  'sg',
  'ae',
  'rf',
  'рф',
]);

// Fuzzy links (no scheme) are off in linkify-it 6 unless asked for.
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true }).tlds(tlds);

// "It felt good.It was" reads as a link to good.it: the ending, written as a capitalised English
// word right after a full stop without a space, is taken for a new sentence. A real address
// written that way ("Shop.It") is rare, and the same address in lower or upper case is still found.
const SENTENCE_WORDS = new Set([
  'am',
  'an',
  'as',
  'at',
  'be',
  'by',
  'do',
  'go',
  'he',
  'hi',
  'if',
  'in',
  'is',
  'it',
  'me',
  'my',
  'no',
  'of',
  'ok',
  'on',
  'or',
  'so',
  'to',
  'up',
  'us',
  'we',
  'one',
  'new',
  'now',
  'day',
  'fun',
  'fit',
  'top',
  'win',
  'you',
  'how',
  'men',
  'art',
  'bio',
  'care',
  'life',
  'love',
  'best',
  'free',
  'good',
  'help',
  'here',
  'just',
  'live',
  'more',
  'next',
  'only',
  'plus',
  'real',
  'then',
  'time',
  'well',
  'work',
  'after',
  'today',
  'world',
]);

function isSentenceBreak(raw: string): boolean {
  const m = /([a-z])\.([A-Z][a-z]+)$/.exec(raw);
  return Boolean(m && SENTENCE_WORDS.has(m[2].toLowerCase()) && !/^https?:|^www\./i.test(raw));
}

// Where a link may be: a scheme, "www." (an address whatever follows it), or a dot and a label
// that could be an ending. Each alternative reads at most 64 characters past its start.
const CANDIDATE_RE = /\b(?:https?|ftp):\/\/|\bwww\.[\p{L}\p{N}-]{1,63}|\.([\p{L}\p{N}-]{2,63})(?![\p{L}\p{N}-])/giu;
const SPACE = /\s/;

/** The ending of a link's host ("com" of "https://shop.com/x?y"). */
function endingOf(raw: string): string {
  const host = raw.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split(/[/?#:]/)[0] ?? '';
  return host.slice(host.lastIndexOf('.') + 1).toLowerCase();
}

// An email address, also without its ending ("seller@protonmail"): at most 64 characters before
// the "@" and 253 after it.
const LOCAL_CHAR = /[a-z0-9._%+-]/i;
const DOMAIN_CHAR = /[a-z0-9.-]/i;

function emails(view: string): { text: string; from: number; to: number }[] {
  const out: { text: string; from: number; to: number }[] = [];
  for (let at = view.indexOf('@'); at >= 0; at = view.indexOf('@', at + 1)) {
    let from = at;
    while (from > 0 && at - from < 64 && LOCAL_CHAR.test(view[from - 1])) from--;
    let to = at + 1;
    while (to < view.length && to - at <= 253 && DOMAIN_CHAR.test(view[to])) to++;
    const domain = view.slice(at + 1, to).replace(/[.-]+$/, '');
    if (at - from < 2 || !/^[a-z0-9-]{2,}/i.test(domain)) continue;
    out.push({ text: `${view.slice(from, at)}@${domain}`, from, to: at + 1 + domain.length });
  }
  return out;
}

/** Whether [start, end) overlaps one of `spans` (in order, not overlapping each other): a binary search. */
function overlapsAny(spans: readonly { from: number; to: number }[], start: number, end: number): boolean {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid].to <= start) lo = mid + 1;
    else hi = mid;
  }
  return lo < spans.length && spans[lo].from < end;
}

/**
 * The links and email addresses in `view`. `usualOnly`: only links whose ending is one of
 * USUAL_ENDINGS (the loose reading). When the text's allowance of linkify-it runs out, the
 * next candidate counts as a link as it stands: a field with thousands of address-like words
 * waits for a moderator, whatever they are.
 */
export function findLinks(view: string, allowance: Allowance, usualOnly = false): Found[] {
  const found: Found[] = [];
  const mails = usualOnly ? [] : emails(view);
  for (const m of mails.slice(0, SCAN_LIMITS.findingsPerKind)) found.push({ kind: 'email', text: m.text });

  // Windows around the candidates: from the start of the candidate's word (at most 100
  // characters back) to its end (at most 150 on), merged while they touch and stay short.
  const windows: [number, number][] = [];
  for (const m of view.matchAll(CANDIDATE_RE)) {
    if (m[0].toLowerCase().startsWith('www.')) {
      found.push({ kind: 'link', text: m[0] });
      continue;
    }
    if (m[1] !== undefined) {
      const ending = m[1].toLowerCase();
      if (!TLDS.has(ending) || (usualOnly && !USUAL_ENDINGS.has(ending))) continue;
    }
    // Each character is looked at once: a candidate inside the last window extends it from its end.
    const at = m.index;
    const last = windows[windows.length - 1];
    const inLast = last !== undefined && at <= last[1] + 1;
    let from = at;
    if (!inLast) while (from > 0 && at - from < 100 && !SPACE.test(view[from - 1])) from--;
    let to = Math.max(at + m[0].length, inLast ? last[1] : 0);
    while (to < view.length && to - at < 150 && !SPACE.test(view[to])) to++;
    if (inLast && to - last[0] <= SCAN_LIMITS.window) last[1] = to;
    else windows.push([inLast ? Math.max(from, last[1]) : from, to]);
  }

  let links = 0;
  for (const [from, to] of windows) {
    if (links >= SCAN_LIMITS.findingsPerKind) break;
    if (!allowance.takeLinkChars(to - from)) {
      found.push({ kind: 'link', text: view.slice(from, to) });
      break;
    }
    for (const m of linkify.match(view.slice(from, to)) ?? []) {
      const start = from + m.index;
      const end = from + m.lastIndex;
      if (m.schema === 'mailto:') {
        if (!usualOnly) found.push({ kind: 'email', text: m.raw });
        continue;
      }
      // An email address is one finding, not also a link to its domain.
      if (overlapsAny(mails, start, end)) continue;
      if (isSentenceBreak(view.slice(Math.max(0, start - 1), end))) continue;
      if (usualOnly && !USUAL_ENDINGS.has(endingOf(m.raw))) continue;
      found.push({ kind: 'link', text: m.raw });
      links++;
    }
  }
  return found;
}
