// Every error answer: a person-readable `error` in the API's envelope, the right status, and
// never a stack trace or SQL in a body (500s are logged, without request data). The error
// handler covers what reaches a route; frameworkErrors and clientErrorHandler (server options,
// app.ts) what the router and Node's HTTP parser refuse before that.
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { type ApiErrorBody, errorCodeOf } from '../../contract/common';
import type { AppContext } from '../context';
import { isDatabaseUnavailable } from '../db/client';
import { clientAddress } from '../lib/address';
import { databaseUnavailable, HttpError } from '../lib/errors';
import { INVALID_JSON_MESSAGE, UNSUPPORTED_MEDIA_TYPE_MESSAGE } from '../lib/json-body';
import { rateLimitHeaders } from '../lib/rate-limit';
import { SECURITY_HEADERS } from './security-headers';

export const errorAnswers = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      if (error instanceof HttpError) {
        reply.headers(error.headers);
        const body: ApiErrorBody = { success: false, error: error.message, code: error.code };
        if (error.issues) body.issues = error.issues;
        if (error.existing) body.existing = error.existing;
        return reply.code(error.statusCode).send(body);
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const code =
          error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'invalid_json'
            : errorCodeOf(status);
        return reply
          .code(status)
          .send({ success: false, error: clientErrorMessage(error, status), code } satisfies ApiErrorBody);
      }
      // PostgreSQL restarting or a connection cut: try again soon, not a bug of ours.
      if (isDatabaseUnavailable(error)) {
        const unavailable = databaseUnavailable();
        reply.headers(unavailable.headers);
        return reply
          .code(503)
          .send({ success: false, error: unavailable.message, code: 'service_unavailable' } satisfies ApiErrorBody);
      }
      request.log.error({ err: { message: error.message, stack: error.stack, code: error.code } }, 'request failed');
      return reply.code(500).send({
        success: false,
        error: 'Something went wrong on our side. Please try again.',
        code: 'server_error',
      } satisfies ApiErrorBody);
    });
  },
  { name: 'error-answers' },
);

function clientErrorMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return INVALID_JSON_MESSAGE;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return UNSUPPORTED_MEDIA_TYPE_MESSAGE;
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'The request body length does not match its Content-Length';
    default:
      if (status === 413) return 'The request body is too large';
      if (status === 415) return UNSUPPORTED_MEDIA_TYPE_MESSAGE;
      // Fastify's own 4xx messages are plain; they never hold data from our database.
      return error.message || 'Bad request';
  }
}

/**
 * Router-level refusals (an overlong or undecodable path parameter), answered before any hook
 * runs: the envelope, and the headers the hooks would have set. They count against the general
 * limit like any request (plugins/request-guards.ts), so a flood of undecodable paths is refused
 * with 429 too, and each answer says what is left (RateLimit, RateLimit-Policy).
 */
export function frameworkErrors(ctx: AppContext): NonNullable<FastifyServerOptions['frameworkErrors']> {
  return (error, request, reply) => {
    const answer = (status: number, message: string, headers: Record<string, string>) =>
      void (reply as FastifyReply)
        .headers({ ...SECURITY_HEADERS, 'cache-control': 'no-store', ...headers })
        .code(status)
        .send({ success: false, error: message, code: errorCodeOf(status) } satisfies ApiErrorBody);
    const status = (error as FastifyError).statusCode === 414 ? 414 : 400;
    const message = status === 414 ? 'A path parameter is too long' : 'The request path is not valid';
    const rule = ctx.config.rateLimits.general;
    Promise.resolve()
      .then(() => ctx.limiter.check('general', clientAddress(request as FastifyRequest), rule))
      .then(
        ({ remaining, resetSeconds }) =>
          answer(status, message, rateLimitHeaders('general', rule, remaining, resetSeconds)),
        (err: unknown) =>
          err instanceof HttpError ? answer(err.statusCode, err.message, err.headers) : answer(status, message, {}),
      );
  };
}

/** Node's parser errors (HPE_*) that a client caused, with a status and a sentence for each. */
function clientErrorAnswer(code: string | undefined): { status: number; message: string } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, message: 'The request headers are too large' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: 'The request took too long to arrive' };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, message: 'The request body is too large' };
    case 'HPE_INVALID_CONTENT_LENGTH':
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
      return { status: 400, message: 'The request has a Content-Length that is not valid' };
    case 'HPE_INVALID_TRANSFER_ENCODING':
    case 'HPE_INVALID_CHUNK_SIZE':
      return { status: 400, message: 'The request body is not validly chunked' };
    case 'HPE_INVALID_METHOD':
    case 'HPE_INVALID_URL':
    case 'HPE_INVALID_VERSION':
      return { status: 400, message: 'The request line is not valid HTTP' };
    case 'HPE_INVALID_HEADER_TOKEN':
      return { status: 400, message: 'A request header is not valid HTTP' };
    default:
      return { status: 400, message: 'The request is not valid HTTP' };
  }
}

/**
 * Fastify's `clientErrorHandler`: a request Node's parser refused never reaches a route or a
 * hook, so its answer is written to the socket here, in the envelope with the security headers,
 * and the connection is closed (the parser cannot go on reading it).
 */
export function clientErrorHandler(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // As Node does: no answer while another answer on this connection is half written.
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const { status, message } = clientErrorAnswer(error.code);
    const body = JSON.stringify({ success: false, error: message, code: errorCodeOf(status) } satisfies ApiErrorBody);
    const headers = {
      ...SECURITY_HEADERS,
      'cache-control': 'no-store',
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`);
  }
  socket.destroy(error);
}
