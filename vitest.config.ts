import { defineConfig } from 'vitest/config';

// Unit tests (*.test.ts) and integration tests (*.int.test.ts) against real PostgreSQL.
// Browser specs live in ui/e2e and run under Playwright, never here.
export default defineConfig({
  // The UI's build-time switch for example plugins (ui/vite.config.ts); unit tests pass their own plugin entries.
  define: { __BALCAO_EXAMPLES__: 'false' },
  test: {
    include: ['{sdk,core,testing,channels,plugins,ui,examples}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'ui/e2e/**'],
    globalSetup: ['core/src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // vitest runs one worker on a 2-core machine by default, and most of a file's time is waiting on PostgreSQL: two
    // workers keep both cores busy. Files share their worker's module cache (no isolation): importing the kernel
    // costs about 2 s, once per worker instead of once per file (the suite went from 998 s to about 4 minutes).
    // Test helpers must therefore keep no state by database-local ids (see fake-whatsapp-plugin.ts).
    maxWorkers: 2,
    isolate: false,
    teardownTimeout: 10_000,
  },
});
