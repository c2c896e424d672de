// Sign-in, sign-up and sign-out calls (docs/product-rules.md, "Session"). These are mutations
// driven by the AuthProvider, which owns the session; there is nothing here to cache as a query.
// Their answers are checked more closely than others' (a 2xx that says it failed, a body without
// the success flag), so they are read here, with the rows' own schemas.
import { ENDPOINTS } from '@contract/endpoints';
import { errorText, isRecord, messageText, readData } from '@contract/normalize';
import type { Credentials, LoginData, RegisteredUser } from '@contract/users';
import { call } from './client';
import { ApiError } from './errors';

/** POST /api/users/login. Success needs the success flag plus both tokens and the user. */
export async function login(credentials: Credentials): Promise<LoginData> {
  const [schemas, { body, status }] = await Promise.all([
    ENDPOINTS.login.schemas(),
    call('login', { body: credentials, read: 'raw' }),
  ]);
  if (!isRecord(body) || typeof body.success !== 'boolean') {
    throw new ApiError('Invalid login response structure', status, body);
  }
  if (!body.success) throw new ApiError(errorText(body) ?? 'Login failed', status, body);
  const data = readData(schemas.login.response, body);
  if (!data) throw new ApiError('Invalid login response - missing required data', status, body);
  return data;
}

export interface Registration {
  /** The email as sent and `pending`: the same whether or not the email already had an account. */
  user: RegisteredUser;
  /** The server's note, e.g. that the account awaits moderator approval. */
  message?: string;
}

/** POST /api/users/register. Success needs the success flag and the registration (email, status). */
export async function register(credentials: Credentials): Promise<Registration> {
  const [schemas, { body, status }] = await Promise.all([
    ENDPOINTS.register.schemas(),
    call('register', { body: credentials, read: 'raw' }),
  ]);
  if (isRecord(body) && body.success === false) {
    throw new ApiError(errorText(body) ?? 'Registration failed', status, body);
  }
  const data = isRecord(body) && body.success === true ? readData(schemas.register.response, body) : undefined;
  if (!data) throw new ApiError('Invalid registration response - missing user data', status, body);
  return { user: data.user, message: messageText(body) };
}

// Sign-out's server call is src/api/revoke-session.ts: it must leave before the page moves on.
