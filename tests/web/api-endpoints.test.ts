// Endpoint modules: tolerant envelopes accepted, malformed answers turned into the spec's messages.
import { HttpResponse, type JsonBodyType, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { REGISTERED_MESSAGE } from '@contract/users';
import { login, register } from '@/api/auth';
import { errorMessage } from '@/api/errors';
import { fetchMe } from '@/api/users';
import { PASSWORD, backend } from './msw/backend';
import { makeUser } from './msw/fixtures';
import { server } from './msw/server';

const credentials = { email: 'member@example.com', password: PASSWORD };

function answer(method: 'get' | 'post', path: string, body: JsonBodyType, status = 200) {
  server.use(
    http[method](path, () =>
      typeof body === 'string' ? new HttpResponse(body, { status }) : HttpResponse.json(body, { status }),
    ),
  );
}

describe('login', () => {
  it('returns tokens and user', async () => {
    const data = await login(credentials);
    expect(data.user.email).toBe('member@example.com');
    expect(data.accessToken).toMatch(/^access-/);
  });

  it('accepts the data.data nesting', async () => {
    const user = makeUser();
    answer('post', '/api/users/login', {
      success: true,
      data: { data: { accessToken: 'a', refreshToken: 'r', user } },
    });
    await expect(login(credentials)).resolves.toEqual({ accessToken: 'a', refreshToken: 'r', user });
  });

  it.each([
    ['a non-JSON body', 'Welcome!'],
    ['no success flag', { data: { accessToken: 'a' } }],
  ])('rejects %s as an invalid structure', async (_name, body) => {
    answer('post', '/api/users/login', body);
    await expect(login(credentials)).rejects.toThrow('Invalid login response structure');
  });

  it('rejects a success without both tokens and the user as missing data', async () => {
    answer('post', '/api/users/login', { success: true, data: { accessToken: 'a', user: makeUser() } });
    await expect(login(credentials)).rejects.toThrow('Invalid login response - missing required data');
  });

  it('reports a 2xx failure with its error, else "Login failed"', async () => {
    answer('post', '/api/users/login', { success: false, error: 'Account locked' });
    await expect(login(credentials)).rejects.toThrow('Account locked');
    answer('post', '/api/users/login', { success: false });
    await expect(login(credentials)).rejects.toThrow('Login failed');
  });

  it("passes on the server's error for a pending account", async () => {
    await expect(login({ email: 'pending@example.com', password: PASSWORD })).rejects.toMatchObject({
      status: 403,
      message: 'Your account is awaiting moderator approval',
    });
  });
});

describe('register', () => {
  it("returns the user and the server's message", async () => {
    const result = await register({ email: 'new@example.com', password: PASSWORD });
    expect(result.user).toMatchObject({ email: 'new@example.com', status: 'pending' });
    expect(result.message).toBe(REGISTERED_MESSAGE);
  });

  it('accepts data.data.user', async () => {
    const user = makeUser({ status: 'pending' });
    answer('post', '/api/users/register', { success: true, data: { data: { user } } });
    await expect(register(credentials)).resolves.toEqual({
      user: { email: user.email, status: 'pending' },
      message: undefined,
    });
  });

  it('rejects an answer without the user', async () => {
    answer('post', '/api/users/register', { success: true, data: {} });
    await expect(register(credentials)).rejects.toThrow('Invalid registration response - missing user data');
  });

  it('reports a 2xx failure as "Registration failed" when it says nothing', async () => {
    answer('post', '/api/users/register', { success: false });
    await expect(register(credentials)).rejects.toThrow('Registration failed');
  });
});

describe('current user', () => {
  it('reads the user for the bearer token, also from the top level', async () => {
    backend.seedSession('member@example.com');
    await expect(fetchMe()).resolves.toMatchObject({ email: 'member@example.com' });
    const user = makeUser({ email: 'top@example.com' });
    answer('get', '/api/users/me', { success: true, user });
    await expect(fetchMe()).resolves.toEqual(user);
  });

  it('rejects an answer without a valid user', async () => {
    answer('get', '/api/users/me', { success: true, data: { user: { email: 'x@example.com' } } });
    await expect(fetchMe()).rejects.toThrow('Invalid user data response');
  });
});

describe('errorMessage', () => {
  it('uses the fallback when an error has no text', () => {
    expect(errorMessage(new Error(''), 'Failed to create account')).toBe('Failed to create account');
    expect(errorMessage('odd', 'Failed to create account')).toBe('Failed to create account');
    expect(errorMessage(new Error('Email taken'), 'Failed to create account')).toBe('Email taken');
  });
});
