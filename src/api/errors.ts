// One error type for every API failure, so screens show `error.message` and branch on `status`.
// Kept free of axios so the app shell can use it without loading the HTTP client.

/**
 * The one sentence for a server that cannot be reached (no answer at all, or a proxy's 502, 503 or
 * 504 without one of ours), wherever it happens: never a transport's "Network Error".
 */
export const SERVER_UNREACHABLE = 'Cannot reach the server. Check your connection, then try again.';

export class ApiError extends Error {
  /** HTTP status, or undefined when no response arrived (network failure). */
  readonly status: number | undefined;
  /** The parsed response body, when there was one. */
  readonly body: unknown;

  constructor(message: string, status?: number, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/**
 * The inputs a 400 refused, each with its `path` (`["sourcing", "volumeMl"]`): forms put each
 * message under the field it names. Empty for any other failure, or a host that sends none.
 */
export function refusedInputs(error: unknown): { path: string; message: string }[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const issues = (error.body as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((issue: unknown) => {
    const { path, message } = (issue ?? {}) as { path?: unknown; message?: unknown };
    return Array.isArray(path) && typeof message === 'string' ? [{ path: path.map(String).join('.'), message }] : [];
  });
}

/** What a 409 says the request collides with (contract/common.ts ApiErrorBody `existing`), if it says. */
export function existingOf(error: unknown): { id: string; name: string } | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const existing = (error.body as { existing?: { id?: unknown; name?: unknown } } | null)?.existing;
  return typeof existing?.id === 'string' && typeof existing.name === 'string'
    ? { id: existing.id, name: existing.name }
    : undefined;
}

/** Whether `error` is a failure to reach the server (SERVER_UNREACHABLE), not an answer from it. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && error.message === SERVER_UNREACHABLE;
}

/** The text to show a person for any thrown value. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message.trim()) return error.message;
  return fallback;
}
