import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';

const port = Number(process.env.E2E_PORT ?? 8090);

// Browser specs against the real built UI served by the real server (core/src/testing/e2e-server.ts).
// Debian's chromium, never a downloaded browser.
export default defineConfig({
  testDir: path.join(import.meta.dirname, 'e2e'),
  outputDir: path.join(import.meta.dirname, '../test-results'),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Generous: the 2-core CI machine has slow spells (steps of several seconds); a fast run never waits for these.
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    // Bounded, so a step that never happens fails where it waits (Playwright's default is to wait for the test's
    // whole timeout, and the report then names only the test).
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: 'npx tsx core/src/testing/e2e-server.ts',
    cwd: path.join(import.meta.dirname, '..'),
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // Let the server stop and drop its test database (a SIGKILL left one behind per run).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
