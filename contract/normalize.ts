// Tolerant reading of response bodies (docs/product-rules.md, "The API"). Our server sends only
// the first shape below, but the web app may be built against another host (VITE_API_URL), and hosts answer the same fields in uneven envelopes:
//   { success, data: { x } }          the canonical one
//   { success, data: { data: { x } } } an older nesting (login, register)
//   { success, x }  or  { x }          fields at the top level (users/me, experiences)
//   [ ... ]                            a bare array for lists
// These helpers flatten any of them into one object, then validate it with the contract's
// canonical `ok(...)` schema, so every caller sees exactly one shape or a clear failure.
import type { output, ZodMiniType } from 'zod/mini';

export type Fields = Record<string, unknown>;

export interface UnwrapOptions {
  /** For list endpoints: where a bare array (top level, `data` or `data.data`) is put, e.g. `experiences`. */
  listKey?: string;
}

/** The canonical envelope's payload type of an `ok(...)` schema. */
export type DataOf<S extends ZodMiniType> = output<S> extends { data: infer D } ? D : never;

const ENVELOPE_KEYS = new Set(['success', 'data', 'message', 'error']);
/** Top level, `data`, `data.data`: no known host nests deeper. */
const MAX_DEPTH = 3;

export function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Every field of a body, whichever envelope carried it; deeper levels win over shallower ones.
 * Returns null when the body is neither an object nor (with `listKey`) an array.
 */
export function unwrapBody(body: unknown, options: UnwrapOptions = {}): Fields | null {
  const { listKey } = options;
  if (!isRecord(body) && !(Array.isArray(body) && listKey)) return null;
  const fields: Fields = {};
  let level: unknown = body;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    if (Array.isArray(level)) {
      if (listKey) fields[listKey] = level;
      break;
    }
    if (!isRecord(level)) break;
    for (const [key, value] of Object.entries(level)) {
      // An own `__proto__` key (JSON.parse makes one) would replace `fields`' prototype here.
      if (!ENVELOPE_KEYS.has(key) && key !== '__proto__') fields[key] = value;
    }
    level = level.data;
  }
  return fields;
}

/** True when the body says it failed (`success: false`), whatever its HTTP status. */
export function isFailureBody(body: unknown): boolean {
  return isRecord(body) && body.success === false;
}

/** The body's `error` text, if it carries one. */
export function errorText(body: unknown): string | undefined {
  return isRecord(body) && typeof body.error === 'string' && body.error.trim() ? body.error : undefined;
}

/** The body's top-level `message` text, if it carries one. */
export function messageText(body: unknown): string | undefined {
  return isRecord(body) && typeof body.message === 'string' && body.message.trim() ? body.message : undefined;
}

/**
 * Reads a body through a contract `ok(...)` schema, whatever envelope it came in.
 * Returns the validated `data` payload, or undefined when the body failed or lacks what the
 * schema requires (callers turn that into the spec's "Invalid ... response" message).
 */
export function readData<S extends ZodMiniType>(
  schema: S,
  body: unknown,
  options?: UnwrapOptions,
): DataOf<S> | undefined {
  if (isFailureBody(body)) return undefined;
  const data = unwrapBody(body, options);
  if (!data) return undefined;
  const result = schema.safeParse({ success: true, data });
  return result.success ? (result.data as { data: DataOf<S> }).data : undefined;
}
