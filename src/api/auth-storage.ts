// The session as kept in the browser (docs/product-rules.md, "Session"): `accessToken`,
// `refreshToken` and `userData` in localStorage. The access token is read from storage once and
// cached; every write goes through here, so the cache stays in sync on login, refresh and logout,
// and listeners (the app shell's AuthProvider) learn when the API client ends the session: 'ended'
// when it could not be renewed (the person must be told), 'cleared' for a sign-out.
// No zod here: this module is on the first load, and `userData` is our own write.
import type { User } from '@contract/users';

export const SESSION_KEYS = ['accessToken', 'refreshToken', 'userData'] as const;

export type SessionEvent = 'signed-in' | 'tokens' | 'user' | 'cleared' | 'ended' | 'other-tab';
type Listener = (event: SessionEvent) => void;

/** undefined: not read yet; null: read, and there is none. */
let cachedAccessToken: string | null | undefined;
const listeners = new Set<Listener>();

// Storage can throw (disabled storage, private modes): the app then behaves as signed out.
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Quota or disabled storage: the session lasts for this page only.
  }
}

function remove(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}

function emit(event: SessionEvent): void {
  for (const listener of listeners) listener(event);
}

export function getAccessToken(): string | null {
  if (cachedAccessToken === undefined) cachedAccessToken = read('accessToken');
  return cachedAccessToken;
}

export function getRefreshToken(): string | null {
  return read('refreshToken');
}

/** The stored user, or null when absent or not shaped like one. */
export function getStoredUser(): User | null {
  const text = read('userData');
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { email, role } = value as Partial<User>;
    return typeof email === 'string' && typeof role === 'string' ? (value as User) : null;
  } catch {
    return null;
  }
}

export function saveSession(session: { accessToken: string; refreshToken: string; user: User }): void {
  cachedAccessToken = session.accessToken;
  write('accessToken', session.accessToken);
  write('refreshToken', session.refreshToken);
  write('userData', JSON.stringify(session.user));
  emit('signed-in');
}

export function saveTokens(accessToken: string, refreshToken: string): void {
  cachedAccessToken = accessToken;
  write('accessToken', accessToken);
  write('refreshToken', refreshToken);
  emit('tokens');
}

export function saveUser(user: User): void {
  write('userData', JSON.stringify(user));
  emit('user');
}

/**
 * Removes the three items and the in-memory token. `ended`: the session expired or was revoked
 * (its refresh failed), not signed out by the person, so listeners tell them.
 */
export function clearSession(reason: 'signed-out' | 'ended' = 'signed-out'): void {
  cachedAccessToken = null;
  for (const key of SESSION_KEYS) remove(key);
  emit(reason === 'ended' ? 'ended' : 'cleared');
}

/** Forgets the cached token so the next read comes from storage (another tab wrote it; tests). */
export function resetAuthCache(): void {
  cachedAccessToken = undefined;
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

// Another tab signed in, refreshed or signed out: re-read on next use and tell the listeners.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== null && !(SESSION_KEYS as readonly string[]).includes(event.key)) return;
    resetAuthCache();
    emit('other-tab');
  });
}
