// The parts of the OpenAPI document that are the same for every operation, written once: the
// error answers a client meets (each with its status, the envelope with a stable `code`, and the
// headers it acts on), the rate-limit and paging headers, security, tags and the document's own
// information. plugins/openapi.ts marks each operation (its key in contract/endpoints.ts); this
// pass gives it the answers that key implies. The error envelope is contract/common.ts's
// ApiErrorBody, named `Error` there.
import { ENDPOINTS, type Endpoint, type EndpointKey } from '../../contract/endpoints';
import { DEPRECATED_INPUTS } from './deprecations';

export const BEARER = 'bearerAuth';

type Json = Record<string, any>;

export const TAGS: { name: string; description: string }[] = [
  { name: 'system', description: 'Whether the server is up, and the rate limits it enforces.' },
  { name: 'users', description: 'Registration, sign-in, token refresh and the signed-in member’s own account.' },
  { name: 'peptides', description: 'The peptide catalogue.' },
  {
    name: 'experiences',
    description:
      'Anonymous experience reports: the public feed, submission, corrections by tracking ID, votes and flags.',
  },
  {
    name: 'analytics',
    description: 'Community figures, trends and comparisons; the moderators’ research tables and export.',
  },
  { name: 'moderation', description: 'The moderators’ queue, decisions and log.' },
  { name: 'documentation', description: 'This document.' },
];

/** The group a path belongs to in the document: its first segment after `/api`. */
export function tagOf(path: string): string {
  const segment = path.split('/')[2] ?? '';
  const groups: Record<string, string> = {
    auth: 'users',
    votes: 'experiences',
    flags: 'experiences',
    effects: 'experiences',
    publication: 'experiences',
    research: 'analytics',
    health: 'system',
    limits: 'system',
    'openapi.json': 'documentation',
    changelog: 'documentation',
  };
  return groups[segment] ?? segment;
}

/** `[]` for an operation anyone may call, the token where one is needed, either where it is optional. */
export function securityOf(endpoint: Endpoint): Json[] {
  if (endpoint.access !== 'public') return [{ [BEARER]: [] }];
  return endpoint.token === 'optional' ? [{}, { [BEARER]: [] }] : [];
}

export const SECURITY_SCHEMES = {
  [BEARER]: {
    type: 'http' as const,
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'The `accessToken` of `POST /api/users/login`, valid `expiresIn` seconds; `POST /api/auth/refresh` gives a new one.',
  },
};

const ref = (kind: 'schemas' | 'headers' | 'responses', name: string) => ({ $ref: `#/components/${kind}/${name}` });

const HEADERS: Record<string, Json> = {
  RateLimitPolicy: {
    description:
      'The general per-address limit (IETF RateLimit fields): `"general";q=<requests>;w=<seconds>`. On a 429 from a narrower limit, that limit.',
    required: true,
    schema: { type: 'string', examples: ['"general";q=600;w=60'] },
  },
  RateLimit: {
    description: 'What is left of that limit: `"general";r=<requests left>;t=<seconds until the window ends>`.',
    required: true,
    schema: { type: 'string', examples: ['"general";r=598;t=42'] },
  },
  RetryAfter: {
    description: 'Seconds to wait before trying again.',
    required: true,
    schema: { type: 'integer', minimum: 1 },
  },
  WWWAuthenticate: {
    description:
      'The bearer challenge (RFC 6750). With `error="invalid_token"` the token sent was expired or not valid (the body\'s `code` says which: refresh after `token_expired`, sign in again after `invalid_token`); without it, none was sent.',
    required: true,
    schema: {
      type: 'string',
      examples: ['Bearer realm="api", error="invalid_token", error_description="The access token expired"'],
    },
  },
  ETag: {
    description:
      'A weak tag of this answer: send it back as `If-None-Match` and an unchanged answer is a 304 with no body.',
    schema: { type: 'string' },
  },
  Link: {
    description: 'The next page (RFC 8288): `<url>; rel="next"`; absent on the last page.',
    schema: { type: 'string', examples: ['</api/experiences?limit=20&cursor=eyJ2Ijo>; rel="next"'] },
  },
  Deprecation: {
    description:
      'Sent when the request used a deprecated value (marked `deprecated` in its schema): when it was deprecated (RFC 9745, `@<seconds since 1970>`). The answer is as for the value that replaced it.',
    schema: { type: 'string', examples: ['@1795737600'] },
  },
  Sunset: {
    description:
      'Sent with `Deprecation`: from this moment (RFC 8594, an HTTP date) the deprecated value may be refused.',
    schema: { type: 'string', examples: ['Sun, 06 Jun 2027 00:00:00 GMT'] },
  },
  XNextCursor: {
    description: "The CSV export's `nextCursor`: pass it as `cursor` for the next page; absent on the last page.",
    schema: { type: 'string' },
  },
};

