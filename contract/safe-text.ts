// One rule for every text a visitor can store, so whatever is stored is safe for every reader of
// it: the SPA's JSON reader (src/api/json.ts), PostgreSQL's text and jsonb, other visitors'
// screens and the research export.
//   - Text is NFC-normalised, so one word is stored (and counted, and searched) one way.
//   - Broken unicode (a lone surrogate: PostgreSQL refuses it in jsonb), NUL (refused in text)
//     and other C0/C1 control characters are refused with 400. Only multi-line text (a story, a
//     peptide description, a moderator's note) may hold newlines and tabs; "\r\n" and "\r" count
//     as a newline there and are stored as "\n".
//   - Zero-width and bidi-control characters are removed from single-line text (names, list
//     entries, outcome names, dosage...): they make two names look alike, or reorder what is
//     shown after them. Bidi controls are removed from multi-line text too (a story, a
//     description), after a right-to-left override's text is put in the order it showed in
//     (inDisplayOrder): stored text shows as it reads, and the hold rules read what a reader saw
//     (docs/product-rules.md, "Moderation").
//   - A user-chosen name or key that JSON readers treat specially (`__proto__`, `constructor`,
//     `prototype`, compared case-insensitively after trimming: the aggregates lower-case
//     outcome names, see server/db/migrations/001_init.sql) is refused with 400.
// server/lib/json-body.ts refuses NUL, lone surrogates and reserved keys in every request body
// as well, so a schema that forgets this rule still cannot store them. server/db/migrations/006_safe_text.sql
// cleaned what was stored before. zod/mini only: this module is part of the SPA's first load.
import { z } from 'zod/mini';

const RESERVED_NAMES: readonly string[] = ['__proto__', 'constructor', 'prototype'];
export const RESERVED_NAME_MESSAGE = 'a name cannot be __proto__, constructor or prototype';
export const BROKEN_TEXT_MESSAGE = 'contains characters that are not allowed (control characters or broken unicode)';

/** A UTF-16 surrogate without its pair: not a character, and refused by PostgreSQL's jsonb. */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** C0 controls (NUL included), DEL and C1 controls. */
// oxlint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
/** The same, newline and tab aside (multi-line text, after "\r\n" became "\n"). */
// oxlint-disable-next-line no-control-regex -- as above
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
/** Zero-width characters, bidi controls, word joiners, the byte-order mark and the soft hyphen. */
export const INVISIBLE = /[\u00AD\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
/** Bidi controls: the Arabic letter mark, the marks, embeddings, overrides and isolates. */
export const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** A right-to-left override's run: to its pop (U+202C) or the end of the line. */
const RIGHT_TO_LEFT_RUN = /\u202E([^\u202C\n]*)\u202C?/g;
/** A letter of a script written right to left. */
const RIGHT_TO_LEFT_LETTER = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/**
 * Text in the order it shows: a right-to-left override shows the left-to-right text after it (up
 * to its pop or the end of the line) reversed, so "\u202Emoc.pohsedittpep" shows as
 * "peptideshop.com"; such a run is written in that order. A run with right-to-left letters is
 * left as it is (its controls are removed after). Linear in the text.
 */
export function inDisplayOrder(text: string): string {
  if (!text.includes('\u202E')) return text;
  return text.replace(RIGHT_TO_LEFT_RUN, (_, run: string) =>
    RIGHT_TO_LEFT_LETTER.test(run) ? run : [...run].reverse().join(''),
  );
}

/** True for `__proto__`, `constructor` or `prototype`, whatever the case and surrounding spaces. */
export function isReservedName(name: string): boolean {
  return RESERVED_NAMES.includes(name.trim().toLowerCase());
}

/** True when single-line text holds a lone surrogate or a control character (refused, not cleaned). */
export function isBrokenLine(text: string): boolean {
  return LONE_SURROGATE.test(text) || CONTROL.test(text);
}

/** A single line as stored: invisible characters removed, NFC, trimmed. */
export function cleanLine(text: string): string {
  return inDisplayOrder(text).replace(INVISIBLE, '').normalize('NFC').trim();
}

/** Checks, in order, for single-line text (spread first into `.check(...)`, before length checks). */
function lineChecks(message: string) {
  return [z.refine<string>((s) => !isBrokenLine(s), { error: message, abort: true }), z.overwrite(cleanLine)];
}

/** Single-line text: dosage, batch id, search terms, peptide fields that are not descriptions. */
export function lineText() {
  return lineChecks(BROKEN_TEXT_MESSAGE);
}

/** A user-chosen name or key (outcome and effect names, list entries, a peptide's name). */
export function nameText() {
  return [
    ...lineChecks(`a name ${BROKEN_TEXT_MESSAGE}`),
    z.refine<string>((s) => !isReservedName(s), { error: RESERVED_NAME_MESSAGE, abort: true }),
  ];
}

/** Multi-line text (a story, a description, a note): newlines and tabs allowed, bidi controls removed (in display order). */
export function proseText() {
  return [
    z.overwrite((s: string) => s.replace(/\r\n?/g, '\n')),
    z.refine<string>((s) => !LONE_SURROGATE.test(s) && !CONTROL_EXCEPT_LINES.test(s), {
      error: BROKEN_TEXT_MESSAGE,
      abort: true,
    }),
    z.overwrite(cleanProse),
  ];
}

/**
 * Multi-line text as stored (after proseText's checks): in display order, bidi controls removed,
 * NFC, trimmed. Its length is what the length rules count (contract/story.ts storyLength).
 */
export function cleanProse(text: string): string {
  return inDisplayOrder(text.replace(/\r\n?/g, '\n')).replace(BIDI_CONTROLS, '').normalize('NFC').trim();
}

/** Single-line text of at most `max` characters (at least `min` after cleaning). */
export const Line = (max: number, min = 0) => z.string().check(...lineText(), z.minLength(min), z.maxLength(max));

/** A name or key of at most `max` characters: blank, reserved or broken names are refused. */
export const Name = (max: number) =>
  z
    .string()
    .check(
      ...nameText(),
      z.minLength(1, 'a name cannot be blank'),
      z.maxLength(max, `a name must be at most ${max} characters`),
    );

/** Multi-line text of at most `max` characters (at least `min` after trimming). */
export const Prose = (max: number, min = 0) => z.string().check(...proseText(), z.minLength(min), z.maxLength(max));

function hasReservedOwnKey(value: unknown): boolean {
  // JSON.parse makes `"__proto__"` an own key, which z.record skips without a word: look first.
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).some(isReservedName)
  );
}

/**
 * A record whose keys visitors choose (outcome names): every key is a `Name`, and a reserved
 * key is refused rather than silently dropped.
 */
export function NamedRecord<V extends z.core.SomeType>(value: V, maxKeyLength: number) {
  const record = z.record(Name(maxKeyLength), value);
  return z.pipe(
    z.custom<z.input<typeof record>>((o) => !hasReservedOwnKey(o), { error: RESERVED_NAME_MESSAGE, abort: true }),
    record,
  );
}
