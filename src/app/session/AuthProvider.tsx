// The session (docs/product-rules.md, "Session"). The API modules are imported on demand, so the
// HTTP client, json-bigint and zod stay out of the first load of a signed-out visit.
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Credentials, User } from '@contract/users';
import type { Registration } from '@/api/auth';
import * as authStorage from '@/api/auth-storage';
import { revokeSession } from '@/api/revoke-session';
import { noticeState } from './notice';
import { paths } from '@/lib/paths';

export type SessionStatus = 'checking' | 'signed-in' | 'signed-out';

/** Said wherever a session ended without the person signing out (the sign-in form, the page notice). */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Sign in again to continue.';

interface SessionState {
  status: SessionStatus;
  user: User | null;
}

export interface AuthContextValue extends SessionState {
  isModerator: boolean;
  /** The session expired or was revoked (its refresh failed) since the person last signed in. */
  sessionEnded: boolean;
  /** The person has seen the notice and closed it. */
  dismissSessionEnded: () => void;
  /** Signs in, stores the session and goes to `returnTo` (default `/`). Throws an ApiError on failure. */
  login: (credentials: Credentials, returnTo?: string) => Promise<void>;
  /** Creates a pending account and goes to the page that says what happens next; stores nothing. Throws on failure. */
  register: (credentials: Credentials) => Promise<Registration>;
  /**
   * The server has already ended this sign-in (sign out everywhere, a deleted account): forget it
   * here and go to `to`, where `notice` is shown (src/app/session/notice.ts).
   */
  endSession: (to: string, notice?: string) => void;
  /** Revokes the session on the server (sent first, surviving the page going away), ends it here at once and goes to `/`; resolves when the server has answered. */
  logout: () => Promise<void>;
}

const SIGNED_OUT: SessionState = { status: 'signed-out', user: null };

/** With a token and a stored user the session is checked; without both, signed out. */
function sessionFromStorage(status: 'checking' | 'signed-in'): SessionState {
  const user = authStorage.getStoredUser();
  return authStorage.getAccessToken() && user ? { status, user } : SIGNED_OUT;
}

function hasLeftovers(): boolean {
  return Boolean(authStorage.getAccessToken() || authStorage.getRefreshToken() || authStorage.getStoredUser());
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [session, setSession] = useState<SessionState>(() => sessionFromStorage('checking'));
  const [sessionEnded, setSessionEnded] = useState(false);
  const dismissSessionEnded = useCallback(() => setSessionEnded(false), []);

  // Start-up, once for the session found in storage: refresh the stored user from
  // GET /api/users/me, or sign out on any failure. Later changes come through login/logout.
  const startupCheck = useRef(session.status === 'checking');
  useEffect(() => {
    if (!startupCheck.current) {
      if (hasLeftovers()) authStorage.clearSession(); // half a session is no session
      return;
    }
    let active = true;
    void (async () => {
      try {
        const { meQueryOptions } = await import('@/api/users');
        const user = await queryClient.fetchQuery(meQueryOptions());
        if (!active) return;
        authStorage.saveUser(user);
        setSession((current) => (current.status === 'checking' ? { status: 'signed-in', user } : current));
      } catch {
        if (active) authStorage.clearSession();
      }
    })();
    return () => {
      active = false;
    };
  }, [queryClient]);

  // The API client ends the session when a refresh fails ('ended': the person is told, never
  // signed out silently); other tabs sign in and out too.
  useEffect(
    () =>
      authStorage.subscribe((event) => {
        if (event === 'cleared' || event === 'ended') setSession(SIGNED_OUT);
        if (event === 'ended') setSessionEnded(true);
        if (event === 'signed-in') setSessionEnded(false);
        if (event === 'other-tab') setSession(sessionFromStorage('signed-in'));
      }),
    [],
  );

  const login = useCallback(
    async (credentials: Credentials, returnTo = '/') => {
      const api = await import('@/api/auth');
      const data = await api.login(credentials);
      authStorage.saveSession(data);
      setSession({ status: 'signed-in', user: data.user });
      // Cached answers depend on who asked (canDelete, votes): fetch them again as this member.
      void queryClient.resetQueries();
      navigate(returnTo);
    },
    [navigate, queryClient],
  );

  const register = useCallback(
    async (credentials: Credentials) => {
      const api = await import('@/api/auth');
      const registration = await api.register(credentials);
      // The account awaits approval: nothing is stored and nobody is signed in. The next page
      // says so and what happens next.
      navigate(paths.registered, { state: { email: registration.user.email } });
      return registration;
    },
    [navigate],
  );

  const logout = useCallback(async () => {
    const refreshToken = authStorage.getRefreshToken();
    // The server's revocation leaves first, in this task: sent after the storage is cleared and
    // the page has moved on, it was lost whenever the tab closed or navigated at once, and the
    // server session lived on for its 30 days (src/api/revoke-session.ts).
    const revoked = refreshToken ? revokeSession(refreshToken) : null;
    // One update: leaving a protected page and signing out must render together, or its
    // guard would first send the visitor to /login.
    startTransition(() => {
      authStorage.clearSession();
      setSessionEnded(false);
      navigate(paths.home);
    });
    void queryClient.resetQueries();
    // Signed out here whatever the server answers; its session also expires on its own.
    await revoked;
  }, [navigate, queryClient]);

  // endSession's cached answers are dropped once its navigation has landed: dropped at once, the
  // protected page still on screen (the Account tab) would fetch again without a token, and its
  // refusal would send the person to /login before the page they were sent to.
  const locationKey = useLocation().key;
  /** The location endSession left from, until its navigation has landed. */
  const leftFrom = useRef<string | null>(null);
  useEffect(() => {
    if (leftFrom.current === null || leftFrom.current === locationKey) return;
    leftFrom.current = null;
    void queryClient.resetQueries();
  }, [locationKey, queryClient]);

  const endSession = useCallback(
    (to: string, notice?: string) => {
      leftFrom.current = locationKey;
      // One update, as in logout: leaving the protected page and signing out render together.
      startTransition(() => {
        authStorage.clearSession();
        setSessionEnded(false);
        navigate(to, { state: notice ? noticeState(notice) : undefined });
      });
    },
    [navigate, locationKey],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      ...session,
      isModerator: session.user?.role === 'moderator',
      sessionEnded,
      dismissSessionEnded,
      login,
      register,
      logout,
      endSession,
    }),
    [session, sessionEnded, dismissSessionEnded, login, register, logout, endSession],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside AuthProvider');
  return context;
}
