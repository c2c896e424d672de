// Where sign-in returns a person: the page they were on when their session ended or a
// protected page sent them to sign in. Carried in the router's location state, never in the URL.
import type { Location } from 'react-router-dom';
import { paths } from '@/lib/paths';

export interface SignInState {
  from?: string;
}

/** The state to send with a link or redirect to /login from this location. */
export function signInStateFrom(location: Pick<Location, 'pathname' | 'search' | 'hash'>): SignInState {
  return { from: `${location.pathname}${location.search}${location.hash}` };
}

/** The in-app path to return to after signing in; `/` for anything else (never another site). */
export function returnPath(state: unknown): string {
  const from = typeof state === 'object' && state !== null ? (state as SignInState).from : undefined;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\'))
    return paths.home;
  if (from === paths.login || from.startsWith(`${paths.login}?`) || from === paths.register) return paths.home;
  return from;
}
