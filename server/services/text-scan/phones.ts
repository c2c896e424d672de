// Phone numbers in one reading of a text (reading.ts), in one pass. A number is what a reader
// takes for one: 7 to 15 digits in groups joined as people write numbers (spaces, dots, dashes,
// slashes, bars, commas without a space, parentheses), with digits spelled out ("five five
// five") or written with the letters that imitate them (l, I, O, S) read as digits. Not a
// number: a date, an amount with its unit or currency, a decimal, a count written with thousands
// separators, years, a batch, lot, CAS or ISBN number named as such, digits inside a word.
// A number in international form ("+44 …", "0044 …") is judged by libphonenumber-js (a country
// calling code and a length it allows), within the text's allowance (work.ts).
//
// Why not the library for every number: in the formats of 16 countries its national validity
// accepted nearly every run of 7 digits ("1111111" in Sweden, "2500000" in Germany and Ireland,
// "20192020" in both), and its finder took 1.5-2.5 s over a field of "1 1 1 …".
import { isPossiblePhoneNumber } from 'libphonenumber-js/max';
import { Allowance, SCAN_LIMITS, scanWork } from './work';

// Dates are not phone numbers: 2026-11-25, 25/11/2026, 25.11.26. A date stands alone:
// "06.12.34.56.78" is a phone number, not a date followed by digits.
const DATE_RE = /(?<![-/.\d])(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4})(?![-/.]?\d)/g;
const SPELLED_DIGIT_RE = /\b(?:zero|one|two|three|four|five|six|seven|eight|nine)\b/gi;
const SPELLED_VALUE: Record<string, string> = {
  zero: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
};
// A word of digits and the letters that imitate them, with at least one digit: "l23", "4S67", "O6".
const DIGIT_WORD_RE = /(?<![\p{L}\p{N}])[0-9lIOoS]*[0-9][0-9lIOoS]*(?![\p{L}\p{N}])/gu;
const LETTER_DIGIT: Record<string, string> = { l: '1', I: '1', O: '0', o: '0', S: '5' };

const blank = (date: string) => ' '.repeat(date.length);
const spelledValue = (word: string) => SPELLED_VALUE[word.toLowerCase()];
const letterDigit = (ch: string) => LETTER_DIGIT[ch];
const asDigits = (word: string) => word.replace(/[lIOoS]/g, letterDigit);

/** The reading the numbers are looked for in: dates blanked, spelled digits and imitating letters as digits. */
function phoneReading(view: string): string {
  return view.replace(DATE_RE, blank).replace(SPELLED_DIGIT_RE, spelledValue).replace(DIGIT_WORD_RE, asDigits);
}

