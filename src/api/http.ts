// The one axios instance of the app (docs/product-rules.md, "The API"), reached through `api` in
// ./client: bearer token from the auth module, json-bigint parsing (./json), the token refresh
// rule, and failures turned into ApiError carrying the server's `error` text.
// oxlint-disable no-underscore-dangle -- `_retry` is the usual name of axios's retry flag on a request config
import { type AxiosResponse, type InternalAxiosRequestConfig, create, isAxiosError } from 'axios';
import { ENDPOINTS, endpointFor, pathOf, sendsToken } from '@contract/endpoints';
import { errorText, readData } from '@contract/normalize';
import * as authStorage from './auth-storage';
import { ApiError, SERVER_UNREACHABLE } from './errors';
import { PendingJson, parseResponseBody, resolveBody } from './json';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Set on the one retry after a token refresh, so a second 401 is not refreshed again. */
    _retry?: boolean;
  }
}

export const REFRESH_PATH = pathOf('refresh');

export const http = create({
  baseURL: import.meta.env.VITE_API_URL ?? '',
  headers: { 'Content-Type': 'application/json' },
  // Raw text in, so every body, error bodies included, is read by ./json's rules: JSON.parse
  // where it is exact, json-bigint (loaded then) where a number could be big.
  responseType: 'text',
  transformResponse: [parseResponseBody],
  // No time-out; only 2xx counts as success (axios default; docs/product-rules.md, "The API").
});

function requestPath(config: InternalAxiosRequestConfig): string {
  return (config.url ?? '').split('?')[0];
}

function isRefreshCall(config: InternalAxiosRequestConfig): boolean {
  return requestPath(config) === REFRESH_PATH;
}

/**
 * The token goes only where the server reads it (contract/endpoints.ts, `sendsToken`): never with
 * a submission or a call keyed by a tracking ID, so nothing a signed-in member sends ties their
 * account to a report, nor with a public read that is the same for everyone (the wizard's
 * question about the demographics shown for a peptide). A path the contract does not know
 * (another host's) gets it, as before.
 */
function carriesToken(config: InternalAxiosRequestConfig): boolean {
  const endpoint = endpointFor(config.method ?? 'GET', requestPath(config));
  return endpoint === null || sendsToken(endpoint);
}

function bearerOf(config: InternalAxiosRequestConfig): string | null {
  const header = config.headers.get('Authorization');
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
}

/** Any thrown value as an ApiError: the body's `error` field, else the transport message. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isAxiosError(error)) {
    const body: unknown = error.response?.data;
    const status = error.response?.status;
    const text = errorText(body);
    // No answer, or a gateway's page in place of ours: the server is out of reach, said one way.
    if (!error.response || (!text && (status === 502 || status === 503 || status === 504)))
      return new ApiError(SERVER_UNREACHABLE, status, body);
    return new ApiError(text ?? error.message, status, body);
  }
  return new ApiError(error instanceof Error ? error.message : String(error));
}

http.interceptors.request.use((config) => {
  const token = authStorage.getAccessToken();
  if (token && carriesToken(config)) config.headers.set('Authorization', `Bearer ${token}`);
  else config.headers.delete('Authorization');
  return config;
});

/** The refresh in flight: concurrent 401s wait for this one call instead of each refreshing. */
let refreshing: Promise<string> | null = null;

/** Held by the one tab that refreshes; the other tabs of this origin wait for it, then read its tokens. */
const REFRESH_LOCK = 'peptide-refresh';

