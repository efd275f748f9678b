import type { MikroORM } from '@mikro-orm/postgresql';
import type { AwilixContainer } from 'awilix';
import { migrateModule } from '../db/module-migrations.js';
import type { AppRouter } from '../http/types.js';
import type { Config } from './config.js';
import { type Cradle, createRequestScope } from './container.js';
import { orderByDependencies } from './dependency-order.js';
import type { CoreModuleDefinition, ModuleContext } from './module.js';
import type { PlanGuard } from './plan-guard.js';
import type { PluginHost } from './plugin-host.js';
import { KERNEL_PORTS } from './plugin-ports.js';
import { collectPortFactories } from './port-factories.js';

const NAME = /^[a-z][a-z0-9-]*$/;

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** A core module's step that failed, as the boot's error: it names the module and the step. */
const failed = (module: CoreModuleDefinition, step: string, err: unknown): Error =>
  new Error(`core module ${module.name}: ${step} failed: ${messageOf(err)}`, { cause: err });

/** Runs a core module's synchronous step, naming the module if it throws. */
function step(module: CoreModuleDefinition, name: string, run: () => void): void {
  try {
    run();
  } catch (err) {
    throw failed(module, name, err);
  }
}

/**
 * Checks and orders the core modules by `dependsOn`. Unlike a plugin, a core module cannot be left out: a bad
 * name, a name or migration declared twice, a missing dependency or a cycle stops the boot, naming the module.
 * @example orderCoreModules(CORE_MODULES).map((m) => m.name) // ['plans', 'companies', …]
 */
export function orderCoreModules(modules: readonly CoreModuleDefinition[]): CoreModuleDefinition[] {
  const names = new Set<string>();
  const migrations = new Map<string, string>();
  for (const m of modules) {
    if (!NAME.test(m.name ?? ''))
      throw new Error(`invalid core module name "${m.name}" (kebab-case expected)`);
    if (names.has(m.name)) throw new Error(`core module ${m.name} is declared twice`);
    names.add(m.name);
    for (const { name } of m.migrations ?? []) {
      const owner = migrations.get(name);
      if (owner) throw new Error(`core module ${m.name}: migration ${name} is declared by ${owner} too`);
      migrations.set(name, m.name);
    }
  }
  const { sorted, unplaced } = orderByDependencies(modules);
  if (unplaced.length) {
    const reasons = unplaced.map(({ item, error }) => `core module ${item.name}: ${error}`);
    throw new Error(`cannot boot: ${reasons.join('; ')}`);
  }
  return sorted;
}

/**
 * The one host of the platform's parts: core modules first, then plugins, each in `dependsOn` order, through the
 * same steps (entities, migrations, routes, jobs, subscribers, boot). A core module's failure is thrown; a plugin's
 * disables that plugin (PluginHost).
 */
export class Host {
  readonly modules: readonly CoreModuleDefinition[];

  constructor(
    modules: readonly CoreModuleDefinition[],
    readonly plugins: PluginHost,
  ) {
    this.modules = orderCoreModules(modules);
    plugins.usePorts(
      collectPortFactories([
        { owner: 'the kernel', ports: KERNEL_PORTS },
        ...this.modules.map((m) => ({ owner: `core module ${m.name}`, ports: m.ports })),
      ]),
    );
  }

  entities(): unknown[] {
    return [...this.modules.flatMap((m) => [...(m.entities ?? [])]), ...this.plugins.entities()];
  }

  /** Each core module's migrations in its own transaction, in module order; then each plugin's. */
  async migrate(orm: MikroORM): Promise<void> {
    for (const m of this.modules) {
      if (!m.migrations?.length) continue;
      await migrateModule(orm, 'core', m.name, m.migrations).catch((err) => {
        throw failed(m, 'migration', err);
      });
    }
    await this.plugins.migrate(orm);
  }

  /** First start: each module's seed, in module order, once every migration ran; true when one wrote. */
  async seed(orm: MikroORM, config: Config, pluginFlags: readonly string[] = []): Promise<boolean> {
    let seeded = false;
    for (const m of this.modules) {
      if (!m.seed) continue;
      const wrote = await m.seed({ orm, config, pluginFlags }).catch((err) => {
        throw failed(m, 'seed', err);
      });
      seeded ||= wrote;
    }
    return seeded;
  }

  /** The plan gate, from the one core module that provides it. */
  planGate(orm: MikroORM): PlanGuard {
    const providers = this.modules.filter((m) => m.planGate);
    if (providers.length !== 1)
      throw new Error(
        `cannot boot: one core module must provide the plan gate (found ${providers.map((m) => m.name).join(', ') || 'none'})`,
      );
    const [provider] = providers;
    try {
      return provider.planGate!({ orm });
    } catch (err) {
      throw failed(provider, 'plan gate', err);
    }
  }

  /** The core modules' services, into the root container. */
  register(root: AwilixContainer<Cradle>): void {
    for (const m of this.modules) step(m, 'register', () => m.register?.(root));
  }

  /**
   * Contributions (channels, plugin jobs and bot engines) first, so a module's wiring sees them all; then core jobs,
   * subscribers and wiring; then plugin subscribers; then every onBoot, core first.
   */
  async start(ctx: ModuleContext): Promise<void> {
    const { root, events } = ctx;
    for (const m of this.modules) for (const c of m.contributes?.channels ?? []) root.cradle.channels.add(c);
    this.plugins.registerChannels(root);
    this.plugins.registerJobs(root);
    this.plugins.registerBotEngines(root);
    for (const m of this.modules) {
      step(m, 'jobs', () => {
        for (const job of m.jobs ?? []) {
          root.cradle.jobsHost.register({
            name: `${m.name}:${job.name}`,
            every: job.every,
            run: (companyId, data) =>
              job.handler({ companyId, data, scope: createRequestScope(root, companyId).cradle }),
          });
        }
      });
      for (const sub of m.subscribers ?? []) {
        events.on(sub.event, (payload) =>
          (sub.handler as (p: unknown, s: Cradle) => Promise<void>)(
            payload,
            createRequestScope(root, payload.companyId).cradle,
          ),
        );
      }
      step(m, 'wire', () => m.wire?.(ctx));
    }
    this.plugins.registerSubscribers(root, events);
    for (const m of this.modules) {
      await m.onBoot?.(ctx).catch((err) => {
        throw failed(m, 'boot', err);
      });
    }
    await this.plugins.boot(root);
  }

  /** The core modules' routes: `closed` is behind authentication, `open` is not (both under /api). */
  mountRoutes(closed: AppRouter, open: AppRouter, ctx: ModuleContext): void {
    for (const m of this.modules) {
      m.publicRoutes?.(open, ctx);
      m.routes?.(closed, ctx);
    }
  }
}
