// Its own module so that context.ts and lib/session-cache.ts can both name it without
// importing each other.

/** Caller identity after the bearer token was checked against its session. */
export interface Caller {
  userId: string;
  email: string;
  role: 'user' | 'moderator';
  sessionFamily: string;
}
