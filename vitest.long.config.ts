import { defineConfig } from 'vitest/config';

// Longer runs that start real server processes and kill them (`npm run test:durability`):
// Node environment, one file at a time, generous timeouts. Not part of `npm test`.
export default defineConfig({
  test: {
    name: 'long',
    environment: 'node',
    include: ['tests/long/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 300_000,
  },
});
