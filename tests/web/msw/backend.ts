// A tiny in-memory stand-in for the auth part of the API: accounts, access and refresh tokens
// (rotating on refresh, like the real server), and a log of calls for assertions.
import { type User } from '@contract/users';
import { makeUser } from './fixtures';

interface Account {
  user: User;
  password: string;
}

export const PASSWORD = 'correct-horse-9';
export const PENDING_MESSAGE = 'Your account is awaiting moderator approval';

class Backend {
  accounts = new Map<string, Account>();
  accessTokens = new Map<string, User>();
  refreshTokens = new Map<string, User>();
  calls: { method: string; path: string; authorization: string | null; body?: unknown }[] = [];
  private tokenCounter = 0;

  reset(): void {
    this.accounts.clear();
    this.accessTokens.clear();
    this.refreshTokens.clear();
    this.calls = [];
    this.tokenCounter = 0;
    this.addAccount(makeUser({ email: 'member@example.com', role: 'user' }));
    this.addAccount(makeUser({ email: 'moderator@example.com', role: 'moderator' }));
    this.addAccount(makeUser({ email: 'pending@example.com', role: 'user', status: 'pending' }));
  }

  addAccount(user: User, password = PASSWORD): User {
    this.accounts.set(user.email.toLowerCase(), { user, password });
    return user;
  }

  account(email: string): User {
    const account = this.accounts.get(email.toLowerCase());
    if (!account) throw new Error(`no test account ${email}`);
    return account.user;
  }

  /** Issues a fresh token pair for a user, as login and refresh do. */
  issueTokens(user: User): { accessToken: string; refreshToken: string } {
    this.tokenCounter += 1;
    const accessToken = `access-${this.tokenCounter}`;
    const refreshToken = `refresh-${this.tokenCounter}`;
    this.accessTokens.set(accessToken, user);
    this.refreshTokens.set(refreshToken, user);
    return { accessToken, refreshToken };
  }

  /** Stores a signed-in session in localStorage, as the app leaves it after login. */
  seedSession(email: string, storedUser?: Partial<User>): { accessToken: string; refreshToken: string; user: User } {
    const user = this.account(email);
    const tokens = this.issueTokens(user);
    localStorage.setItem('accessToken', tokens.accessToken);
    localStorage.setItem('refreshToken', tokens.refreshToken);
    localStorage.setItem('userData', JSON.stringify({ ...user, ...storedUser }));
    return { ...tokens, user };
  }

  callsTo(path: string, method?: string) {
    return this.calls.filter((call) => call.path === path && (!method || call.method === method));
  }
}

export const backend = new Backend();
backend.reset();
