// The server as scripts/bench.ts measures it: the production app (server/serve.ts, same config
// and workers) plus the benchmark-only uncached feed route, which no other build of the app has.
import { configOrExit } from '../server/config';
import { benchRoutes } from './bench-routes';
import { runServer } from '../server/serve';

await runServer(configOrExit(), {
  extendApp: async (app, ctx) => {
    await app.register(benchRoutes, { ctx });
  },
});
