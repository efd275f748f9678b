import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AnyPluginDefinition, AuthResponse, TenantJobData } from '@balcao/sdk';
import type { HostClient } from '@balcao/sdk/testing';
import { type Kernel, startKernel } from '../app.js';
import type { Clock } from '../kernel/clock.js';
import { type Config, loadConfig } from '../kernel/config.js';
import { coreTemplate } from './template-database.js';
import { createTestDatabase, runSuffix } from './test-database.js';

export { httpChannelPlugin } from './http-channel-plugin.js';
export { countStatements, type StatementCount } from './statement-count.js';

/** A running Balcão on a fresh database, for integration tests. */
export interface TestHost extends HostClient {
  databaseUrl: string;
  /** The host's media and data folder (a second instance shares it, as processes of one Balcão share a volume). */
  dataDir: string;
  /** Enqueues a job by its full name (`plugin:job`), as the plugin's own `jobs.now` would; answers its id. */
  enqueue(job: string, data: TenantJobData): Promise<string>;
  /** Runs a job by its full name here and now and waits for it (a recurring job: for every company it applies to). */
  runJob(job: string, data: TenantJobData): Promise<void>;
  /** Resolves a kernel service (tests only). */
  resolve<T>(name: string): T;
  stop(): Promise<void>;
}

/**
 * Starts a real kernel with only the named plugins on a new database, on a random port (Backstage's startTestBackend).
 * @example const host = await createTestHost({ plugins: [hello] }); const { token } = await host.login(host.admin.email, host.admin.password);
 */
export async function createTestHost(
  opts: {
    plugins?: readonly AnyPluginDefinition[];
    /** Environment variables the kernel's configuration reads besides the test's own (`{ TRUST_PROXY: 'true' }`). */
    env?: Record<string, string>;
    /** The time business rules read (a ManualClock lets a test set the hour); the system clock by default. */
    clock?: Clock;
    /** Shorter HTTP server timeouts than production's (a slow-body test). */
    http?: { bodyIdleMs?: number; requestMs?: number };
  } = {},
): Promise<TestHost> {
  // A copy of the run's core-migrated template: the kernel then runs only the plugins' migrations and the seed.
  const db = await createTestDatabase({ template: await coreTemplate() });
  const admin = { email: 'admin@admin.com', password: 'secret-admin' };
  const config = testConfig(
    { ...opts.env, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
    // Uploads of a test land in its own temporary folder, never in the checkout's ./data.
    { databaseUrl: db.url, dataDir: mkdtempSync(path.join(os.tmpdir(), 'balcao-test-data-')) },
  );
  const kernel = await startKernel({
    config,
    plugins: opts.plugins ?? [],
    clock: opts.clock,
    http: opts.http,
  });
  const request: TestHost['request'] = (path, init = {}) =>
    fetch(`${kernel.url}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  return {
    url: kernel.url,
    databaseUrl: db.url,
    dataDir: config.dataDir,
    admin,
    request,
    async login(email, password) {
      const res = await request('/api/auth/login', { body: { email, password } });
      if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${await res.text()}`);
      return (await res.json()) as AuthResponse;
    },
    enqueue: (job, data) => kernel.container.cradle.jobsHost.now(job, data),
    runJob: (job, data) => kernel.container.cradle.jobsHost.runHere(job, data),
    resolve: <T>(name: string) => kernel.container.resolve(name as never) as T,
    async stop() {
      await kernel.stop();
      rmSync(config.dataDir, { recursive: true, force: true });
      // In a vitest run the drop (seconds: it waits on a checkpoint) goes on while the next file starts; the run's
      // teardown drops any the worker's exit cut short (test-database.ts dropRunDatabases).
      if (runSuffix()) void db.drop().catch(() => undefined);
      else await db.drop();
    },
  };
}

/**
 * Another Balcão process on the test host's database and data folder, as a scale-out runs them (BALCAO_ROLE): a
 * `worker` delivering the outbox and running jobs beside a `web` host, or a second `web` node. It shares only the
 * database (hence the realtime bus, the outbox and the connections' stores) and the media folder with the host. Stop
 * it before the host (whose stop drops the database).
 * @example const worker = await startInstance(host, { role: 'worker', plugins: [meta], env: { OUTBOX_POLL_MS: '50' } })
 * A child process a test kills needs only the database and the folder: `startInstance({ databaseUrl, dataDir }, …)`.
 */
export function startInstance(
  host: Pick<TestHost, 'databaseUrl' | 'dataDir'>,
  opts: {
    role: 'all' | 'web' | 'worker';
    plugins?: readonly AnyPluginDefinition[];
    /** Environment variables the instance's configuration reads (`{ OUTBOX_POLL_MS: '50' }`). */
    env?: Record<string, string>;
  },
): Promise<Kernel> {
  const config = testConfig(opts.env ?? {}, {
    databaseUrl: host.databaseUrl,
    dataDir: host.dataDir,
    role: opts.role,
  });
  return startKernel({ config, plugins: opts.plugins ?? [] });
}

/** A test kernel's configuration: the test's secrets, a random port, quiet logs unless TEST_LOG_LEVEL says. */
function testConfig(env: Record<string, string>, overrides: Partial<Config>): Config {
  return loadConfig(
    { ...env, NODE_ENV: 'test' },
    {
      port: 0,
      jwtSecret: 'test-access-secret-0123456789',
      jwtRefreshSecret: 'test-refresh-secret-0123456789',
      logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
      ...overrides,
    },
  );
}
