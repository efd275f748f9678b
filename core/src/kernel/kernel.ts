import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { AnyPluginDefinition, Logger } from '@balcao/sdk';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { AwilixContainer } from 'awilix';
import type Koa from 'koa';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../db/embedded.js';
import { openDatabase } from '../db/orm.js';
import { EventBus } from '../events/event-bus.js';
import { createApp } from '../http/app.js';
import { createHttpServer } from '../http/http-server.js';
import type { AppState } from '../http/types.js';
import { JobsHost } from '../jobs/jobs-host.js';
import { RealtimeHub } from '../realtime/hub.js';
import { PgBus } from '../realtime/pg-bus.js';
import { type Clock, systemClock } from './clock.js';
import type { Config } from './config.js';
import { type Cradle, createRootContainer } from './container.js';
import { discoverPlugins } from './discover-plugins.js';
import { Host } from './host.js';
import { createLogger } from './logger.js';
import type { CoreModuleDefinition } from './module.js';
import { PluginHost } from './plugin-host.js';

export interface KernelOptions {
  config: Config;
  /** The plugins to load; when absent, workspace packages are discovered (examples only with `config.examples`). */
  plugins?: readonly AnyPluginDefinition[];
  /**
   * Plugins loaded in addition to `plugins` (or the discovered ones), never found by discovery: test doubles of
   * outside services such as the e2e server's fake WhatsApp channel (core/src/testing/fake-whatsapp-plugin.ts).
   * One that contributes a channel kind replaces the plugin contributing the same kind (see {@link withExtraPlugins}).
   */
  extraPlugins?: readonly AnyPluginDefinition[];
  /** The core modules; CORE_MODULES (modules/registry.ts, through app.ts's startKernel) unless a test boots others. */
  coreModules?: readonly CoreModuleDefinition[];
  logger?: Logger;
  /** What business rules take as now; the system clock unless a test sets the time (kernel/clock.ts). */
  clock?: Clock;
  /** Tests shorten the HTTP server's body and request timeouts (http/http-server.ts). */
  http?: { bodyIdleMs?: number; requestMs?: number };
}

export interface Kernel {
  /** The base URL of the HTTP server (empty for the worker role). */
  url: string;
  databaseUrl: string;
  seeded: boolean;
  container: AwilixContainer<Cradle>;
  plugins: PluginHost;
  orm: MikroORM;
  /** The HTTP application (absent for the worker role); its routers' tables list every route it serves. */
  app?: Koa<AppState>;
  /** Stops everything in order; `onStep` hears each step as it begins (a shutdown watchdog names the one that hangs). */
  stop(onStep?: (step: string) => void): Promise<void>;
}

const channelKinds = (p: AnyPluginDefinition): string[] => (p.contributes?.channels ?? []).map((c) => c.kind);

/**
 * The plugins with the extra ones added. An extra plugin stands in for an outside service, so one that contributes a
 * channel kind replaces any plugin contributing that kind (the fake WhatsApp replaces plugins/whatsapp): a kind has
 * one adapter, and the double must be the one tests talk to.
 * @example withExtraPlugins([webchat, whatsapp], [fakeWhatsapp]) // [webchat, fakeWhatsapp]
 */
export function withExtraPlugins(
  plugins: readonly AnyPluginDefinition[],
  extra: readonly AnyPluginDefinition[],
): AnyPluginDefinition[] {
  const replaced = new Set(extra.flatMap(channelKinds));
  return [...plugins.filter((p) => !channelKinds(p).some((k) => replaced.has(k))), ...extra];
}

async function resolveDatabase(
  config: Config,
  logger: Logger,
): Promise<{ url: string; embedded?: EmbeddedDatabase }> {
  if (config.databaseUrl) return { url: config.databaseUrl };
  const embedded = await startEmbeddedPostgres({
    dir: path.join(config.dataDir, 'pg'),
    port: config.embeddedPgPort,
    logger,
  });
  return { url: embedded.url.replace(/\/postgres$/, '/balcao'), embedded };
}

/**
 * Boots Balcão with the core modules it is given: database (embedded by default) and migrations, the modules' seeds,
 * plugins, jobs, realtime and HTTP. The kernel knows no module: each one's definition contributes what the kernel
 * asks for (services, ports, the plan gate, seed steps). app.ts's `startKernel` passes the registry's modules.
 * @example const kernel = await bootKernel({ config: loadConfig(process.env), coreModules: CORE_MODULES })
 */
