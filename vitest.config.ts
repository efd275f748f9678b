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
    teardownTimeout: 10_000,
  },
});
