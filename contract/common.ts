// Shared vocabulary, envelopes and error formatting for every endpoint.
// zod/mini keeps the SPA's first load small; the same schemas run on the server.
import { z } from 'zod/mini';
import { lineText, nameText } from './safe-text';
import { MAX_PAGE_SIZE, UUID_RE } from './vocabulary';

export * from './vocabulary';
export * from './safe-text';

export const Id = z.string().check(z.regex(UUID_RE, 'must be a valid id'));

/** Path parameters of the routes that name one thing (`/api/experiences/:id`). */
export const IdParams = z.object({ id: Id });

export const IsoDate = z.string();

/** Successful envelope: `{ success: true, data, message? }`. */
export function ok<T extends z.ZodMiniType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.optional(z.string()) });
}

export const ApiErrorBody = z.object({ success: z.literal(false), error: z.string() });
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** Query-string integers arrive as text. */
export const QueryInt = (min: number, max: number, fallback: number) =>
  z._default(z.coerce.number().check(z.int('must be a whole number'), z.gte(min), z.lte(max)), fallback);

export const Limit = QueryInt(1, MAX_PAGE_SIZE, 20);

/** Turns validation issues into one sentence a person can read, naming the field. */
export function formatIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues.slice(0, 3).map(formatIssue).join('; ');
}

function fieldName(path: readonly PropertyKey[]): string {
  return path.length ? path.map(String).join('.') : 'body';
}

function formatIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_key') {
    // A record's key (an outcome name): name the record, not the key, which is the visitor's text.
    const inner = issue.issues[0]?.message;
    return `${fieldName(issue.path.slice(0, -1))}: ${inner && inner !== 'Invalid input' ? inner : 'a name is invalid'}`;
  }
  const field = fieldName(issue.path);
  if (issue.message && issue.message !== 'Invalid input') {
    return issue.message.startsWith(field) ? issue.message : `${field}: ${issue.message}`;
  }
  switch (issue.code) {
    case 'invalid_type':
      return (issue as { input?: unknown }).input === undefined
        ? `${field} is required`
        : `${field} must be ${article(String(issue.expected))}`;
    case 'invalid_value':
      return `${field} must be one of: ${issue.values.map(String).join(', ')}`;
    case 'too_small':
      return `${field} ${sizeText('at least', issue.origin, issue.minimum)}`;
    case 'too_big':
      return `${field} ${sizeText('at most', issue.origin, issue.maximum)}`;
    case 'unrecognized_keys':
      return unknownFields(field, issue.keys);
    case 'invalid_format':
      return `${field} is not a valid ${issue.format}`;
    case 'not_multiple_of':
      return `${field} must be a multiple of ${String(issue.divisor)}`;
    default:
      return `${field} is invalid`;
  }
}

/** A name the sender chose is echoed only when it is short and plain (no markup, control or
 *  direction characters), and at most three of them: the message stays a sentence a person can
 *  read, whatever was sent. */
const PLAIN_NAME = /^[A-Za-z0-9_.-]{1,40}$/;
const SHOWN_NAMES = 3;

function unknownFields(field: string, keys: readonly string[]): string {
  const shown = keys.filter((k) => PLAIN_NAME.test(k)).slice(0, SHOWN_NAMES).map((k) => (field === 'body' ? k : `${field}.${k}`));
  const others = keys.length - shown.length;
  const label = `unknown field${keys.length > 1 ? 's' : ''}`;
  if (!shown.length) return `${field === 'body' ? '' : `${field}: `}${keys.length} ${label}`;
  return `${label}: ${shown.join(', ')}${others ? ` and ${others} more` : ''}`;
}

function article(expected: string): string {
  if (expected === 'int') return 'a whole number';
  if (expected === 'array') return 'a list';
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

function sizeText(bound: string, origin: string, n: number | bigint): string {
  if (origin === 'string') return `must be ${bound} ${n} characters`;
  if (origin === 'array' || origin === 'set') return `must have ${bound} ${n} item${Number(n) === 1 ? '' : 's'}`;
  return `must be ${bound} ${n}`;
}

/**
 * A single line of text with bounds, cleaned as contract/safe-text.ts says; blank after
 * trimming counts as missing.
 */
export const Text = (max: number, min = 1) => z.string().check(...lineText(), z.minLength(min), z.maxLength(max));

/**
 * A list of short names (effects, stack, profile lists): entries cleaned and trimmed, blanks
 * dropped, reserved or broken entries refused (contract/safe-text.ts).
 */
export const TextList = (maxItems: number, maxLength = 80) =>
  z.pipe(
    z.pipe(
      z.array(z.string().check(...nameText(), z.maxLength(maxLength, `a name must be at most ${maxLength} characters`))).check(z.maxLength(maxItems * 4)),
      z.transform((items: string[]) => items.map((s) => s.trim()).filter((s) => s.length > 0)),
    ),
    z.array(z.string()).check(z.maxLength(maxItems)),
  );
