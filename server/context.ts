// What every route and service needs, built once per server.
import type { Config } from './config';
import type { Db } from './db/client';
import { ReadCache } from './lib/cache';
import { RateLimiter } from './lib/rate-limit';
import { TokenService } from './lib/tokens';

export interface AppContext {
  config: Config;
  db: Db;
  tokens: TokenService;
  limiter: RateLimiter;
  /** Hot public reads; emptied by every write that could change them. */
  cache: ReadCache;
}

export function createContext(config: Config, db: Db, jwtSecret: string, limiter = new RateLimiter()): AppContext {
  return { config, db, tokens: new TokenService(jwtSecret, config.accessTokenSeconds), limiter, cache: new ReadCache() };
}

/** Caller identity after the bearer token was checked against its session. */
export interface Caller {
  userId: string;
  email: string;
  role: 'user' | 'moderator';
  sessionFamily: string;
}