const limitHeaders = { 'RateLimit-Policy': ref('headers', 'RateLimitPolicy'), RateLimit: ref('headers', 'RateLimit') };

const errorResponse = (description: string, example: Json, headers: Json = {}) => ({
  description,
  headers: { ...limitHeaders, ...headers },
  content: { 'application/json': { schema: ref('schemas', 'Error'), example: { success: false, ...example } } },
});

const RESPONSES: Record<string, Json> = {
  NotModified: {
    description: 'Not modified: the `If-None-Match` tag is still current; no body.',
    headers: { ...limitHeaders, ETag: ref('headers', 'ETag') },
  },
  BadRequest: errorResponse(
    'The request is not valid: `validation_failed` lists every refused input in `issues` (its `path` names the field), `invalid_json` a body that is not JSON, `bad_request` anything else.',
    {
      error: 'story must be at least 50 characters',
      code: 'validation_failed',
      issues: [{ path: ['story'], message: 'story must be at least 50 characters' }],
    },
  ),
  Unauthorized: errorResponse(
    'No valid access token: `unauthorized` (none sent, or a wrong password or refresh token), `token_expired` (refresh it), `invalid_token` (sign in again).',
    { error: 'Your session has expired. Please sign in again.', code: 'token_expired' },
    { 'WWW-Authenticate': ref('headers', 'WWWAuthenticate') },
  ),
  Forbidden: errorResponse(
    "Signed in, but this account may not do this (a moderator's operation, or an account not yet approved).",
    { error: 'Only moderators can do this', code: 'forbidden' },
  ),
  NotFound: errorResponse('Nothing with this id, or it is not public.', {
    error: 'Experience not found',
    code: 'not_found',
  }),
  Conflict: errorResponse(
    'The request clashes with what exists (a name taken, a vote already cast, a report already decided).',
    { error: 'You have already flagged this report', code: 'conflict' },
  ),
  PayloadTooLarge: errorResponse('The body is larger than the server accepts.', {
    error: 'The request body is too large',
    code: 'payload_too_large',
  }),
  UnsupportedMediaType: errorResponse(
    'The body is not `application/json` (or comes in an encoding other than gzip, deflate or br).',
    { error: 'Send the body as application/json', code: 'unsupported_media_type' },
  ),
  TooManyRequests: errorResponse(
    "A rate limit was passed (see the operation's description and `GET /api/limits`); wait `Retry-After` seconds.",
    { error: 'Too many requests. Please try again in 42 seconds.', code: 'rate_limited' },
    { 'Retry-After': ref('headers', 'RetryAfter') },
  ),
  ServiceUnavailable: errorResponse(
    'This server cannot answer now (it is stopping, or its database is away for a moment); try again after `Retry-After` seconds.',
    { error: 'This server is stopping: send requests to another one.', code: 'service_unavailable' },
    { 'Retry-After': ref('headers', 'RetryAfter') },
  ),
  UriTooLong: errorResponse('A path parameter is longer than any id (200 characters at most).', {
    error: 'A path parameter is too long',
    code: 'uri_too_long',
  }),
  // Node's HTTP parser refuses these before the server reads the request: no limit is counted,
  // so the answer has no RateLimit fields.
  HeadersTooLarge: {
    description: 'The request headers are larger than the server reads (16 kB); nothing was counted or done.',
    content: {
      'application/json': {
        schema: ref('schemas', 'Error'),
        example: { success: false, error: 'The request headers are too large', code: 'headers_too_large' },
      },
    },
  },
  ServerError: errorResponse('Something went wrong on our side; nothing about it is in the answer.', {
    error: 'Something went wrong on our side. Please try again.',
    code: 'server_error',
  }),
};

/** Keys whose answer can be 404 though their path names no id (an unknown tracking ID, an unknown account). */
const NOT_FOUND_WITHOUT_ID: EndpointKey[] = [
  'trackedExperience',
  'updateTrackedExperience',
  'deleteTrackedExperience',
  'compare',
];
/** Public operations that check a password, a refresh token or a one-time token: 401 when it is wrong. */
const CHECKS_A_SECRET: EndpointKey[] = ['login', 'refresh', 'logout'];
/** Operations that answer 403 though anyone may call them: an account that is not approved signing in. */
const FORBIDDEN_PUBLIC: EndpointKey[] = ['login'];

