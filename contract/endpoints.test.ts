// Every row of ENDPOINTS that loads schemas finds its own under its key in the module it loads:
// src/api/client.ts `call` and server/plugins/route-config.ts `routeSchema` read them there.
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, type Endpoint } from './endpoints';

describe('ENDPOINTS schemas', () => {
  it.each(Object.entries(ENDPOINTS as Record<string, Endpoint>).filter(([, e]) => e.schemas))(
    '%s has a response schema in its module',
    async (key, endpoint) => {
      const schemas = (await endpoint.schemas!())[key];
      expect(schemas?.response).toBeDefined();
    },
  );
});
