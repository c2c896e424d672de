// The web project's files share their worker (vitest.config.ts, isolate: false), so a test must
// not reach into the next one. A request still in flight when a test ends used to finish in the
// next test, against its state: on a busy CI machine, the last test of "session ended elsewhere"
// (session.test.tsx) left a request whose refresh failed after the reset, and its sign-out took
// the next test's freshly stored session with it (that test saw Login where Logout should be).
// tests/web/setup.ts now lets a finished test's requests end before the slate is wiped.
import { screen, within } from '@testing-library/react';
import { HttpResponse, delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api } from '@/api/client';
import { renderApp } from './helpers/render-app';
import { backend } from './msw/backend';
import { mockCommunityApi } from './msw/community-handlers';
import { server } from './msw/server';

const banner = () => within(screen.getByRole('banner'));

// In order: the second test runs right after the first in the same worker.
describe('a request in flight when its test ends', () => {
  it('(first test) ends while a call it started is still waiting for its answer', async () => {
    mockCommunityApi();
    backend.seedSession('member@example.com');
    renderApp('/privacy');
    await banner().findByRole('button', { name: 'Logout' });
    // A slow call: answered after this test has ended, by a server that no longer knows the token
    // (the backend's slate is wiped between tests), so the client's refresh fails and it signs out.
    server.use(
      http.get('/api/users/me', async () => {
        await delay(150);
        return HttpResponse.json({ success: false, error: 'Session expired' }, { status: 401 });
      }),
    );
    void api.get('/api/users/me').catch(() => undefined);
  });

  it("(second test) keeps its own session: the first test's call ended before it began", async () => {
    // Long enough for the first test's call to have been answered, had it still been in flight:
    // with nothing stored any more, the client ended "its" session, and the in-memory token
    // it left (null) hid the session this test stores next.
    await new Promise((resolve) => setTimeout(resolve, 400));
    mockCommunityApi();
    backend.seedSession('member@example.com');
    renderApp('/privacy');
    expect(await banner().findByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).not.toBeNull();
  });
});
