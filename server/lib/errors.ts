// Errors that carry an HTTP status, a message a person can read and a code a program can
// (contract/common.ts, ERROR_CODES).
import { type ApiIssue, type ErrorCode, errorCodeOf } from '../../contract/common';

export class HttpError extends Error {
  readonly code: ErrorCode;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    code?: ErrorCode,
    readonly issues?: ApiIssue[],
  ) {
    super(message);
    this.name = 'HttpError';
    this.code = code ?? errorCodeOf(statusCode);
  }
}

/** The challenge of a 401 (RFC 6750): a client tells "send a token" from "this token is no good". */
const challenge = (code: ErrorCode) =>
  code === 'unauthorized' ? 'Bearer realm="api"' : `Bearer realm="api", error="invalid_token", error_description="${code === 'token_expired' ? 'The access token expired' : 'The access token is not valid'}"`;

export const badRequest = (message: string) => new HttpError(400, message);
export const invalidInput = (message: string, issues: ApiIssue[]) => new HttpError(400, message, {}, 'validation_failed', issues);
export const unauthorized = (message = 'Please sign in to continue', code: 'unauthorized' | 'invalid_token' | 'token_expired' = 'unauthorized') =>
  new HttpError(401, message, { 'www-authenticate': challenge(code) }, code);
export const forbidden = (message = 'You do not have permission to do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (retryAfterSeconds: number, headers: Record<string, string> = {}) =>
  new HttpError(429, `Too many requests. Please try again in ${formatWait(retryAfterSeconds)}.`, {
    ...headers,
    'retry-after': String(retryAfterSeconds),
  });

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
