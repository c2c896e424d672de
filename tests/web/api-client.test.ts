// The HTTP client: bearer token, json-bigint, errors, and every branch of the token refresh rule
// (docs/product-rules.md, "Session"), with the number of refresh calls counted.
import { HttpResponse, delay, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { clearSession, getAccessToken } from '@/api/auth-storage';
import { ApiError, SERVER_UNREACHABLE } from '@/api/errors';
import { backend } from './msw/backend';
import { bearerUser } from './msw/handlers';
import { errorBody, refreshBody } from './msw/fixtures';
import { server } from './msw/server';

/** A members-only endpoint for these tests: 401 unless the bearer token is valid. */
function protectedEndpoint(path = '/api/members-only', status: 401 | 403 = 401) {
  server.use(
    http.get(path, ({ request }) => {
      backend.calls.push({ method: 'GET', path, authorization: request.headers.get('Authorization') });
      return bearerUser(request)
        ? HttpResponse.json({ success: true, data: { ok: true } })
        : HttpResponse.json(errorBody('Invalid or expired access token'), { status });
    }),
  );
}

function storedSession() {
  return {
    accessToken: localStorage.getItem('accessToken'),
    refreshToken: localStorage.getItem('refreshToken'),
    userData: localStorage.getItem('userData'),
  };
}

/** Seeds a session whose access token the server no longer accepts. */
function expiredSession() {
  const session = backend.seedSession('member@example.com');
  backend.accessTokens.delete(session.accessToken);
  return session;
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the request to fail');
}

describe('bearer token', () => {
  it('sends the stored access token, read from storage once and cached', async () => {
    const { accessToken } = backend.seedSession('member@example.com');
    protectedEndpoint();
    await api.get('/api/members-only');
    // Written behind the auth module's back: the cached value is still used.
    localStorage.setItem('accessToken', 'written-elsewhere');
    await api.get('/api/members-only');
    expect(backend.callsTo('/api/members-only').map((c) => c.authorization)).toEqual([
      `Bearer ${accessToken}`,
      `Bearer ${accessToken}`,
    ]);
  });

  it('never sends it with an anonymous experience submission', async () => {
    backend.seedSession('member@example.com');
    let authorization: string | null = 'not called';
    server.use(
      http.post('/api/experiences', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json({ success: true, data: {} }, { status: 201 });
      }),
    );
    await api.post('/api/experiences', {});
    expect(authorization).toBeNull();
  });

  it('never sends it with a call keyed by a tracking ID (lookup, update, delete)', async () => {
    backend.seedSession('member@example.com');
    const seen: (string | null)[] = [];
    const record = ({ request }: { request: Request }) => {
      seen.push(request.headers.get('Authorization'));
      return HttpResponse.json({ success: true, data: {} });
    };
    server.use(
      http.post('/api/experiences/tracking/lookup', record),
      http.put('/api/experiences/tracking', record),
      http.post('/api/experiences/tracking/delete', record),
    );
    await api.post('/api/experiences/tracking/lookup', {});
    await api.put('/api/experiences/tracking', {});
    await api.post('/api/experiences/tracking/delete', {});
    expect(seen).toEqual([null, null, null]);
  });
});

