// Sign-in, sign-up and sign-out calls (docs/product-rules.md, "Session"). These are mutations
// driven by the AuthProvider, which owns the session; there is nothing here to cache as a query.
import type { Credentials, LoginData, RegisteredUser } from '@contract/users';
import { call } from './client';

/** POST /api/users/login. Success needs the success flag plus both tokens and the user. */
export function login(credentials: Credentials): Promise<LoginData> {
  return call('login', {
    body: credentials,
    malformed: 'Invalid login response structure',
    failed: 'Login failed',
    invalid: 'Invalid login response - missing required data',
  });
}

export interface Registration {
  /** The email as sent and `pending`: the same whether or not the email already had an account. */
  user: RegisteredUser;
  /** The server's note, e.g. that the account awaits moderator approval. */
  message?: string;
}

/** POST /api/users/register. Success needs the success flag and the registration (email, status). */
export async function register(credentials: Credentials): Promise<Registration> {
  const { data, message } = await call('register', {
    body: credentials,
    read: 'reply',
    failed: 'Registration failed',
    invalid: 'Invalid registration response - missing user data',
  });
  return { user: data.user, message };
}

// Sign-out's server call is src/api/revoke-session.ts: it must leave before the page moves on.
