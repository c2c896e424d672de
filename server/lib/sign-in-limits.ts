// Sign-in limits that a stranger cannot turn against an account's owner. Only failed sign-ins
// count (a wrong password or an unknown email), in three counters keyed by the limiter's keyed
// hash (never the email or the address itself):
// - per (account, address): past RATE_LIMIT_LOGIN_EMAIL failures that pair gets 429, so one
//   address cannot keep guessing one account's password; the owner elsewhere is not affected;
// - per address over all accounts: past RATE_LIMIT_LOGIN_ADDRESS failures that address gets 429,
//   so one address cannot spray many accounts; again nobody elsewhere is affected;
// - per account over all addresses: from RATE_LIMIT_LOGIN_ACCOUNT failures on, every attempt
//   waits before its password is checked (growing to LOGIN_DELAY_MAX_MS), never refused, so
//   guessing from many addresses slows down while the owner can still sign in.
// A successful sign-in clears that (account, address) pair's failures.
import type { Config, RateLimitRule } from '../config';
import { tooManyRequests } from './errors';
import { type RateLimiter, rateLimitHeaders } from './rate-limit';

const PAIR = 'login-account-address';
const ADDRESS = 'login-address';
const ACCOUNT = 'login-account';

/**
 * The wait before checking a password, given the account's failures in the window: none below
 * `threshold`, then `baseMs` doubling with each further failure, at most `maxMs`
 * (by default 250 ms at the 20th failure, 500, 1 s, 2 s, then 4 s).
 */
export function signInDelayMs(failures: number, threshold: number, baseMs: number, maxMs: number): number {
  if (failures < threshold) return 0;
  return Math.min(maxMs, baseMs * 2 ** Math.min(failures - threshold, 30));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface SignInAttempt {
  /** Refuses (429) when this address may not try now; waits when the account is under attack. */
  admit(): Promise<void>;
  /** The password (or the email) was wrong; `admit` already counted it for the pair. */
  failed(): Promise<void>;
  /** The password was right (even if the account is not approved yet): this address's failures for the account are forgotten. */
  succeeded(): Promise<void>;
}

export function signInAttempt(limiter: RateLimiter, config: Config, email: string, address: string): SignInAttempt {
  const { loginPerEmail: perPair, loginPerAddress: perAddress, loginPerAccount: perAccount } = config.rateLimits;
  const account = email.trim().toLowerCase();
  // One identifier for the pair; the newline cannot occur in an email or an address.
  const pair = `${account}\n${address}`;
  // A 429 names the limit that refused it (RateLimit-Policy, RateLimit), not the general one.
  const refuse = (resetAt: number, group: string, rule: RateLimitRule) => {
    const seconds = Math.max(1, Math.ceil((resetAt - limiter.now()) / 1000));
    return tooManyRequests(seconds, group, rateLimitHeaders(group, rule, 0, seconds));
  };
  return {
    async admit() {
      const [fromAddress, forAccount] = await Promise.all([
        limiter.peek(ADDRESS, address, perAddress.windowSeconds),
        limiter.peek(ACCOUNT, account, perAccount.windowSeconds),
      ]);
      if (fromAddress.count >= perAddress.max) throw refuse(fromAddress.resetAt, ADDRESS, perAddress);
      // Counted before the password is checked, so that many attempts sent at once cannot all
      // slip under the limit; `succeeded` takes it back by clearing the pair.
      const forPair = await limiter.count(PAIR, pair, perPair.windowSeconds);
      if (forPair.count > perPair.max) throw refuse(forPair.resetAt, PAIR, perPair);
      const wait = signInDelayMs(forAccount.count, perAccount.max, config.loginDelay.baseMs, config.loginDelay.maxMs);
      if (wait > 0) await sleep(wait);
    },
    async failed() {
      await Promise.all([
        limiter.count(ADDRESS, address, perAddress.windowSeconds),
        limiter.count(ACCOUNT, account, perAccount.windowSeconds),
      ]);
    },
    async succeeded() {
      await limiter.clear(PAIR, pair, perPair.windowSeconds);
    },
  };
}

/**
 * An attempt tied to no account (a password-reset link): it counts toward the address's failed
 * sign-ins, and an address over that limit is refused here as at sign-in.
 */
export function addressAttempt(
  limiter: RateLimiter,
  config: Config,
  address: string,
): Pick<SignInAttempt, 'admit' | 'failed'> {
  const { loginPerAddress: perAddress } = config.rateLimits;
  return {
    async admit() {
      const fromAddress = await limiter.peek(ADDRESS, address, perAddress.windowSeconds);
      if (fromAddress.count >= perAddress.max) {
        const seconds = Math.max(1, Math.ceil((fromAddress.resetAt - limiter.now()) / 1000));
        throw tooManyRequests(seconds, ADDRESS, rateLimitHeaders(ADDRESS, perAddress, 0, seconds));
      }
    },
    async failed() {
      await limiter.count(ADDRESS, address, perAddress.windowSeconds);
    },
  };
}
