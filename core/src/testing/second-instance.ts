import type { AnyPluginDefinition } from '@balcao/sdk';
import { type Kernel, startKernel } from '../app.js';
import { type Config, loadConfig } from '../kernel/config.js';
import type { TestHost } from './test-host.js';

/**
 * Another web instance on the test host's database, as a second node behind a load balancer would be: it shares only
 * the database (and so the realtime bus) with the host. Stop it before the host.
 * By default a `web` node without plugins; `opts` make it another role with plugins (a worker running sessions).
 * @example const second = await startSecondInstance(host); const socket = await openSocket(second.url, token);
 */
export function startSecondInstance(
  host: TestHost,
  opts: {
    role?: Config['role'];
    plugins?: readonly AnyPluginDefinition[];
    sessions?: Config['sessions'];
  } = {},
): Promise<Kernel> {
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      port: 0,
      databaseUrl: host.databaseUrl,
      jwtSecret: 'test-access-secret-0123456789',
      jwtRefreshSecret: 'test-refresh-secret-0123456789',
      logLevel: 'silent',
      role: opts.role ?? 'web',
      ...(opts.sessions ? { sessions: opts.sessions } : {}),
    },
  );
  return startKernel({ config, plugins: opts.plugins ?? [] });
}
