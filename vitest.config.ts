import { defineConfig } from 'vitest/config';
import path from 'node:path';

// graphql ships both ESM and CJS; pin one copy or type-graphql and Apollo see two "graphql" realms.
const alias = { graphql: path.resolve(import.meta.dirname, 'node_modules/graphql/index.js') };

export default defineConfig({
  test: {
    // Two files at a time. Vitest's default is one fewer than the cores, which on the 2-core machines the suite
    // runs on meant one file at a time while most of an integration file's time is spent waiting on PostgreSQL,
    // Redis and the app's own timers. More would compete with PostgreSQL, Redis and Chromium for the two cores
    // (README.md#tests).
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['tests/integration/**/*.test.ts', 'server/src/**/__tests__/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/global-setup.ts'],
          setupFiles: ['tests/setup/per-file.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // A worker keeps its loaded modules from file to file: loading the app's ~550 modules again for every file
          // was a third of the project's time. What a file leaves behind is undone by tests/setup/per-file.ts (mocks,
          // stubbed globals, and a test app left open fails the file) (README.md#tests).
          isolate: false,
        },
      },
      {
        extends: 'client/vite.config.ts',
        test: {
          name: 'client',
          root: 'client',
          include: ['src/**/__tests__/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test-setup.ts'],
          // As the server project: a worker keeps the web app's modules (every screen, preloaded by the test helper)
          // from file to file instead of loading them again per file; test-setup.ts cleans up after each test.
          isolate: false,
          // Its own group, after the server's: the projects' worker counts differ (this one has vitest's default, one
          // fewer than the cores), which vitest allows only between groups.
          sequence: { groupOrder: 1 },
          // A screen may take up to 5 s to show on the 2 shared cores (test-setup's wait); a test waits for several.
          testTimeout: 15_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/global-setup.ts', 'tests/e2e/setup/app-server.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page may take seconds to show while the other suites load the 2 cores (the orders journey's
          // first product page took over the default 1 s); Playwright's own waits allow 30 s.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
          // As the other projects: the one worker keeps its modules (Playwright, sharp, axe-core, the server's helpers)
          // from file to file instead of loading them again for each of the 21 files (README.md#tests). The journeys
          // stub nothing; each file closes the browser sessions it opens.
          isolate: false,
          // A group of its own, after the others, when asked for in one vitest process with them (as the client's).
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
