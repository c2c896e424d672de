// Route schemas are the contract's zod schemas (contract/), checked by Fastify before the
// handler runs; a failure is a 400 naming the field, in the API's envelope (plugins/errors.ts).
import type { FastifySchemaCompiler } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { formatIssues, issueList } from '../../contract/common';
import { invalidInput } from './errors';

interface SafeParser {
  safeParse(
    input: unknown,
    params?: { reportInput?: boolean },
  ): { success: true; data: unknown } | { success: false; error: { issues: readonly unknown[] } };
}

type Issue = Parameters<typeof formatIssues>[0][number];

/**
 * Validates a request part (`params`, `querystring`, `body`) against its zod schema; Fastify
 * hands the handler the parsed value (defaults filled, text normalised).
 */
export const validatorCompiler: FastifySchemaCompiler<SafeParser> =
  ({ schema }) =>
  (input) => {
    // reportInput lets the message tell a missing field ("is required") from one of the wrong
    // type ("must be a string"); the input itself never reaches the message. A request without
    // a body is an empty object, so its 400 names each missing field.
    const result = schema.safeParse(input ?? {}, { reportInput: true });
    if (result.success) return { value: result.data };
    return {
      error: invalidInput(
        formatIssues(result.error.issues as readonly Issue[]),
        issueList(result.error.issues as readonly Issue[]),
      ),
    };
  };

/**
 * An answer already written as JSON text: the feed, whose reports come from the database as text
 * (services/experience-feed.ts). The serializers below send it as it is. `answerText` makes one
 * and gives it the route's answer type, which the text must match: checkedSerializerCompiler
 * checks it.
 */
export class JsonText {
  constructor(readonly text: string) {}

  /** Only the serializers below may write it: JSON.stringify would send `{"text": ...}`. */
  toJSON(): never {
    throw new Error(
      'An answer written as JSON text reached JSON.stringify: give its route a response schema (lib/validate.ts)',
    );
  }
}

/** The answer `{ success: true, data }` where `data` is already JSON text. */
export function answerText<T>(dataJson: string): T {
  return new JsonText(`{"success":true,"data":${dataJson}}`) as unknown as T;
}

/**
 * Answers are written with JSON.stringify. A serializer compiled from the response schema
 * (fast-json-stringify) wrote the same text for a feed page but slower, 53-55 µs against 44-48
 * (docs/performance.md, "The uncached path"), and silently drops any field its schema lacks.
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = () => (data) =>
  data instanceof JsonText ? data.text : JSON.stringify(data);

/**
 * The same, after checking the answer against the route's response schema (config.checkResponses,
 * on in the server tests): an answer that is not what contract/ and the OpenAPI document say is a
 * 500 naming the route and the field, so every test that reaches a route checks its answer.
 */
export const checkedSerializerCompiler: FastifySerializerCompiler<SafeParser> =
  ({ schema, method, url, httpStatus }) =>
  (data) => {
    const result = schema.safeParse(data instanceof JsonText ? JSON.parse(data.text) : data);
    if (!result.success) {
      throw new Error(
        `The answer of ${method} ${url} (${httpStatus}) does not match its schema: ${formatIssues(result.error.issues as readonly Issue[])}`,
      );
    }
    return data instanceof JsonText ? data.text : JSON.stringify(data);
  };
