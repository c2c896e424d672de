import type { FastifyRequest } from 'fastify';

/** The client address, used only as rate-limit input (hashed there), never stored or logged. */
export function clientAddress(request: FastifyRequest): string {
  return request.ip || 'unknown';
}
