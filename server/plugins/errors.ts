// One error handler: a person-readable `error` in the API's envelope, the right status, and
// never a stack trace or SQL in a body (500s are logged, without request data).
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/errors';
import { INVALID_JSON_MESSAGE, UNSUPPORTED_MEDIA_TYPE_MESSAGE } from '../lib/json-body';

export const errorAnswers = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      if (error instanceof HttpError) {
        reply.headers(error.headers);
        return reply.code(error.statusCode).send({ success: false, error: error.message });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.code(status).send({ success: false, error: clientErrorMessage(error, status) });
      }
      request.log.error({ err: { message: error.message, stack: error.stack, code: error.code } }, 'request failed');
      return reply.code(500).send({ success: false, error: 'Something went wrong on our side. Please try again.' });
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
