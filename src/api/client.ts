// The one way the web app calls the API: `call(key, { params, query, body })`, the key being the
// endpoint's row in contract/endpoints.ts. The row gives the path, the method and the schemas, so
// the URL, the request and the reading of the answer are written here once, as the server takes
// its route's schema from the same row (server/plugins/route-config.ts `routeSchema`). The axios
// instance behind it (bearer token, json-bigint, the one-time refresh retry, failures as ApiError:
// ./http) is fetched on the first call, in parallel with the page's own code, so the shell and
// skeletons paint before ~30 kB of HTTP code arrives; the row's schemas load beside the request.
import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import type { ZodMiniType, input } from 'zod/mini';
import { ENDPOINTS, type Endpoint, type EndpointKey, type EndpointSchemas } from '@contract/endpoints';
import { type DataOf, messageText, readData } from '@contract/normalize';
import { ApiError, SERVER_UNREACHABLE } from './errors';

type Http = typeof import('./http')['http'];

let loading: Promise<Http> | undefined;

function http(): Promise<Http> {
  loading ??= import('./http').then(
    (module) => module.http,
    () => {
      // A failed chunk load (offline) must not stick: the next call tries again. Said like any
      // other failure to reach the server.
      loading = undefined;
      throw new ApiError(SERVER_UNREACHABLE);
    },
  );
  return loading;
}

/**
 * The transport under `call`, for the tests of the HTTP client itself (tests/web/api-client.test.ts
 * sends to paths no endpoint has). Code in src/ calls `call`: the lint rule `api/no-api-literal`
 * (scripts/lint-no-api-literal.mjs) refuses both an API path written by hand and this import.
 */
export const api = {
  get: async <T = unknown>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> =>
    (await http()).get<T>(url, config),
  delete: async <T = unknown>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> =>
    (await http()).delete<T>(url, config),
  post: async <T = unknown>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> =>
    (await http()).post<T>(url, data, config),
  put: async <T = unknown>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> =>
    (await http()).put<T>(url, data, config),
};

type Rows = typeof ENDPOINTS;
/** The endpoints that have schemas: every one but the API document. */
export type CallKey = { [K in EndpointKey]: Rows[K] extends { schemas: unknown } ? K : never }[EndpointKey];
type SchemasOf<K extends CallKey> = Rows[K] extends { schemas: () => Promise<infer M> }
  ? K extends keyof M
    ? M[K]
    : never
  : never;
/** What the endpoint answers on success: its response schema's `data`. */
export type AnswerOf<K extends CallKey> =
  SchemasOf<K> extends { response: infer R extends ZodMiniType } ? DataOf<R> : never;

type RequestParts<S> = (S extends { params: infer P extends ZodMiniType } ? { params: input<P> } : { params?: never }) &
  (S extends { query: infer Q extends ZodMiniType } ? { query?: input<Q> } : { query?: never }) &
  (S extends { body: infer B extends ZodMiniType } ? { body?: input<B> } : { body?: never });

export type CallOptions<K extends CallKey> = RequestParts<SchemasOf<K>> & {
  /** The ApiError's message when a 2xx answer is not what the schema reads (another host's shape). */
  invalid?: string;
  /** Where a bare array answered by another host goes (contract/normalize.ts `readData`). */
  listKey?: string;
  /** The body is padded to one size (./padded-body), as the row's body schema reads it. */
  padded?: boolean;
  headers?: Record<string, string>;
};

/** `read: 'reply'`: the data with the server's `message` and the status. */
export type Reply<K extends CallKey> = { data: AnswerOf<K>; message: string | undefined; status: number };
/** `read: 'raw'`: the body unread (a CSV export), with the status and headers. */
export type RawReply = { body: unknown; status: number; headers: Record<string, unknown> };

const INVALID = 'Invalid response from server';

/** An endpoint's path with its parameters filled in, each percent-encoded. */
function urlOf(endpoint: Endpoint, params: Record<string, unknown> | undefined): string {
  return endpoint.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
}

type Loose = {
  params?: Record<string, unknown>;
  query?: unknown;
  body?: unknown;
  invalid?: string;
  listKey?: string;
  padded?: boolean;
  headers?: Record<string, string>;
};

/** The row's schemas: its module's, at its key (contract/endpoints.ts; contract/endpoints.test.ts checks each is there). */
async function schemasOf(key: CallKey, endpoint: Endpoint): Promise<EndpointSchemas> {
  // A schema chunk that cannot load (offline) is a failure to reach the server, like ./http's.
  const schemas = await endpoint.schemas!().catch(() => {
    throw new ApiError(SERVER_UNREACHABLE);
  });
  return schemas[key]!;
}

async function send(key: CallKey, endpoint: Endpoint, options: Loose): Promise<AxiosResponse<unknown>> {
  const config: AxiosRequestConfig = {
    method: endpoint.method,
    url: urlOf(endpoint, options.params),
    params: options.query,
    data: options.body,
    headers: options.headers,
  };
  if (options.padded) {
    const [{ paddedJson, PADDED_REQUEST }, schemas] = await Promise.all([
      import('./padded-body'),
      schemasOf(key, endpoint),
    ]);
    Object.assign(config, PADDED_REQUEST, { data: paddedJson(options.body, schemas.body) });
    config.headers = { ...PADDED_REQUEST.headers, ...options.headers };
  }
  return (await http()).request<unknown>(config);
}

/**
 * Calls the endpoint `key` of contract/endpoints.ts and reads its answer with the row's response
 * schema: resolves to the answer's `data`, or with `read: 'reply'` to the data, the server's
 * `message` and the status, or with `read: 'raw'` to the body unread (a CSV export; sign-in's
 * own checks, src/api/auth.ts). Every failure is an ApiError:
 * the server's refusal (./http), or an answer the schema does not read (`invalid`).
 */
export function call<K extends CallKey>(key: K, options: CallOptions<K> & { read: 'reply' }): Promise<Reply<K>>;
export function call<K extends CallKey>(key: K, options: CallOptions<K> & { read: 'raw' }): Promise<RawReply>;
export function call<K extends CallKey>(
  key: K,
  ...options: object extends CallOptions<K> ? [CallOptions<K>?] : [CallOptions<K>]
): Promise<AnswerOf<K>>;
export async function call(key: CallKey, options: Loose & { read?: 'data' | 'reply' | 'raw' } = {}): Promise<unknown> {
  const endpoint: Endpoint = ENDPOINTS[key];
  if (options.read === 'raw') {
    const response = await send(key, endpoint, options);
    return { body: response.data, status: response.status, headers: { ...response.headers } };
  }
  const [schemas, response] = await Promise.all([schemasOf(key, endpoint), send(key, endpoint, options)]);
  const body = response.data;
  const data = readData(schemas.response, body, { listKey: options.listKey });
  if (data === undefined) throw new ApiError(options.invalid ?? INVALID, response.status, body);
  return options.read === 'reply' ? { data, message: messageText(body), status: response.status } : data;
}
