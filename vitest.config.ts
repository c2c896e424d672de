import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import { BrowserSuiteSequencer } from './tests/e2e/sequencer';
import viteConfig from './vite.config';

/**
 * The part of the server suite that the server-pglite-public project runs again on PGlite's public
 * API (PGLITE_FAST_PATH=off): the files whose statements take the fast path in the server project
 * (votes, batches, the queue of statements): a representative part, for CI's time.
 * tests/server/pglite-paths.test.ts compares the two paths request by request, submissions,
 * moderation and aggregates included.
 */
const PGLITE_PUBLIC_API_FILES = [
  'tests/server/votes.test.ts',
  'tests/server/publication.test.ts',
  'tests/server/turns.test.ts',
];

/**
 * Server test files that open no database (they lint probe files or read the docs and the code):
 * CI's PostgreSQL pass (TEST_DATABASE_URL set) leaves them out, as it would run them again for
 * nothing.
 */
const DATABASE_FREE_FILES = [
  'tests/server/lint-*.test.ts',
  'tests/server/doc-citations.test.ts',
  'tests/server/architecture-doc.test.ts',
];

// Four projects: pure rules and the API server in Node (and part of it again on PGlite's public
// API), the SPA in jsdom, and browser tests in Debian's Chromium against the real built app and
// server (run by `npm run test:e2e`).
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // The default output, then the slowest files and tests of the run (tests/slowest-reporter.ts).
      reporters: ['default', './tests/slowest-reporter.ts'],
      pool: 'forks',
      maxWorkers: 2,
      sequence: { sequencer: BrowserSuiteSequencer },
      projects: [
        {
          extends: true,
          test: {
            name: 'server',
            environment: 'node',
            include: ['contract/**/*.test.ts', 'server/**/*.test.ts', 'tests/server/**/*.test.ts'],
            exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? DATABASE_FREE_FILES : [])],
            // One migrated, seeded database per run that each test app copies.
            globalSetup: ['tests/server/template.ts'],
            // Files share their worker process: a new process per file loaded the server's
            // modules and compiled PGlite's WebAssembly again each time (seconds of CPU per
            // file). Every file builds its own apps (helpers.ts) and closes them.
            isolate: false,
            // Generous: several tests hash with a production-like scrypt cost or reopen databases,
            // 5-20 s here when idle; on a busy 2-core machine (CI beside the browser suite) they
            // took over 30 s and failed on time alone.
            testTimeout: 120_000,
            hookTimeout: 180_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'server-pglite-public',
            environment: 'node',
            include: PGLITE_PUBLIC_API_FILES,
            env: { PGLITE_FAST_PATH: 'off' },
            globalSetup: ['tests/server/template.ts'],
            isolate: false,
            testTimeout: 120_000,
            hookTimeout: 180_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'web',
            environment: 'jsdom',
            include: ['src/**/*.test.{ts,tsx}', 'tests/web/**/*.test.{ts,tsx}'],
            setupFiles: ['tests/web/setup.ts'],
            // Files share their worker, as in the server project: a fresh jsdom and module graph
            // per file made the project 86 s instead of 37 s alone. setup.ts leaves a clean slate
            // after every test (storage, MSW handlers, auth cache, timers, the document's theme),
            // and the suite passes with its files shuffled (--sequence.shuffle.files).
            isolate: false,
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
            // Files share their worker, as in the other projects: each file imported
            // playwright-core and the helpers again (24 s of the suite's time alone, 3 s shared;
            // the suite 309 s and 219 CPU-s of Node before, 256 s and 163 after). Every file
            // launches its own browser and closes it, with any server it starts, in afterAll.
            isolate: false,
            testTimeout: 60_000,
            hookTimeout: 120_000,
            // A poll of what a page shows after a request may wait 10 s, not vitest's 1 s: a vote's
            // state after a reload (browse.test.ts) came after 1 s while CI's other lane ran.
            expect: { poll: { timeout: 10_000 } },
            // Two files at a time, each worker on its own server (global-setup.ts).
          },
        },
      ],
    },
  }),
);
