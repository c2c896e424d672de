// Shared vocabulary, envelopes and error formatting for every endpoint.
// zod/mini keeps the SPA's first load small; the same schemas run on the server.
import { z, type ZodMiniType } from 'zod/mini';
import { lineText, nameText } from './safe-text';
import { MAX_PAGE_SIZE, UUID_RE } from './vocabulary';

export * from './vocabulary';
export * from './safe-text';

export const Id = z.string().check(z.regex(UUID_RE, 'must be a valid id'));

/** Path parameters of the routes that name one thing (`/api/experiences/:id`). */
export const IdParams = z.object({ id: Id });

export const IsoDate = z.string();

/**
 * Names a shared shape in the API document (a component schema a generated client can import)
 * and says what it is; the zod schema stays the one source of validation, types and docs.
 */
export function named<T extends z.ZodMiniType>(schema: T, id: string, description: string): T {
  z.globalRegistry.add(schema, { id, description });
  return schema;
}

/** What a field or parameter means, for the API document. Give it a schema of its own, never a shared one. */
export function described<T extends z.ZodMiniType>(schema: T, description: string): T {
  z.globalRegistry.add(schema, { description });
  return schema;
}

/** A field kept only so older clients keep working: what it is now, marked deprecated in the API document. */
export function deprecated<T extends z.ZodMiniType>(schema: T, description: string): T {
  z.globalRegistry.add(schema, { description, deprecated: true });
  return schema;
}

/** An example of a request body or answer for the API document; tests check it passes the schema. */
export function exampled<T extends z.ZodMiniType>(schema: T, example: z.input<T>): T {
  z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), examples: [example] });
  return schema;
}

/** A day (`2026-03-01`) or a moment (ISO 8601, UTC), as the field says. */
/** Successful envelope: `{ success: true, data, message? }`. */
export function ok<T extends z.ZodMiniType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.optional(z.string()) });
}

/**
 * What went wrong, for a program: stable across releases, unlike the sentence in `error`.
 * `token_expired` and `invalid_token` come with 401 (refresh on the first, sign in on the second).
 */