/** The error answers an operation can give, by status. */
function errorsOf(key: EndpointKey, endpoint: Endpoint): Record<string, Json> {
  const hasId = endpoint.path.includes(':');
  const hasBody = endpoint.method !== 'GET';
  const statuses: [string, string, boolean][] = [
    ['400', 'BadRequest', true],
    [
      '401',
      'Unauthorized',
      endpoint.access !== 'public' || endpoint.token === 'optional' || CHECKS_A_SECRET.includes(key),
    ],
    ['403', 'Forbidden', endpoint.access !== 'public' || FORBIDDEN_PUBLIC.includes(key)],
    ['404', 'NotFound', hasId || NOT_FOUND_WITHOUT_ID.includes(key)],
    ['409', 'Conflict', hasBody],
    ['413', 'PayloadTooLarge', hasBody],
    ['414', 'UriTooLong', hasId],
    ['415', 'UnsupportedMediaType', hasBody],
    ['429', 'TooManyRequests', true],
    ['431', 'HeadersTooLarge', true],
    ['500', 'ServerError', true],
    ['503', 'ServiceUnavailable', true],
  ];
  return Object.fromEntries(
    statuses.filter(([, , applies]) => applies).map(([status, name]) => [status, ref('responses', name)]),
  );
}

/** Named schemas nothing refers to (the request-side twins of answer-only shapes) are left out. */
function dropUnused(doc: Json): void {
  const schemas = doc.components.schemas as Json;
  for (;;) {
    const text =
      JSON.stringify({ ...doc, components: { ...doc.components, schemas: {} } }) +
      JSON.stringify(Object.values(schemas));
    const unused = Object.keys(schemas).filter((name) => !text.includes(`"#/components/schemas/${name}"`));
    if (!unused.length) return;
    for (const name of unused) delete schemas[name];
  }
}

/** Gives each operation its error answers and the headers of its successes; adds the shared components. */
export function finishDocument(doc: Json): Json {
  for (const [, item] of Object.entries((doc.paths ?? {}) as Json)) {
    for (const [method, op] of Object.entries(item as Json)) {
      const key = (op as Json).operationId as EndpointKey | undefined;
      if (!key || !(key in ENDPOINTS)) continue;
      const endpoint = ENDPOINTS[key] as Endpoint;
      const responses = ((op as Json).responses ??= {}) as Json;
      // The document itself is the one answer outside the envelope.
      if (key === 'apiDocument')
        responses['200'] = {
          description: 'This document, OpenAPI 3.1',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { openapi: { type: 'string' }, info: { type: 'object' }, paths: { type: 'object' } },
                required: ['openapi', 'info', 'paths'],
              },
            },
          },
        };
      if (key === 'apiChangelog')
        responses['200'] = {
          description: 'What each version of this document changed (Markdown), newest first',
          content: { 'text/markdown': { schema: { type: 'string' } } },
        };
      for (const [status, response] of Object.entries(responses)) {
        if (!status.startsWith('2')) continue;
        const headers: Json = { ...limitHeaders };
        if (method === 'get') headers.ETag = ref('headers', 'ETag');
        if (endpoint.paging === 'cursor') headers.Link = ref('headers', 'Link');
        if (key === 'researchExport') headers['X-Next-Cursor'] = ref('headers', 'XNextCursor');
        if (DEPRECATED_INPUTS.some((input) => input.endpoints.includes(key))) {
          headers.Deprecation = ref('headers', 'Deprecation');
          headers.Sunset = ref('headers', 'Sunset');
        }
        (response as Json).headers = headers;
      }
      if (method === 'get') responses['304'] = ref('responses', 'NotModified');
      // The honeypot is for bots that fill every field they see: a client reading this document
      // must not send it (the server answers as if it took the report, and drops it).
      if (key === 'submitExperience') {
        const body = (op as Json).requestBody?.content?.['application/json']?.schema as Json | undefined;
        if (body?.properties) delete body.properties.website;
      }
      Object.assign(responses, errorsOf(key, endpoint));
    }
  }
  doc.components ??= {};
  doc.components.headers = HEADERS;
  doc.components.responses = RESPONSES;
  dropUnused(doc);
  return doc;
}
