// Reading a JSON request body (the application/json parser of server/app.ts). Whatever a route's
// schema says, a body that holds text no reader can take is refused with 400 here, naming where:
//   - NUL anywhere (PostgreSQL text cannot hold it),
//   - a lone surrogate in any key or string (`"\ud800"`: JSON.parse accepts it, PostgreSQL's
//     jsonb refuses it, so it would end as a 500),
//   - a key `__proto__`, `constructor` or `prototype` at any depth (JSON.parse makes
//     `__proto__` an own key, which z.record silently drops and other readers choke on).
// The contract's text rules (contract/safe-text.ts) say the same per field; this is the net
// under every route.
import { BROKEN_TEXT_MESSAGE, LONE_SURROGATE, RESERVED_NAME_MESSAGE, isReservedName } from '../../contract/safe-text';
import { HttpError } from './errors';

export const NUL_MESSAGE = 'Text may not contain NUL characters';
export const INVALID_JSON_MESSAGE = 'The request body is not valid JSON';
/** A body of any media type but JSON (text/plain, XML, forms ...): no parser reads it, 415. */
export const UNSUPPORTED_MEDIA_TYPE_MESSAGE = 'Unsupported content type; send JSON (application/json)';

/** Content-Encodings a request body may arrive in (decompressed by @fastify/compress). */
export const REQUEST_ENCODINGS = ['gzip', 'deflate', 'br', 'identity'] as const;
/** Any other Content-Encoding is a 415 saying so (the sender's value is not echoed). */
export const UNSUPPORTED_ENCODING_MESSAGE = `The request body's Content-Encoding is not supported; send it uncompressed, or with ${listed(REQUEST_ENCODINGS.filter((e) => e !== 'identity'))}`;

function listed(words: readonly string[]): string {
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}` : words.join('');
}

function isBroken(text: string): boolean {
  return text.includes('\0') || LONE_SURROGATE.test(text);
}

interface Node {
  value: unknown;
  parent: Node | null;
  key: string | number;
}

/** The field a node stands at, e.g. `sourcing.batchId` or `effects.2`; `body` for the top. */
function fieldName(node: Node | null): string {
  const path: (string | number)[] = [];
  for (let n = node; n && n.parent; n = n.parent) path.unshift(n.key);
  return path.length ? path.join('.') : 'body';
}

/** The first problem in a parsed body, as a 400 message naming the field, or null. */
export function unsafeJsonReason(value: unknown): string | null {
  // Iterative, parents linked: a body nested thousands of levels deep costs no more than its size.
  const stack: Node[] = [{ value, parent: null, key: '' }];
  while (stack.length) {
    const node = stack.pop()!;
    const v = node.value;
    if (typeof v === 'string') {
      if (isBroken(v)) return `${fieldName(node)}: ${BROKEN_TEXT_MESSAGE}`;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], parent: node, key: i });
    } else if (typeof v === 'object' && v !== null) {
      for (const key of Object.keys(v)) {
        // A key is the sender's text: name the object holding it, not the key itself.
        if (isBroken(key)) return `${fieldName(node)}: a name ${BROKEN_TEXT_MESSAGE}`;
        if (isReservedName(key)) return `${fieldName(node)}: ${RESERVED_NAME_MESSAGE}`;
        stack.push({ value: (v as Record<string, unknown>)[key], parent: node, key });
      }
    }
  }
  return null;
}

/**
 * Parses a request body's text: an empty body is `{}`; text that is not JSON, or JSON holding
 * what `unsafeJsonReason` refuses, throws an HttpError 400.
 */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new HttpError(400, INVALID_JSON_MESSAGE, {}, 'invalid_json');
  }
  const reason = unsafeJsonReason(parsed);
  if (reason) throw new HttpError(400, reason);
  return parsed;
}
