import { describe, expect, it } from 'vitest';
import { Id } from '../../contract/common';
import { RegisterRequest } from '../../contract/users';
import { HttpError, conflict, forbidden, notFound, tooManyRequests, unauthorized } from './errors';
import { parse } from './validate';

function failure(fn: () => unknown): HttpError {
  try {
    fn();
  } catch (err) {
    return err as HttpError;
  }
  throw new Error('expected a failure');
}

describe('parse', () => {
  it('returns the parsed value', () => {
    expect(parse(RegisterRequest, { email: ' A@example.com ', password: '12345678' })).toEqual({ email: 'A@example.com', password: '12345678' });
  });

  it('throws a 400 naming the field, and never echoes the input', () => {
    const err = failure(() => parse(RegisterRequest, { email: 'a@example.com', password: 'short' }));
    expect(err.statusCode).toBe(400);
    expect(err.message).toBe('password must be at least 8 characters');
    expect(err.message).not.toContain('short');
    expect(failure(() => parse(RegisterRequest, undefined)).message).toBe('email is required; password is required');
    expect(failure(() => parse(RegisterRequest, { email: 5, password: '12345678' })).message).toBe('email must be a string');
  });

  it('names a lone parameter by the field given', () => {
    expect(failure(() => parse(Id, 'nope', 'id')).message).toBe('id: must be a valid id');
    expect(failure(() => parse(Id, 'nope')).message).toBe('body: must be a valid id');
  });
});

describe('HTTP errors', () => {
  it('carry the status, a readable message and headers', () => {
    expect(unauthorized().statusCode).toBe(401);
    expect(forbidden().statusCode).toBe(403);
    expect(notFound().statusCode).toBe(404);
    expect(conflict('dup').statusCode).toBe(409);
    expect(tooManyRequests(1).message).toBe('Too many requests. Please try again in 1 second.');
    expect(tooManyRequests(59).message).toBe('Too many requests. Please try again in 59 seconds.');
    expect(tooManyRequests(61).message).toBe('Too many requests. Please try again in 2 minutes.');
    expect(tooManyRequests(61).headers).toEqual({ 'retry-after': '61' });
  });
});