describe('token refresh rule', () => {
  it('without a refresh token: clears the three items and rejects with the original error, no refresh', async () => {
    localStorage.setItem('accessToken', 'stale');
    localStorage.setItem('userData', JSON.stringify({ email: 'member@example.com', role: 'user' }));
    protectedEndpoint();

    const error = await rejection(api.get('/api/members-only'));

    expect(error.status).toBe(401);
    expect(error.message).toBe('Invalid or expired access token');
    expect(storedSession()).toEqual({ accessToken: null, refreshToken: null, userData: null });
    expect(backend.callsTo('/api/auth/refresh')).toHaveLength(0);
    // The in-memory token is gone too: the next request goes without it.
    await rejection(api.get('/api/members-only'));
    expect(backend.callsTo('/api/members-only').at(-1)?.authorization).toBeNull();
  });

  it('on 401: refreshes with the stored refresh token, stores the new pair and retries once', async () => {
    const old = expiredSession();
    protectedEndpoint();

    const response = await api.get('/api/members-only');

    expect(response.data).toEqual({ success: true, data: { ok: true } });
    expect(backend.callsTo('/api/auth/refresh').map((c) => c.body)).toEqual([{ refreshToken: old.refreshToken }]);
    const stored = storedSession();
    expect(stored.accessToken).not.toBe(old.accessToken);
    expect(stored.refreshToken).not.toBe(old.refreshToken);
    expect(backend.callsTo('/api/members-only').map((c) => c.authorization)).toEqual([
      `Bearer ${old.accessToken}`,
      `Bearer ${stored.accessToken}`,
    ]);
  });

  it('on 403 too', async () => {
    expiredSession();
    protectedEndpoint('/api/members-only', 403);
    await expect(api.get('/api/members-only')).resolves.toMatchObject({ status: 200 });
    expect(backend.callsTo('/api/auth/refresh')).toHaveLength(1);
  });

  it('accepts the new pair nested under data.data', async () => {
    expiredSession();
    protectedEndpoint();
    server.use(
      http.post('/api/auth/refresh', () => {
        const tokens = backend.issueTokens(backend.account('member@example.com'));
        return HttpResponse.json({
          success: true,
          data: { data: refreshBody(tokens.accessToken, tokens.refreshToken).data },
        });
      }),
    );
    await api.get('/api/members-only');
    expect(storedSession().accessToken).toMatch(/^access-/);
    expect(backend.callsTo('/api/members-only')).toHaveLength(2);
  });

  it('when the refresh fails: clears everything and rejects with its error; the refresh 401 is not refreshed again', async () => {
    const old = expiredSession();
    backend.refreshTokens.delete(old.refreshToken);
    protectedEndpoint();

    const error = await rejection(api.get('/api/members-only'));

    expect(error.status).toBe(401);
    expect(error.message).toBe('Invalid or expired refresh token');
    expect(storedSession()).toEqual({ accessToken: null, refreshToken: null, userData: null });
    expect(backend.callsTo('/api/auth/refresh')).toHaveLength(1);
    expect(backend.callsTo('/api/members-only')).toHaveLength(1);
  });

  it('when the refresh returns no data: clears everything and rejects with the refresh message', async () => {
    expiredSession();
    protectedEndpoint();
    server.use(http.post('/api/auth/refresh', () => HttpResponse.json({ success: true })));

    const error = await rejection(api.get('/api/members-only'));

    expect(error.message).toBe('Invalid response from refresh token endpoint');
    expect(storedSession()).toEqual({ accessToken: null, refreshToken: null, userData: null });
    expect(backend.callsTo('/api/members-only')).toHaveLength(1);
  });

  it("a retried request's 401 is passed on, not refreshed again", async () => {
    expiredSession();
    server.use(
      http.get('/api/always-401', ({ request }) => {
        backend.calls.push({
          method: 'GET',
          path: '/api/always-401',
          authorization: request.headers.get('Authorization'),
        });
        // Safety valve: a client that loops fails this test instead of hanging it.
        if (backend.callsTo('/api/always-401').length > 5)
          return HttpResponse.json(errorBody('Looped'), { status: 500 });
        return HttpResponse.json(errorBody('Not for you'), { status: 401 });
      }),
    );

    const error = await rejection(api.get('/api/always-401'));

    expect(error.message).toBe('Not for you');
    expect(backend.callsTo('/api/auth/refresh')).toHaveLength(1);
    expect(backend.callsTo('/api/always-401')).toHaveLength(2);
    // The refresh itself worked, so the session stays.
    expect(storedSession().refreshToken).toMatch(/^refresh-/);
  });

  it('concurrent 401s share one refresh call', async () => {
    expiredSession();
    protectedEndpoint();
    server.use(
      http.post('/api/auth/refresh', async ({ request }) => {
        backend.calls.push({ method: 'POST', path: '/api/auth/refresh', authorization: null });
        await delay(30);
        const { refreshToken } = (await request.json()) as { refreshToken: string };
        const user = backend.refreshTokens.get(refreshToken);
        if (!user) return HttpResponse.json(errorBody('Invalid or expired refresh token'), { status: 401 });
        backend.refreshTokens.delete(refreshToken);
        const tokens = backend.issueTokens(user);
        return HttpResponse.json(refreshBody(tokens.accessToken, tokens.refreshToken));
      }),
    );

    const responses = await Promise.all([1, 2, 3, 4].map(() => api.get('/api/members-only')));

    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(backend.callsTo('/api/auth/refresh')).toHaveLength(1);
    const newToken = `Bearer ${storedSession().accessToken}`;
    expect(backend.callsTo('/api/members-only').filter((c) => c.authorization === newToken)).toHaveLength(4);
  });

  it('a 401 arriving after another call already refreshed retries with the new token, without a second refresh', async () => {
    const old = expiredSession();
    server.use(
      http.get('/api/slow', async ({ request }) => {
        backend.calls.push({ method: 'GET', path: '/api/slow', authorization: request.headers.get('Authorization') });
        if (bearerUser(request)) return HttpResponse.json({ success: true, data: {} });
        await delay(60); // answers after the fast call's refresh has finished
        return HttpResponse.json(errorBody('Invalid or expired access token'), { status: 401 });
      }),
    );
    protectedEndpoint();

    const slow = api.get('/api/slow');
    await api.get('/api/members-only');
    await expect(slow).resolves.toMatchObject({ status: 200 });

    expect(backend.callsTo('/api/auth/refresh')).toHaveLength(1);
    expect(backend.callsTo('/api/slow').map((c) => c.authorization)).toEqual([
      `Bearer ${old.accessToken}`,
      `Bearer ${storedSession().accessToken}`,
    ]);
  });

  it('a sign-out during the refresh is not undone by its answer', async () => {
    expiredSession();
    protectedEndpoint();
    let refreshStarted!: () => void;
    const started = new Promise<void>((resolve) => (refreshStarted = resolve));
    server.use(
      http.post('/api/auth/refresh', async () => {
        refreshStarted();
        await delay(30);
        return HttpResponse.json(refreshBody('access-new', 'refresh-new'));
      }),
    );

    const request = api.get('/api/members-only');
    await started;
    clearSession(); // the member pressed Logout meanwhile

    expect(await rejection(request)).toMatchObject({ message: 'Your session has ended' });
    expect(storedSession()).toEqual({ accessToken: null, refreshToken: null, userData: null });
    expect(backend.callsTo('/api/members-only')).toHaveLength(1);
  });

  it('other errors pass on unchanged, without a refresh', async () => {
    expiredSession();
    server.use(http.get('/api/broken', () => HttpResponse.json(errorBody('Database unavailable'), { status: 503 })));
    const error = await rejection(api.get('/api/broken'));
    expect(error).toMatchObject({ status: 503, message: 'Database unavailable' });
    expect(backend.callsTo('/api/auth/refresh')).toHaveLength(0);
    expect(storedSession().accessToken).toMatch(/^access-/);
  });
});

