// One error type for every API failure, so screens show `error.message` and branch on `status`.
// Kept free of axios so the app shell can use it without loading the HTTP client.

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

/** The text to show a person for any thrown value. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message.trim()) return error.message;
  return fallback;
}