const isDigit = (ch: string | undefined) => ch !== undefined && ch >= '0' && ch <= '9';
const WORD_CHAR = /[\p{L}\p{N}]/u;
const isWordChar = (ch: string | undefined) => ch !== undefined && WORD_CHAR.test(ch);
/** What may join two groups, besides a space: dashes, dot, slashes, underscore, bar. */
const SEPARATORS = new Set(['-', '\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '.', '/', '\\', '_', '|']);

type Joiner = ' ' | '-' | '.' | '/' | '|' | ',' | ', ';

interface Span {
  from: number;
  to: number;
  plus: boolean;
  groups: string[];
  /** Whether each group was written in parentheses ("+44 (0)20 …"). */
  inParens: boolean[];
  /** joiners[i] joins groups[i] and groups[i + 1]. */
  joiners: Joiner[];
}

/** Whether a group starts at `k`: a digit, or "(" and a digit. */
function groupStarts(s: string, k: number): boolean {
  return isDigit(s[k]) || (s[k] === '(' && isDigit(s[k + 1]));
}

/** The joiner at `j` (after a group) and its length, when a group follows it. */
function joinerAt(s: string, j: number, previousGroup: string): [Joiner, number] | null {
  const c = s[j];
  if (c === ',' && isDigit(s[j + 1])) return [',', 1];
  // "555, 123, 4567": a comma and a space join only groups of three or more ("7/10, 8/10" is a list).
  if (
    c === ',' &&
    s[j + 1] === ' ' &&
    previousGroup.length >= 3 &&
    isDigit(s[j + 2]) &&
    isDigit(s[j + 3]) &&
    isDigit(s[j + 4])
  )
    return [', ', 2];
  const space = c === ' ' ? 1 : 0;
  const sep = s[j + space];
  if (sep !== undefined && SEPARATORS.has(sep)) {
    const after = s[j + space + 1] === ' ' ? 1 : 0;
    const kind = sep === '.' ? '.' : sep === '/' || sep === '\\' ? '/' : sep === '|' ? '|' : '-';
    if (groupStarts(s, j + space + 1 + after)) return [kind, space + 1 + after];
  }
  if (space && groupStarts(s, j + 1)) return [' ', 1];
  return null;
}

/** Reads the groups of digits starting at `i` (a digit, "+" or "(" before a digit). */
function spanAt(s: string, i: number): Span {
  let j = i;
  const plus = s[j] === '+';
  if (plus) j++;
  const groups: string[] = [];
  const inParens: boolean[] = [];
  const joiners: Joiner[] = [];
  for (;;) {
    const open = s[j] === '(';
    if (open) j++;
    const start = j;
    while (isDigit(s[j])) j++;
    groups.push(s.slice(start, j));
    inParens.push(open && s[j] === ')');
    if (s[j] === ')') j++;
    const joiner = joinerAt(s, j, groups[groups.length - 1]);
    if (!joiner) break;
    joiners.push(joiner[0]);
    j += joiner[1];
  }
  return { from: i, to: j, plus, groups, inParens, joiners };
}

// A number followed by a unit is a dose or an amount, never a phone number ("x" only after a
// short one: "555 123 4567 x" is an extension).
const UNIT_AFTER_RE =
  /[ ]?(?:mg|mcg|µg|ug|iu|ui|ml|cc|units?|x|%|g|kg|lbs?|ng|pg|mmol|nmol|pmol|bpm|kcal|cal|steps|days?|weeks?|months?|years?|hours?|hrs?|mins?|minutes?|times|doses?|reports?|people|€|\$|£|usd|eur|gbp|dollars?|euros?|pounds?)(?![\p{L}])/iuy;
// Named as another kind of number, or an amount: the few characters before the digits.
const NAMED_BEFORE_RE =
  /(?:\b(?:batch|lot|serial|s\/n|order|invoice|ref|tracking|cas|isbn|issn|pmid|pmcid|doi|nct|version|ver|build)\b[ #:.nNoOr]{0,6}|[$€£¥₹]|\b(?:usd|eur|gbp|chf|aud|cad)) ?$/i;
// A word that counts things: after a number written as people write a phone number ("555 123 4567
// days a week") it does not make the number an amount, as a dose's unit does.
const COUNT_WORD = /^(?:days?|weeks?|months?|years?|hours?|hrs?|mins?|minutes?|times|people|reports?)$/;
/** Ten digits or more in three groups or more, the last of four: how most countries write a number to dial. */
const dialled = (span: Span) =>
  span.groups.length >= 3 && span.groups[span.groups.length - 1].length === 4 && digitCount(span.groups) >= 10;
const YEAR = /^(?:19|20)\d\d$/;
const CAS_RE = /^\d{2,7}-\d{2}-\d$/;

/** Whether groups joined so are a number of another kind: decimal, thousands, years, a CAS number. */
function otherNumber(groups: readonly string[], joiners: readonly Joiner[], text: string): boolean {
  if (groups.every((g) => YEAR.test(g))) return true;
  if (CAS_RE.test(text)) return true;
  // A decimal ("1234.5678"), or a count with thousands separators and maybe decimals ("1,299.99").
  if (joiners.length === 1 && (joiners[0] === '.' || joiners[0] === ',')) return true;
  let n = joiners.length;
  if (
    n >= 2 &&
    (joiners[n - 1] === '.' || joiners[n - 1] === ',') &&
    joiners[n - 1] !== joiners[n - 2] &&
    groups[n].length <= 2
  )
    n--;
  const thousands =
    n >= 1 && (joiners[0] === ',' || joiners[0] === '.') && joiners.slice(0, n).every((j) => j === joiners[0]);
  return thousands && groups[0].length <= 3 && groups.slice(1, n + 1).every((g) => g.length === 3);
}

/** A joiner of a decimal, a thousands group or a fraction. */
function pairJoiner(j: Joiner | undefined): boolean {
  return j === '.' || j === ',' || j === '/';
}

const digitCount = (groups: readonly string[]) => groups.reduce((n, g) => n + g.length, 0);
/** groups[from..to] as written, their joiners between them. */
const partText = (span: Span, from: number, to: number) =>
  span.groups
    .slice(from, to + 1)
    .map((g, k) => g + (k < to - from ? span.joiners[from + k] : ''))
    .join('');

/** Whether groups[from..to] (a part of a span) read as a phone number on their own. */
function isNational(span: Span, from: number, to: number): boolean {
  const groups = span.groups.slice(from, to + 1);
  const joiners = span.joiners.slice(from, to);
  const digits = digitCount(groups);
  if (digits < 7 || digits > 15) return false;
  return !otherNumber(groups, joiners, partText(span, from, to));
}

/**
 * The phone numbers in `view`, each as written (as read after the folds): at most
 * SCAN_LIMITS.findingsPerKind.
 */
export function findPhones(view: string, allowance: Allowance): string[] {
  const s = phoneReading(view);
  const found: string[] = [];
  let i = 0;
  while (i < s.length && found.length < SCAN_LIMITS.findingsPerKind) {
    const c = s[i];
    const opens = isDigit(c) || ((c === '+' || c === '(') && isDigit(s[i + 1]));
    if (!opens) {
      i++;
      continue;
    }
    // Digits inside a word ("AB12345678", "tag1764049390123") are not a number a reader dials.
    if (isWordChar(s[i - 1])) {
      i++;
      while (i < s.length && isWordChar(s[i])) i++;
      continue;
    }
    const span = spanAt(s, i);
    scanWork.phoneSpans++;
    i = Math.max(span.to, i + 1);
    if (isWordChar(s[span.to])) {
      while (i < s.length && isWordChar(s[i])) i++;
      continue;
    }
    const text = s.slice(span.from, span.to).trim();
    if (digitCount(span.groups) < 7) continue;
    const international = span.plus || span.groups[0].startsWith('00');
    if (international) {
      // The trunk prefix some write after the country code ("+44 (0)20 …") is not dialled.
      const digits = span.groups
        .filter((g, k) => !(k > 0 && span.inParens[k] && /^0+$/.test(g)))
        .join('')
        .replace(/^00/, '');
      if (digits.length < 7 || digits.length > 15) continue;
      if (!allowance.takeLibraryCall() || isPossiblePhoneNumber(`+${digits}`)) found.push(text);
      continue;
    }
    UNIT_AFTER_RE.lastIndex = span.to;
    const unit = UNIT_AFTER_RE.exec(s)?.[0].trim().toLowerCase();
    if (unit && unit !== 'x' && !(COUNT_WORD.test(unit) && dialled(span))) continue;
    if (NAMED_BEFORE_RE.test(s.slice(Math.max(0, span.from - 24), span.from))) continue;
    // A list of decimals or fractions ("82.5 81.9 81.2", "120/80 118/76"): each part between
    // spaces on its own.
    const parts: [number, number][] = [];
    let start = 0;
    const listLike = span.joiners.some(
      (j, k) => pairJoiner(j) && (span.joiners[k - 1] ?? ' ') === ' ' && (span.joiners[k + 1] ?? ' ') === ' ',
    );
    for (let k = 0; k <= span.joiners.length; k++) {
      if (k === span.joiners.length || (listLike && span.joiners[k] === ' ')) {
        parts.push([start, k]);
        start = k + 1;
      }
    }
    for (const [from, to] of parts) {
      if (digitCount(span.groups.slice(from, to + 1)) <= 15) {
        if (isNational(span, from, to)) found.push(parts.length === 1 ? text : partText(span, from, to));
        continue;
      }
      // A long run: any few groups of it that read as a number.
      for (let a = from; a <= to && found.length < SCAN_LIMITS.findingsPerKind; a++) {
        let digits = 0;
        for (let b = a; b <= to; b++) {
          digits += span.groups[b].length;
          if (digits > 15) break;
          if (digits >= 7 && isNational(span, a, b)) {
            found.push(partText(span, a, b));
            a = b;
            break;
          }
        }
      }
    }
  }
  return found;
}