export const ERROR_CODES = [
  'validation_failed',
  'invalid_json',
  'bad_request',
  'unauthorized',
  'invalid_token',
  'token_expired',
  'forbidden',
  'not_found',
  'conflict',
  'request_timeout',
  'payload_too_large',
  'uri_too_long',
  'unsupported_media_type',
  'headers_too_large',
  'rate_limited',
  'server_error',
  'service_unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The code an error status carries when nothing more precise applies. */
export function errorCodeOf(status: number): ErrorCode {
  const codes: Record<number, ErrorCode> = {
    400: 'bad_request',
    401: 'unauthorized',
    403: 'forbidden',
    404: 'not_found',
    408: 'request_timeout',
    409: 'conflict',
    413: 'payload_too_large',
    414: 'uri_too_long',
    415: 'unsupported_media_type',
    429: 'rate_limited',
    431: 'headers_too_large',
    503: 'service_unavailable',
  };
  return codes[status] ?? (status >= 500 ? 'server_error' : 'bad_request');
}

/** One refused input of a 400: where it is (`["demographics", "ageRange"]`, empty for the whole input) and why. */
export const ApiIssue = named(
  z.object({
    path: described(
      z.array(z.union([z.string(), z.number()])),
      'Where the refused input is: `["demographics", "ageRange"]`; `[]` for the whole body or query.',
    ),
    message: described(z.string(), 'Why, in words a person can read.'),
  }),
  'Issue',
  'One refused input of a 400.',
);
export type ApiIssue = z.infer<typeof ApiIssue>;

export const ApiErrorBody = named(
  z.object({
    success: z.literal(false),
    error: described(z.string(), 'What is wrong, in a sentence a person can read (it may change between releases).'),
    code: described(z.enum(ERROR_CODES), 'What is wrong, as a stable word a program can act on.'),
    issues: z.optional(
      described(
        z.array(ApiIssue),
        'With `validation_failed`: every refused input; the first few are also named in `error`.',
      ),
    ),
    existing: z.optional(
      described(
        z.object({ id: Id, name: z.string() }),
        "With a 409 for a new peptide's name: the live peptide the name collides with, as it is written; its page is `/peptides/{id}`.",
      ),
    ),
  }),
  'Error',
  'Every error answer (4xx and 5xx).',
);
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** Query-string integers arrive as text. */
export const QueryInt = (min: number, max: number, fallback: number) =>
  z._default(z.coerce.number().check(z.int('must be a whole number'), z.gte(min), z.lte(max)), fallback);

export const Limit = described(QueryInt(1, MAX_PAGE_SIZE, 20), `Items per page, 1 to ${MAX_PAGE_SIZE}.`);

/** A list's cursor, as the previous page answered it. */
export const CursorParam = () =>
  z.optional(
    described(
      z.string().check(z.maxLength(300)),
      "The previous page's `nextCursor` (or the URL of its `Link` header); leave it out for the first page. Opaque, and valid while the sort order stays the same.",
    ),
  );

/** Each validation issue as `{ path, message }`, the message as formatIssues words it. */
export function issueList(issues: readonly z.core.$ZodIssue[]): ApiIssue[] {
  return issues.map((issue) => ({
    path: (issue.code === 'invalid_key' ? issue.path.slice(0, -1) : issue.path).map((p) =>
      typeof p === 'number' ? p : String(p),
    ),
    message: formatIssue(issue),
  }));
}

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
  if (issue.code === 'invalid_union' && !issue.message.startsWith(fieldName(issue.path))) {
    // A value or its deprecated alias (contract/deprecations.ts): say what the current values are.
    const first = issue.errors[0]?.[0];
    if (first) return formatIssue({ ...first, path: [...issue.path, ...first.path] } as z.core.$ZodIssue);
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
  const shown = keys
    .filter((k) => PLAIN_NAME.test(k))
    .slice(0, SHOWN_NAMES)
    .map((k) => (field === 'body' ? k : `${field}.${k}`));
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
      z
        .array(
          z.string().check(...nameText(), z.maxLength(maxLength, `a name must be at most ${maxLength} characters`)),
        )
        .check(z.maxLength(maxItems * 4)),
      z.transform((items: string[]) => items.map((s) => s.trim()).filter((s) => s.length > 0)),
    ),
    z.array(z.string()).check(z.maxLength(maxItems)),
  );

/** An endpoint's request parts and its success answer (an `ok(...)` envelope), as zod schemas (contract/endpoints.ts). */
export interface EndpointSchemas {
  params?: ZodMiniType;
  query?: ZodMiniType;
  body?: ZodMiniType;
  response: ZodMiniType;
}

/**
 * A mean's 95% interval (contract/how-sure.ts meanInterval): a named shape, so a generated
 * client reads it once; each field that carries one describes it with `likelyRange`.
 */
export const RatingInterval = named(
  z.object({
    low: described(z.number(), 'The lower end, 1-10, one decimal: what rankings by rating order by.'),
    high: described(z.number(), 'The upper end, 1-10, one decimal.'),
  }),
  'RatingInterval',
  "Where the mean of all such ratings likely lies: the 95% interval mean ± t(n - 1) · s / √n (Student's t), clamped to 1-10.",
);
/** A field holding the 95% interval of `what` (null below 5 ratings, as the mean beside it). */
export const likelyRange = (what: string) =>
  described(
    z.nullable(RatingInterval),
    `The 95% interval of ${what} (\`RatingInterval\`); null when fewer than 5 ratings.`,
  );
/** A mean of ratings (1-10, one decimal) that is null below 5 ratings (docs/product-rules.md, "How sure"). */
export const meanOfRatings = (what: string) =>
  described(z.nullable(z.number()), `${what} (1-10, one decimal); null when fewer than 5 ratings.`);