export async function bootKernel(
  opts: KernelOptions & { coreModules: readonly CoreModuleDefinition[] },
): Promise<Kernel> {
  const { config } = opts;
  const logger = opts.logger ?? createLogger(config.logLevel);
  const discovered = opts.plugins
    ? { plugins: opts.plugins, failures: [] }
    : await discoverPlugins({ examples: config.examples });
  const plugins = new PluginHost(withExtraPlugins(discovered.plugins, opts.extraPlugins ?? []), logger);
  for (const f of discovered.failures) plugins.fail(f.name, f.error);
  // A core module that cannot be ordered (missing dependency, cycle) stops the boot before the database starts.
  const host = new Host(opts.coreModules, plugins);
  const db = await resolveDatabase(config, logger);

  const orm = await openDatabase({ url: db.url, entities: host.entities() });
  await host.migrate(orm);
  const seeded = await host.seed(orm, config, plugins.declaredFlags());

  const planGate = host.planGate(orm);
  planGate.declare(plugins.declaredFlags());
  const events = new EventBus({ logger, validate: config.env === 'test' });
  const jobsHost = new JobsHost({ logger, planGate });
  let root: AwilixContainer<Cradle> | undefined;
  const realtime = new RealtimeHub(
    { logger },
    {
      authenticate: async (token) => {
        const check = await root?.cradle.accessGate.check(token);
        return check?.ok ? check.user : null;
      },
    },
  );
  root = createRootContainer({
    config,
    logger,
    orm,
    realtime,
    events,
    jobsHost,
    planGate,
    clock: opts.clock ?? systemClock,
  });
  host.register(root);
  const context = { root, events, plugins };
  const bus = new PgBus(db.url, logger, {
    deliver: (envelope) => realtime.deliver(envelope),
    refresh: (target) => realtime.refreshLocal(target),
    endSessions: (sessionIds) => root?.cradle.accessGate.endLocal(sessionIds),
    stale: ({ userIds, plans }) => {
      if (userIds) root?.cradle.accessGate.usersChangedLocal(userIds);
      if (plans) planGate.invalidate();
    },
  });
  await bus.start();
  realtime.attachBus(bus);
  planGate.announceChangesWith(() => realtime.announceStale({ plans: true }));

  await host.start(context);
  await jobsHost.start({
    databaseUrl: db.url,
    mongodbUrl: config.mongodbUrl,
    process: config.role !== 'web',
    lockMs: config.jobsLockMs,
  });
  const { outbox, sessions } = root.cradle;
  if (config.role !== 'web') outbox.start();
  // Stateful channel sessions run on worker instances only (a lease row per connection picks the one).
  if (config.role !== 'web') sessions.run();

  let server: Server | undefined;
  let app: Koa<AppState> | undefined;
  let url = '';
  if (config.role !== 'worker') {
    app = createApp(context, host);
    server = createHttpServer(app.callback(), {
      logger,
      onWebSocket: (req, socket, head) => realtime.handleUpgrade(req, socket, head),
      ...opts.http,
    });
    realtime.start();
    await new Promise<void>((resolve, reject) => {
      server?.once('error', reject);
      server?.listen(config.port, resolve);
    });
    url = `http://localhost:${(server.address() as AddressInfo).port}`;
  }

  const container = root;
  return {
    url,
    databaseUrl: db.url,
    seeded,
    container,
    plugins,
    orm,
    app,
    async stop(onStep = () => {}) {
      const step = async (name: string, work: () => Promise<unknown> | undefined) => {
        onStep(name);
        await work();
      };
      await step('channel sessions', () => sessions.stop());
      // The sockets close first: the HTTP server's close waits for every connection, upgraded ones included.
      await step('realtime sockets', () => realtime.stop());
      await step('http server', async () => {
        if (!server) return;
        server.closeAllConnections();
        await new Promise<void>((resolve) => server?.close(() => resolve()));
      });
      // Running bot turns and jobs finish (a turn lets go of its ticket) while the database and the outbox still work.
      if (container.hasRegistration('botTurns'))
        await step('bot turns', () => container.cradle.botTurns.stop());
      await step('jobs', () => jobsHost.stop());
      await step('outbox', () => outbox.stop());
      await step('bus', () => bus.stop());
      await step('spreadsheet workers', () => container.cradle.spreadsheets.close());
      await step('database pools', () => orm.close(true));
      await step('container', () => container.dispose());
      await step('embedded postgres', () => db.embedded?.stop());
    },
  };
}