/** @param sent The access token the failed request carried. */
function refreshAccessToken(refreshToken: string, sent: string | null): Promise<string> {
  refreshing ??= (async () => {
    try {
      // Web Locks exist in secure contexts of current browsers. Without them (older browsers,
      // plain http, jsdom) each tab refreshes, and the server answers a tab that presents the
      // token another tab has just replaced with the same successor (server/services/users.ts).
      const locks = 'locks' in navigator ? navigator.locks : undefined;
      const run = () => refreshOrAdopt(refreshToken, sent);
      return await (locks ? locks.request(REFRESH_LOCK, run) : run());
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

async function refreshOrAdopt(refreshToken: string, sent: string | null): Promise<string> {
  // Another tab may have refreshed (or signed out) while this one waited for the lock, its
  // storage event not yet seen here: read storage afresh, and take its tokens if they changed.
  authStorage.resetAuthCache();
  const stored = authStorage.getRefreshToken();
  const storedAccess = authStorage.getAccessToken();
  if (stored !== refreshToken || (sent && storedAccess && storedAccess !== sent)) {
    if (!stored || !storedAccess) throw new ApiError('Your session has ended', 401);
    return storedAccess;
  }
  // The row's schema (zod) loads with the refresh: most visits never refresh, and the first API
  // call of every page, which loads this file, stays free of it. Sent through this instance, not
  // `call`, so a failed refresh is not itself refreshed.
  const [
    {
      refresh: { response: RefreshResponse },
    },
    response,
  ] = await Promise.all([ENDPOINTS.refresh.schemas(), http.post(REFRESH_PATH, { refreshToken })]);
  const data = readData(RefreshResponse, response.data);
  if (!data) throw new ApiError('Invalid response from refresh token endpoint', response.status, response.data);
  // Signed out (or in again) while the refresh was under way: never resurrect that session.
  // The same successor stored meanwhile is another tab's refresh with the same token (no Web
  // Locks), answered alike by the server's grace: the same session, so this answer stands.
  const now = authStorage.getRefreshToken();
  if (now !== refreshToken && now !== data.refreshToken) throw new ApiError('Your session has ended', 401);
  authStorage.saveTokens(data.accessToken, data.refreshToken);
  return data.accessToken;
}

/**
 * docs/product-rules.md, "Session": on 401 or 403 from a request that is not itself a retry and not
 * the refresh call, refresh once and retry; with no refresh token, or when the refresh fails or
 * returns no data, end the session and pass the error on.
 */
async function onResponseError(error: unknown): Promise<AxiosResponse> {
  if (!isAxiosError(error) || !error.config) throw toApiError(error);
  const config = error.config;
  const status = error.response?.status;
  if ((status !== 401 && status !== 403) || config._retry || isRefreshCall(config)) throw toApiError(error);
  config._retry = true;

  // A concurrent call already refreshed after this one left: retry with the new token.
  const current = authStorage.getAccessToken();
  const sent = bearerOf(config);
  if (current && sent && sent !== current) return http.request(config);

  const refreshToken = authStorage.getRefreshToken();
  if (!refreshToken) {
    // A token was sent but cannot be renewed: the session has ended (the app shell, listening
    // to ./auth-storage, says so). Nothing sent: a visitor, nothing to end.
    authStorage.clearSession(sent ? 'ended' : 'signed-out');
    throw toApiError(error);
  }
  try {
    await refreshAccessToken(refreshToken, sent);
  } catch (refreshError) {
    // End the session that failed to refresh, not one started since (sign-in during the call).
    if (authStorage.getRefreshToken() === refreshToken) authStorage.clearSession('ended');
    throw toApiError(refreshError);
  }
  return http.request(config);
}

// First of the response interceptors: a body left for json-bigint is read before anything
// (the refresh rule, toApiError, the caller) looks at it.
http.interceptors.response.use(
  async (response) => {
    response.data = await resolveBody(response.data);
    return response;
  },
  async (error: unknown) => {
    const response = isAxiosError(error) ? error.response : undefined;
    // The error goes on as it came (the refresh rule needs it), even if json-bigint cannot load.
    if (response) {
      const body: unknown = response.data;
      response.data = await resolveBody(body).catch(() => (body instanceof PendingJson ? body.text : body));
    }
    throw error;
  },
);
http.interceptors.response.use(undefined, onResponseError);
