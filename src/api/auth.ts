// Sign-in, sign-up and sign-out calls (docs/product-rules.md, "Session"). These are mutations
// driven by the AuthProvider, which owns the session; there is nothing here to cache as a query.
import { pathOf } from '@contract/endpoints';
import { errorText, isRecord, messageText, readData } from '@contract/normalize';
import {
  type Credentials,
  type LoginData,
  LoginResponse,
  type RegisteredUser,
  RegisterResponse,
} from '@contract/users';
import { api } from './client';
import { ApiError } from './errors';

/** POST /api/users/login. Success needs the success flag plus both tokens and the user. */
export async function login(credentials: Credentials): Promise<LoginData> {
  const response = await api.post<unknown>(pathOf('login'), credentials);
  const body = response.data;
  if (!isRecord(body) || typeof body.success !== 'boolean') {
    throw new ApiError('Invalid login response structure', response.status, body);
  }
  if (!body.success) throw new ApiError(errorText(body) ?? 'Login failed', response.status, body);
  const data = readData(LoginResponse, body);
  if (!data) throw new ApiError('Invalid login response - missing required data', response.status, body);
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
  const response = await api.post<unknown>(pathOf('register'), credentials);
  const body = response.data;
  if (isRecord(body) && body.success === false) {
    throw new ApiError(errorText(body) ?? 'Registration failed', response.status, body);
  }
  const data = isRecord(body) && body.success === true ? readData(RegisterResponse, body) : undefined;
  if (!data) throw new ApiError('Invalid registration response - missing user data', response.status, body);
  return { user: data.user, message: messageText(body) };
}

// Sign-out's server call is src/api/revoke-session.ts: it must leave before the page moves on.
