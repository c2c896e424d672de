import { describe, expect, it } from 'vitest';
import { IdParams } from '../../contract/common';
import { RegisterRequest } from '../../contract/users';
import { HttpError, conflict, forbidden, notFound, tooManyRequests, unauthorized } from './errors';
import { PeptideResponse } from '../../contract/peptides';
import { checkedSerializerCompiler, validatorCompiler } from './validate';

function failure(fn: () => unknown): HttpError {
  try {
    fn();
  } catch (err) {
    return err as HttpError;
  }
  throw new Error('expected a failure');
}

/** Runs a route schema the way Fastify does before the handler. */
function validate(schema: unknown, input: unknown): unknown {
  const check = validatorCompiler({ schema, method: 'POST', url: '/test', httpPart: 'body' } as Parameters<
    typeof validatorCompiler
  >[0]);
  const result = check(input) as { value?: unknown; error?: HttpError };
  if (result.error) throw result.error;
  return result.value;
}

describe('validatorCompiler', () => {
  it('returns the parsed value', () => {
    expect(validate(RegisterRequest, { email: ' A@example.com ', password: '12345678' })).toEqual({
      email: 'A@example.com',
      password: '12345678',
    });
  });

  it('throws a 400 naming the field, and never echoes the input', () => {
    const err = failure(() => validate(RegisterRequest, { email: 'a@example.com', password: 'short' }));
    expect(err).toBeInstanceOf(HttpError);
    expect(err.statusCode).toBe(400);
    expect(err.message).toBe('password must be at least 8 characters');
    expect(err.message).not.toContain('short');
    // Fastify hands a missing body over as null: each field is named as missing.
    expect(failure(() => validate(RegisterRequest, null)).message).toBe('email is required; password is required');
    expect(failure(() => validate(RegisterRequest, { email: 5, password: '12345678' })).message).toBe(
      'email must be a string',
    );
  });

  it('names a path parameter by its name', () => {
    expect(failure(() => validate(IdParams, { id: 'nope' })).message).toBe('id: must be a valid id');
  });
});

describe('checkedSerializerCompiler (on in the server tests)', () => {
  const serialize = checkedSerializerCompiler({
    schema: IdParams,
    method: 'GET',
    url: '/api/peptides/:id',
    httpStatus: '200',
  });

  it('writes an answer that matches its schema as JSON', () => {
    expect(serialize({ id: '20000000-0000-4000-8000-00000000000a' })).toBe(
      '{"id":"20000000-0000-4000-8000-00000000000a"}',
    );
  });

  it('refuses an answer that does not, naming the route and the field', () => {
    expect(() => serialize({ id: 42 })).toThrow(/GET \/api\/peptides\/:id \(200\).*id/);
    const peptide = checkedSerializerCompiler({
      schema: PeptideResponse,
      method: 'GET',
      url: '/api/peptides/:id',
      httpStatus: '200',
    });
    expect(() => peptide({ success: true, data: {} })).toThrow(/does not match its schema/);
  });
});

describe('HTTP errors', () => {
  it('carry the status, a readable message and headers', () => {
    expect(unauthorized().statusCode).toBe(401);
    expect(forbidden().statusCode).toBe(403);
    expect(notFound().statusCode).toBe(404);
    expect(conflict('dup').statusCode).toBe(409);
    expect(tooManyRequests(1, 'general').message).toBe('Too many requests. Please try again in 1 second.');
    expect(tooManyRequests(59, 'general').message).toBe('Too many requests. Please try again in 59 seconds.');
    expect(tooManyRequests(61, 'general').message).toBe('Too many requests. Please try again in 2 minutes.');
    expect(tooManyRequests(61, 'general').headers).toEqual({ 'retry-after': '61' });
  });
});
