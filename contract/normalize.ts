// Reading response bodies against the contract. The server answers every success as
// `{ success: true, data: { ... }, message? }` and every failure as `{ success: false, error }`
// with a 4xx/5xx status (server/routes/*, server/plugins/errors.ts); a 2xx body of any other
// shape is a malformed answer, never a variant to accept.
import type { output, ZodMiniType } from 'zod/mini';

/** The canonical envelope's payload type of an `ok(...)` schema. */
export type DataOf<S extends ZodMiniType> = output<S> extends { data: infer D } ? D : never;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
 * Reads a body through a contract `ok(...)` schema. Returns the validated `data` payload, or
 * undefined when the body is not that envelope or lacks what the schema requires (callers turn
 * that into an "Invalid ... response" message).
 */
export function readData<S extends ZodMiniType>(schema: S, body: unknown): DataOf<S> | undefined {
  const result = schema.safeParse(body);
  return result.success ? (result.data as { data: DataOf<S> }).data : undefined;
}