/**
 * A stand-in for the Web Locks API (jsdom has none): one holder at a time, in request order.
 * `otherTab` runs just before this tab is granted the lock, as if another tab had held it first.
 */
function fakeLocks(otherTab: () => void = () => undefined) {
  const state = { requested: [] as string[], held: false };
  let queue: Promise<unknown> = Promise.resolve();
  const locks = {
    request: (name: string, callback: () => Promise<unknown>) => {
      state.requested.push(name);
      const granted = queue.then(async () => {
        otherTab();
        state.held = true;
        try {
          return await callback();
        } finally {
          state.held = false;
        }
      });
      queue = granted.catch(() => undefined);
      return granted;
    },
  };
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { locks }));
  return state;
}

/** What another tab leaves in the shared storage after its own refresh. */
function otherTabRefreshed() {
  const old = localStorage.getItem('refreshToken')!;
  const user = backend.refreshTokens.get(old)!;
  backend.refreshTokens.delete(old);
  const tokens = backend.issueTokens(user);
  localStorage.setItem('accessToken', tokens.accessToken);
  localStorage.setItem('refreshToken', tokens.refreshToken);
  return tokens;
}

describe('several tabs (one localStorage)', () => {
  it('with Web Locks: a tab that waited while another refreshed uses the stored tokens, without calling refresh', async () => {
    const old = expiredSession();
    protectedEndpoint();
    let otherTab!: { accessToken: string; refreshToken: string };
    const lock = fakeLocks(() => (otherTab = otherTabRefreshed()));

    const response = await api.get('/api/members-only');

    expect(response.data).toEqual({ success: true, data: { ok: true } });
    expect(lock.requested).toEqual(['peptide-refresh']);
    expect(backend.callsTo('/api/auth/refresh')).toHaveLength(0);
    expect(backend.callsTo('/api/members-only').map((c) => c.authorization)).toEqual([
      `Bearer ${old.accessToken}`,
      `Bearer ${otherTab.accessToken}`,
    ]);
    expect(storedSession()).toMatchObject(otherTab);
    // Later requests carry the other tab's token too.
    await api.get('/api/members-only');
    expect(backend.callsTo('/api/members-only').at(-1)?.authorization).toBe(`Bearer ${otherTab.accessToken}`);
  });

  it('with Web Locks and no other tab: refreshes while holding the lock, concurrent 401s still share one call', async () => {
    const old = expiredSession();
    protectedEndpoint();
    const lock = fakeLocks();
    const heldDuringRefresh: boolean[] = [];
    server.use(
      http.post('/api/auth/refresh', async ({ request }) => {
        heldDuringRefresh.push(lock.held);
        const { refreshToken } = (await request.json()) as { refreshToken: string };
        backend.calls.push({ method: 'POST', path: '/api/auth/refresh', authorization: null, body: { refreshToken } });
        const user = backend.refreshTokens.get(refreshToken)!;
        backend.refreshTokens.delete(refreshToken);
        const tokens = backend.issueTokens(user);
        return HttpResponse.json(refreshBody(tokens.accessToken, tokens.refreshToken));
      }),
    );

    const responses = await Promise.all([1, 2, 3].map(() => api.get('/api/members-only')));

    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(backend.callsTo('/api/auth/refresh').map((c) => c.body)).toEqual([{ refreshToken: old.refreshToken }]);
    expect(heldDuringRefresh).toEqual([true]);
    expect(storedSession().refreshToken).not.toBe(old.refreshToken);
  });

  it('with Web Locks: another tab signed out meanwhile, so this one ends its session too, without calling refresh', async () => {
    expiredSession();
    protectedEndpoint();
    fakeLocks(() => clearSession());

    const error = await rejection(api.get('/api/members-only'));

    expect(error).toMatchObject({ status: 401, message: 'Your session has ended' });
    expect(backend.callsTo('/api/auth/refresh')).toHaveLength(0);
    expect(storedSession()).toEqual({ accessToken: null, refreshToken: null, userData: null });
  });

  it('tokens another tab stored before its storage event arrived are taken, not refreshed again', async () => {
    const old = expiredSession();
    protectedEndpoint();
    expect(getAccessToken()).toBe(old.accessToken); // this tab has read (and cached) its token
    // Storage events never reach the document that wrote: as if this tab had not seen it yet.
    const otherTab = otherTabRefreshed();

    await expect(api.get('/api/members-only')).resolves.toMatchObject({ status: 200 });

    expect(backend.callsTo('/api/auth/refresh')).toHaveLength(0);
    expect(backend.callsTo('/api/members-only').map((c) => c.authorization)).toEqual([
      `Bearer ${old.accessToken}`,
      `Bearer ${otherTab.accessToken}`,
    ]);
  });

  it('without Web Locks (jsdom, older browsers): the tab refreshes with its stored token itself, as before', async () => {
    expect('locks' in navigator).toBe(false);
    const old = expiredSession();
    protectedEndpoint();

    await expect(api.get('/api/members-only')).resolves.toMatchObject({ status: 200 });

    expect(backend.callsTo('/api/auth/refresh').map((c) => c.body)).toEqual([{ refreshToken: old.refreshToken }]);
    expect(storedSession().refreshToken).not.toBe(old.refreshToken);
  });
  it('without Web Locks: another tab refreshing with the same token at once (same successor, server grace) fails neither', async () => {
    const old = expiredSession();
    protectedEndpoint();
    const successor = backend.issueTokens(old.user);
    server.use(
      http.post('/api/auth/refresh', async ({ request }) => {
        backend.calls.push({
          method: 'POST',
          path: '/api/auth/refresh',
          authorization: null,
          body: await request.json(),
        });
        // The other tab's answer to the same token arrived first and is stored already.
        const otherTab = backend.issueTokens(old.user);
        localStorage.setItem('accessToken', otherTab.accessToken);
        localStorage.setItem('refreshToken', successor.refreshToken);
        return HttpResponse.json(refreshBody(successor.accessToken, successor.refreshToken));
      }),
    );

    await expect(api.get('/api/members-only')).resolves.toMatchObject({ status: 200 });

    expect(storedSession()).toMatchObject({ accessToken: successor.accessToken, refreshToken: successor.refreshToken });
    expect(storedSession().userData).not.toBeNull();
  });
});

