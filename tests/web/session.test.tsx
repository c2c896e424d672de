// The session (docs/product-rules.md, "Session"): start-up check, logout, and the API client ending it.
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { api } from '@/api/client';
import { renderApp } from './helpers/render-app';
import { PASSWORD, backend } from './msw/backend';
import { errorBody } from './msw/fixtures';
import { mockCommunityApi } from './msw/community-handlers';
import { server } from './msw/server';

// Pages reached after sign-in read analytics, peptides and experiences: answer them like the server.
beforeEach(() => {
  mockCommunityApi();
});

const banner = () => within(screen.getByRole('banner'));
const SESSION_ENDED = 'Your session has ended. Sign in again to continue.';

function stored() {
  return [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken'), localStorage.getItem('userData')];
}

describe('start-up', () => {
  it('with a token and a stored user: fetches the current user and stores the fresh copy', async () => {
    // The stored copy is out of date: the server now says this account is a moderator.
    const session = backend.seedSession('member@example.com');
    backend.accessTokens.set(session.accessToken, { ...session.user, role: 'moderator' });

    renderApp('/privacy');

    expect(await banner().findByRole('link', { name: 'member@example.com' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Research Hub' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('userData') ?? '{}')).toMatchObject({
      email: 'member@example.com',
      role: 'moderator',
    });
    expect(backend.callsTo('/api/users/me')).toHaveLength(1);
  });

  it('when the check fails: clears tokens and user and signs out', async () => {
    backend.seedSession('member@example.com');
    server.use(http.get('/api/users/me', () => HttpResponse.json(errorBody('Account not found'), { status: 404 })));

    renderApp('/privacy');

    expect(await banner().findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(banner().queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(stored()).toEqual([null, null, null]);
  });

  it('with an expired access token: refreshes, then signs in', async () => {
    const session = backend.seedSession('member@example.com');
    backend.accessTokens.delete(session.accessToken);

    renderApp('/profile');

    expect(await screen.findByRole('heading', { level: 1, name: 'Profile Settings' })).toBeInTheDocument();
    expect(backend.callsTo('/api/auth/refresh')).toHaveLength(1);
    expect(localStorage.getItem('accessToken')).not.toBe(session.accessToken);
  });

  it('with an expired session: says so in the sign-in form, and signing in returns to the page', async () => {
    const session = backend.seedSession('member@example.com');
    backend.accessTokens.delete(session.accessToken);
    backend.refreshTokens.delete(session.refreshToken);

    const app = renderApp('/profile');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    expect(app.location()).toBe('/login');
    expect(stored()).toEqual([null, null, null]);
    const form = within(document.querySelector('form')!);
    expect(await form.findByText(SESSION_ENDED)).toBeInTheDocument();

    await app.user.type(screen.getByLabelText('Email'), 'member@example.com');
    await app.user.type(screen.getByLabelText('Password'), PASSWORD);
    await app.user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Profile Settings' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(app.location()).toBe('/profile');
  });

  it('without a complete session: no check, signed out, leftovers cleared', async () => {
    localStorage.setItem('userData', JSON.stringify(backend.account('member@example.com')));
    renderApp('/privacy');
    expect(await banner().findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(backend.callsTo('/api/users/me')).toHaveLength(0);
    await waitFor(() => expect(stored()).toEqual([null, null, null]));
  });
});

describe('logout', () => {
  it('revokes the refresh token on the server, clears the three items and returns to /', async () => {
    const session = backend.seedSession('member@example.com');
    const app = renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: 'Profile Settings' });

    await app.user.click(banner().getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Peptide Community' })).toBeInTheDocument();
    expect(app.location()).toBe('/');
    expect(stored()).toEqual([null, null, null]);
    expect(banner().getByRole('link', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() =>
      expect(backend.callsTo('/api/auth/logout').map((c) => c.body)).toEqual([{ refreshToken: session.refreshToken }]),
    );
  });

  it('signs out even when the server call fails, without an error toast', async () => {
    backend.seedSession('member@example.com');
    server.use(
      http.post('/api/auth/logout', () => {
        backend.calls.push({ method: 'POST', path: '/api/auth/logout', authorization: null });
        return HttpResponse.json(errorBody('Server error'), { status: 500 });
      }),
    );
    const app = renderApp('/privacy');
    await banner().findByRole('button', { name: 'Logout' });

    await app.user.click(banner().getByRole('button', { name: 'Logout' }));

    expect(await banner().findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(stored()).toEqual([null, null, null]);
    await waitFor(() => expect(backend.callsTo('/api/auth/logout')).toHaveLength(1));
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
  });
});

describe('session ended elsewhere', () => {
  it('signs the header out when a refresh fails during any call', async () => {
    const session = backend.seedSession('member@example.com');
    renderApp('/privacy');
    await banner().findByRole('link', { name: 'member@example.com' });
    await waitFor(() => expect(backend.callsTo('/api/users/me')).toHaveLength(1));

    // Both tokens expire; the next call's refresh fails.
    backend.accessTokens.clear();
    backend.refreshTokens.delete(localStorage.getItem('refreshToken') ?? session.refreshToken);
    await act(async () => {
      await api.get('/api/users/me').catch(() => undefined);
    });

    expect(await banner().findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(stored()).toEqual([null, null, null]);
  });

  it('never silently: the page says the session ended, and Sign In comes back to it', async () => {
    const session = backend.seedSession('member@example.com');
    const app = renderApp('/community?sort=helpful');
    await banner().findByRole('link', { name: 'member@example.com' });
    await waitFor(() => expect(backend.callsTo('/api/users/me')).toHaveLength(1));
    backend.accessTokens.clear();
    backend.refreshTokens.delete(localStorage.getItem('refreshToken') ?? session.refreshToken);
    await act(async () => {
      await api.get('/api/users/me').catch(() => undefined);
    });

    const notice = within(await screen.findByText(SESSION_ENDED).then((p) => p.parentElement!));
    expect(app.location()).toBe('/community');
    await app.user.click(notice.getByRole('link', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    await app.user.type(screen.getByLabelText('Email'), 'member@example.com');
    await app.user.type(screen.getByLabelText('Password'), PASSWORD);
    await app.user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Community Experiences' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(app.location()).toBe('/community');
    expect(app.search().get('sort')).toBe('helpful');
    expect(screen.queryByText(SESSION_ENDED)).not.toBeInTheDocument();
  });

  it('a sign-out the person chose says nothing about an ended session', async () => {
    backend.seedSession('member@example.com');
    const app = renderApp('/privacy');
    await app.user.click(await banner().findByRole('button', { name: 'Logout' }));
    expect(await banner().findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByText(SESSION_ENDED)).not.toBeInTheDocument();
  });

  it('follows a logout in another tab', async () => {
    backend.seedSession('member@example.com');
    renderApp('/privacy');
    await banner().findByRole('link', { name: 'member@example.com' });

    localStorage.clear();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });

    expect(await banner().findByRole('link', { name: 'Login' })).toBeInTheDocument();
  });
});
