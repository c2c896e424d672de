// Errors that carry an HTTP status, a message a person can read and a code a program can
// (contract/common.ts, ERROR_CODES).
import { type ApiIssue, type ErrorCode, errorCodeOf } from '../../contract/common';

export class HttpError extends Error {
  readonly code: ErrorCode;
  /** A 409's existing thing the request collides with (contract/common.ts ApiErrorBody `existing`). */
  existing?: { id: string; name: string };

  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    code?: ErrorCode,
    readonly issues?: ApiIssue[],
    /** A 429's rate-limit group (the limiter's bucket, a fixed name): the metrics count refusals by it. */
    readonly limitGroup?: string,
  ) {
    super(message);
    this.name = 'HttpError';
    this.code = code ?? errorCodeOf(statusCode);
  }
}

/** The challenge of a 401 (RFC 6750): a client tells "send a token" from "this token is no good". */
const challenge = (code: ErrorCode) =>
  code === 'unauthorized'
    ? 'Bearer realm="api"'
    : `Bearer realm="api", error="invalid_token", error_description="${code === 'token_expired' ? 'The access token expired' : 'The access token is not valid'}"`;

export const badRequest = (message: string) => new HttpError(400, message);
export const invalidInput = (message: string, issues: ApiIssue[]) =>
  new HttpError(400, message, {}, 'validation_failed', issues);
/** A 400 about one input the schema could not judge: `issues[].path` names it, so forms put it under that field. */
export const refusedInput = (field: string, message: string) =>
  new HttpError(400, message, {}, undefined, [{ path: [field], message }]);
export const unauthorized = (
  message = 'Please sign in to continue',
  code: 'unauthorized' | 'invalid_token' | 'token_expired' = 'unauthorized',
) => new HttpError(401, message, { 'www-authenticate': challenge(code) }, code);
export const forbidden = (message = 'You do not have permission to do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, existing?: { id: string; name: string }) => {
  const error = new HttpError(409, message);
  if (existing) error.existing = existing;
  return error;
};
/** 429 with `Retry-After`; `headers` may add the RateLimit fields of the limit passed. */
export const tooManyRequests = (retryAfterSeconds: number, group: string, headers: Record<string, string> = {}) =>
  new HttpError(
    429,
    `Too many requests. Please try again in ${formatWait(retryAfterSeconds)}.`,
    { ...headers, 'retry-after': String(retryAfterSeconds) },
    'rate_limited',
    undefined,
    group,
  );

/** 503 with `Retry-After`: the server cannot answer now (draining, or its database is away), another try soon will. */
export const serviceUnavailable = (message: string, retryAfterSeconds: number) =>
  new HttpError(503, message, { 'retry-after': String(retryAfterSeconds), 'cache-control': 'no-store' });

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** Retry-After when the database is away: PostgreSQL restarts in seconds, and the pool reconnects on the next request. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;
/** The database cannot be reached now (db/client.ts isDatabaseUnavailable): 503, never 500. */
export const databaseUnavailable = () =>
  serviceUnavailable(
    'The database cannot be reached at the moment. Please try again in a few seconds.',
    DATABASE_RETRY_AFTER_SECONDS,
  );
