// Security headers on every answer: helmet's set, read once at start (helmet's middleware run
// against a recorder), then written as a fixed list. @fastify/helmet built the middleware again
// (parsing the CSP) on every request, about 8% of the CPU of a cached read. The same list goes
// on the answers written outside the request hooks: router refusals and Node's own client
// errors (plugins/errors.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from 'helmet';

const middleware = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
});

/** Helmet's headers, lower-case names: the same for every answer (no per-request nonce). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = (() => {
  const set: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      set[name.toLowerCase()] = String(value);
    },
    removeHeader: () => undefined,
  };
  let done = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => (done = true));
  if (!done) throw new Error('helmet did not finish synchronously');
  return Object.freeze(set);
})();

const ENTRIES = Object.entries(SECURITY_HEADERS);

export const securityHeaders = fp(
  async (app) => {
    app.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of ENTRIES) reply.raw.setHeader(name, value);
      done();
    });
  },
  { name: 'security-headers' },
);
