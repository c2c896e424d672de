import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

// Three projects: pure rules and the API server in Node, the SPA in jsdom, and browser
// tests in Debian's Chromium against the real built app and server (run by `npm run test:e2e`).
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      pool: 'forks',
      maxWorkers: 2,
      projects: [
        {
          extends: true,
          test: {
            name: 'server',
            environment: 'node',
            include: ['contract/**/*.test.ts', 'server/**/*.test.ts', 'tests/server/**/*.test.ts'],
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'web',
            environment: 'jsdom',
            include: ['src/**/*.test.{ts,tsx}', 'tests/web/**/*.test.{ts,tsx}'],
            setupFiles: ['tests/web/setup.ts'],
            testTimeout: 20_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            environment: 'node',
            include: ['tests/e2e/**/*.test.ts'],
            globalSetup: ['tests/e2e/global-setup.ts'],
            testTimeout: 60_000,
            hookTimeout: 120_000,
            fileParallelism: false,
          },
        },
      ],
    },
  }),
);
