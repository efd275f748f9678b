import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';
import { E2E_WORKERS, serverOrigin, serverPort } from './e2e/servers';

/**
 * The e2e server (core/src/testing/e2e-server.ts) built by core/scripts/build-server.mjs into a folder of its own, with
 * the product's main and plugins, as `npm start` builds and runs it (the built code loads the built plugins:
 * core/src/kernel/prebuilt.ts). Under tsx each server compiled the kernel and every plugin at start, and ran with
 * tsx's loader beside it.
 */
const E2E_SERVER_DIST = 'dist/e2e-server';
const BUILD_E2E_SERVER = `node core/scripts/build-server.mjs ${E2E_SERVER_DIST} core/src/testing/e2e-server.ts`;
const E2E_SERVER = `node ${E2E_SERVER_DIST}/core/src/testing/e2e-server.js`;

// Browser specs against the real built UI served by the real server (core/src/testing/e2e-server.ts), one server per
// worker (e2e/servers.ts). Debian's chromium, never a downloaded browser.
export default defineConfig({
  testDir: path.join(import.meta.dirname, 'e2e'),
  outputDir: path.join(import.meta.dirname, '../test-results'),
  // A spec file's tests run in order in one worker; files run side by side, each worker on its own server.
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  // Generous: the 2-core CI machine has slow spells (steps of several seconds), more so with two specs at once; a fast
  // run never waits for these.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    // Evaluated in each worker (the config is loaded there after TEST_PARALLEL_INDEX is set): its own server.
    baseURL: serverOrigin(),
    trace: 'retain-on-failure',
    // The UI drops its transitions for readers who ask for less motion (ui/src/app.css): an action then never waits for
    // a dialog or popover to settle, and the software-rendered browser draws no animation frames.
    reducedMotion: 'reduce',
    // Bounded, so a step that never happens fails where it waits (Playwright's default is to wait for the test's
    // whole timeout, and the report then names only the test).
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  // Started one after another (a second server adopts the first's embedded PostgreSQL when there is no
  // TEST_DATABASE_URL); each creates and drops its own database. The first builds the server, and each runs it, as
  // plain JavaScript (E2E_SERVER): the product as `npm start` runs it, without tsx compiling its sources at every start.
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => ({
    command: index === 0 ? `${BUILD_E2E_SERVER} && ${E2E_SERVER}` : E2E_SERVER,
    cwd: path.join(import.meta.dirname, '..'),
    env: { E2E_PORT: String(serverPort(index)) },
    url: `http://localhost:${serverPort(index)}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // Let the server stop and drop its test database (a SIGKILL left one behind per run; about 2 s, more under load).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  })),
});
