// Answers to a report's author of one fixed size per operation (route config `answerBytes`,
// declared with `authorAnswer` in route-config.ts; the sizes in contract/rules.ts
// AUTHOR_ANSWER_BYTES): whoever sees the traffic, a proxy or the host, learns nothing from an
// answer's size about which report it carried (docs/product-rules.md, "Anonymity"). Before, the
// submission's compressed answer matched its published card within a few bytes, and linked 56 of
// 80 POSTs to their reports (tests/server/traffic-attacks.test.ts).
//   - The JSON is followed by spaces up to the size (valid JSON; the web app's reader,
//     src/api/json.ts, and json-bigint skip them). An answer larger than its size is a bug, a 500:
//     tests/server/answer-sizes.test.ts proves the largest valid answer fits.
//   - Never compressed, whatever Accept-Encoding says: a compressed size follows the text.
//     `compress: false` is set here, before @fastify/compress (registered after this plugin)
//     attaches itself to the route.
//   - No ETag (a hash of the report), and If-None-Match is not read: no 304 that says "the same as before".
//   - Error answers (400, 404, 429) stay as they are: they tell that a request failed, not which report.
// A route with `paddedBody` reads a body the web app pads to PADDED_BODY_BYTES: its body limit is at
// least that, whatever BODY_LIMIT_BYTES says (README, "Configuration").
import fp from 'fastify-plugin';
import { PADDED_BODY_BYTES } from '../../contract/rules';
import type { AppContext } from '../context';
import { routeConfig } from './route-config';

export const fixedSizeAnswers = fp(
  async (app, { ctx }: { ctx: AppContext }) => {
    app.addHook('onRoute', (route) => {
      if (route.config?.answerBytes) route.compress = false;
      if (route.config?.paddedBody)
        route.bodyLimit = Math.max(route.bodyLimit ?? ctx.config.bodyLimitBytes, PADDED_BODY_BYTES);
    });

    app.addHook('onRequest', async (request) => {
      if (routeConfig(request).answerBytes) delete request.headers['if-none-match'];
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const bytes = routeConfig(request).answerBytes;
      if (!bytes) return payload;
      reply.removeHeader('etag');
      if (reply.statusCode < 200 || reply.statusCode >= 300) return payload;
      if (typeof payload !== 'string')
        throw new Error(
          `The answer of ${request.routeOptions.url} is not JSON text: it cannot be given its fixed size`,
        );
      const size = Buffer.byteLength(payload);
      if (size > bytes)
        throw new Error(
          `The answer of ${request.method} ${request.routeOptions.url} is ${size} bytes, more than its fixed ${bytes} (contract/rules.ts AUTHOR_ANSWER_BYTES)`,
        );
      return payload + ' '.repeat(bytes - size);
    });
  },
  { name: 'fixed-size-answers' },
);