describe('errors', () => {
  it("surface the server's error field", async () => {
    server.use(http.get('/api/thing', () => HttpResponse.json(errorBody('title is required'), { status: 400 })));
    expect(await rejection(api.get('/api/thing'))).toMatchObject({ status: 400, message: 'title is required' });
  });

  it('fall back to the transport message when the body has no error field', async () => {
    server.use(http.get('/api/thing', () => new HttpResponse('<html>Teapot</html>', { status: 418 })));
    expect(await rejection(api.get('/api/thing'))).toMatchObject({
      status: 418,
      message: 'Request failed with status code 418',
    });
  });

  it('say the server cannot be reached, one way, for no answer or a gateway page in place of ours', async () => {
    server.use(http.get('/api/thing', () => HttpResponse.error()));
    expect(await rejection(api.get('/api/thing'))).toMatchObject({ status: undefined, message: SERVER_UNREACHABLE });
    server.use(http.get('/api/thing', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
    expect(await rejection(api.get('/api/thing'))).toMatchObject({ status: 502, message: SERVER_UNREACHABLE });
    // Our own 503 (draining) keeps its sentence.
    server.use(
      http.get('/api/thing', () =>
        HttpResponse.json({ success: false, error: 'The server is restarting' }, { status: 503 }),
      ),
    );
    expect(await rejection(api.get('/api/thing'))).toMatchObject({ status: 503, message: 'The server is restarting' });
  });
});

describe('json-bigint parsing', () => {
  it('turns integers beyond 2^53 into BigInt and keeps every other number a number', async () => {
    server.use(
      http.get(
        '/api/numbers',
        () =>
          new HttpResponse(
            '{"success":true,"data":{"big":12345678901234567890,"negativeBig":-98765432109876543210,"rating":7.333333333333333,"sixteenDigits":1234567890123456,"small":5}}',
            { headers: { 'Content-Type': 'application/json' } },
          ),
      ),
    );
    const { data } = await api.get<{ data: unknown }>('/api/numbers');
    expect(data.data).toEqual({
      big: 12345678901234567890n,
      negativeBig: -98765432109876543210n,
      rating: 7.333333333333333,
      sixteenDigits: 1234567890123456,
      small: 5,
    });
  });

  it('reads an error body with a big number through json-bigint too: the server text reaches the caller', async () => {
    server.use(
      http.get(
        '/api/big-error',
        () =>
          new HttpResponse(
            '{"success":false,"error":"Peptide 98765432109876543210 is not known","id":98765432109876543210}',
            { status: 404 },
          ),
      ),
    );
    const error = await rejection(api.get('/api/big-error'));
    expect(error).toMatchObject({ status: 404, message: 'Peptide 98765432109876543210 is not known' });
    expect(error.body).toEqual({
      success: false,
      error: 'Peptide 98765432109876543210 is not known',
      id: 98765432109876543210n,
    });
  });

  it('keeps a non-JSON body as text and an empty body as undefined', async () => {
    server.use(
      http.get('/api/text', () => new HttpResponse('plain words', { status: 200 })),
      http.get('/api/empty', () => new HttpResponse(null, { status: 204 })),
    );
    expect((await api.get('/api/text')).data).toBe('plain words');
    expect((await api.get('/api/empty')).data).toBeUndefined();
  });
});
