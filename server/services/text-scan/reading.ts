// How the hold rules read text: as a person sees it (docs/product-rules.md, "Moderation"). Every
// step is one pass over the text (no pattern here can backtrack over more than a few characters),
// so reading a 5,000-character field costs a few milliseconds whatever it holds
// (tests/server/hold-cost.test.ts).
import { rectifyConfusion } from 'unicode-confusables';
import { inDisplayOrder } from '../../../contract/safe-text';

// Zero-width and joining characters, soft hyphen, bidi controls, variation selectors, tags,
// fillers: none of them shows, all of them split a word for a pattern.
// The combining ones (U+034F, variation selectors, the enclosing keycap) stand alone: inside one
// class after another character they would read as a combining sequence. The keycap frame goes
// with the selector, so "5️⃣" reads as the 5 it shows.
const INVISIBLE_RE =
  /\u034F|\u20E3|[\uFE00-\uFE0F]|[\u00AD\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u2028-\u202E\u2060-\u206F\u3164\uFEFF\uFFA0\u{E0000}-\u{E0FFF}]/gu;
// Markdown a person does not see as characters: **bold**, __bold__, `code`, ~~strike~~.
const MARKUP_RE = /\*\*|__|`|~~/g;

/**
 * Width folded (NFKC). A few characters stand for whole words ("ﷺ" folds to 18 letters, "㌀" to
 * five): a text of them would be read as eighteen times its length, so when folding more than
 * doubles a text, each character is folded on its own and one that becomes more than two is read
 * as a space. A text of ordinary characters never takes that path.
 */
function widthFolded(text: string): string {
  const once = text.normalize('NFKC');
  if (once.length <= 2 * text.length + 64) return once;
  let out = '';
  for (const ch of text) {
    const folded = ch.normalize('NFKC');
    out += folded.length > 2 ? ' ' : folded;
  }
  return out;
}

/** What a reader sees of `text`: in display order, NFKC (width folded), invisible characters and markup removed. */
export function readable(text: string): string {
  return widthFolded(inDisplayOrder(text)).replace(INVISIBLE_RE, '').replace(MARKUP_RE, '');
}

// Every decimal digit of every script (Arabic-Indic ٥, Persian ۵, Devanagari ५, Bengali ৫...). The
// standard puts each script's digits in a run of ten code points from its zero, and NFKC has
// already turned the fullwidth, circled and mathematical ones into ASCII.
const OTHER_DIGIT_RE = /(?![0-9])\p{Nd}/gu;
const digitValues = new Map<string, string>();
function asciiDigit(ch: string): string {
  let value = digitValues.get(ch);
  if (value === undefined) {
    const cp = ch.codePointAt(0)!;
    let zero = cp;
    // Back to the first of the run of digits (runs hold whole sets of ten, each from its zero).
    while (zero > 0 && /\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero--;
    value = String((cp - zero) % 10);
    digitValues.set(ch, value);
  }
  return value;
}

// Full stops a browser or a reader takes for a dot: the ideographic one (NFKC has made the
// halfwidth and presentation forms into it; IDNA maps it to "." in an address), middle dots,
// bullets and the Arabic, Syriac, Mongolian, Lisu and Vai stops.
const FULL_STOP_RE =
  /[\u3002\u00B7\u2027\u30FB\u2219\u22C5\u2022\u06D4\u0701\u0702\u1803\u1809\uA4F8\uA60E\u2E31\u2E33]/g;

// Runs of spaces are one space and runs of blank lines one line: what a pattern below reads
// between two words is then one character at most.
const SPACES_RE = /[^\S\n]+/g;
const LINES_RE = / ?\n[\s]*/g;

/**
 * The text the detectors read: `readable`, every digit an ASCII digit, every full-stop look-alike
 * a dot, spaces collapsed.
 */
export function seen(text: string): string {
  return readable(text)
    .replace(OTHER_DIGIT_RE, asciiDigit)
    .replace(FULL_STOP_RE, '.')
    .replace(SPACES_RE, ' ')
    .replace(LINES_RE, '\n');
}

// Letters outside ASCII, in runs: the TR39 table maps each code point on its own, and one call
// per run costs a fortieth of one per character.
// oxlint-disable-next-line no-control-regex -- the range is every ASCII character
const NON_ASCII_RUN_RE = /[^\u0000-\u007F]+/g;

/** `text` with letters outside ASCII folded to the ASCII letters they imitate (TR39 prototypes). */
export function foldedLetters(text: string): string {
  return text.replace(NON_ASCII_RUN_RE, (run) => rectifyConfusion(run));
}

// "shop dot com", "shop [.] com", "shop(dot)com", "shop<dot>com", "me at gmail dot com", "me [at] gmail".
// After `seen`, a space is one character, so the optional spaces cannot backtrack.
const SPELLED_DOT_RE =
  / ?(?:\[ ?(?:\.|dot) ?\]|\( ?(?:\.|dot) ?\)|\{ ?(?:\.|dot) ?\}|< ?(?:\.|dot) ?>|\b(?:dot|d0t)\b) ?/gi;
const SPELLED_AT_RE = / ?(?:\[ ?(?:@|at) ?\]|\( ?(?:@|at) ?\)|\{ ?(?:@|at) ?\}|< ?(?:@|at) ?>) ?/gi;

/**
 * Spelled-out dots and ats turned back into the characters. A plain " at " is left alone: "buy at
 * shop.com" is a link either way, and "meet at noon" no address (the provider rule,
 * handles.ts, reads "seller at protonmail").
 */
export function despelled(text: string): string {
  return text.replace(SPELLED_DOT_RE, '.').replace(SPELLED_AT_RE, '@');
}

// Letter-spaced words ("p e p t i d e s h o p . c o m", "c o m"): three or more single
// characters, each followed by one space, joined (only in this reading, which counts only usual
// endings).
const LETTER_SPACED_RE = /(?<![\p{L}\p{N}])(?:[\p{L}\p{N}.@] ){2,}[\p{L}\p{N}.@](?![\p{L}\p{N}])/gu;
// A dot with a space before it ("shop . com", "shop .com"), and a comma between two labels with
// no space ("shop,com").
const SPACED_DOT_RE = / \. ?/g;
const COMMA_BETWEEN_LABELS_RE = /(?<=[\p{L}\p{N}]),(?=\p{L})/gu;
// "shopdotcom": "dot" glued to a usual ending.
const GLUED_DOT_RE = /(?<=[\p{L}\p{N}])dot(?=(?:com|net|org|info|shop|store|online)\b)/giu;

/**
 * The loose reading, for links only: letter-spaced words joined, spelled dots turned back, a dot with a space before it or
 * a comma between labels read as a dot, "dotcom" as ".com", and the ending of an address with
 * digits for letters (".c0m", ".n3t", ".0rg") read with the letters. What this finds counts only
 * when its ending is one of USUAL_ENDINGS (links.ts): "tired,so" or "pause . Then" are prose.
 */
export function loose(text: string): string {
  return despelled(text.replace(LETTER_SPACED_RE, (run) => run.replaceAll(' ', '')))
    .replace(SPACED_DOT_RE, '.')
    .replace(COMMA_BETWEEN_LABELS_RE, '.')
    .replace(GLUED_DOT_RE, '.')
    .replace(LEET_ENDING_RE, (ending) => ending.replace(/[0-9]/g, (d) => LEET[d] ?? d));
}

// An address's ending written with digits for letters: a dot after a label, then letters and
// digits with at least one of each.
const LEET_ENDING_RE = /(?<=[\p{L}\p{N}]\.)(?=[a-z]*[0-9])(?=[0-9]*[a-z])[a-z0-9]{2,8}(?![\p{L}\p{N}])/giu;
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't' };
