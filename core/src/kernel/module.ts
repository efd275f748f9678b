import type { ChannelDefinition, DomainEvents, TenantJobData } from '@balcao/sdk';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { AwilixContainer } from 'awilix';
import type { ModuleMigration } from '../db/module-migrations.js';
import type { EventBus } from '../events/event-bus.js';
import type { AppRouter } from '../http/types.js';
import type { Config } from './config.js';
import type { Cradle } from './container.js';
import type { PlanGuard } from './plan-guard.js';
import type { PluginHost } from './plugin-host.js';
import type { PortFactories } from './port-factories.js';

/** What a core module's hooks and route declarations get: the root container, the event bus, the plugins. */
export interface ModuleContext {
  root: AwilixContainer<Cradle>;
  events: EventBus;
  plugins: PluginHost;
}

/** A job of a core module (hosted as `<module>:<name>`); it runs in a scope of the tenant. */
export interface ModuleJob {
  name: string;
  every?: string;
  handler(ctx: { companyId: number; data: TenantJobData; scope: Cradle }): Promise<void>;
}

/** A core module's handler of a domain event; it runs in a scope of the event's tenant. */
export type ModuleSubscriber = {
  [K in keyof DomainEvents]: { event: K; handler(payload: DomainEvents[K], scope: Cradle): Promise<void> };
}[keyof DomainEvents];

/**
 * A core domain, in the shape a plugin has (ARCHITECTURE "The plugin contract"): the same keys, no plan flag, and
 * what only core may do — `register` its services into the container (the services plugins reach through ports)
 * and `wire` itself to kernel singletons. The host boots core modules first, in `dependsOn` order, and a core module
 * that fails stops the boot. Its routes are the kernel's own (`ctx.state.services`), under /api: `routes` behind
 * authentication, `publicRoutes` without.
 */
export interface CoreModuleDefinition {
  /** kebab-case, unique among core modules. */
  name: string;
  /** The modules whose tables this module's tables reference (its migrations run after theirs). */
  dependsOn?: readonly string[];
  /** Entity schemas from defineEntity. */
  entities?: readonly unknown[];
  /** In order; names are keys in `mikro_orm_migrations`, unique across core: never rename or reorder them. */
  migrations?: readonly ModuleMigration[];
  /**
   * First start only: what the module writes into an empty database once every migration ran (the platform company,
   * its admin). Returns true when it wrote (the kernel reports `seeded`).
   */
  seed?(ctx: { orm: MikroORM; config: Config; pluginFlags: readonly string[] }): Promise<boolean>;
  /**
   * The plan gate the kernel's hosts ask (jobs, plugin routes, bot engines): exactly one core module provides it,
   * built once the database is migrated.
   */
  planGate?(ctx: { orm: MikroORM }): PlanGuard;
  /**
   * The plugin ports this module implements, by key of CorePorts: the host builds one for each plugin scope that
   * `requires` it (kernel/port-factories.ts). A key belongs to one module (or the kernel); a new port is one entry here.
   * @example ports: { queues: ({ scope, tenant }) => tenant((id) => new CompanyQueuesPort(scope.em, id)) }
   */
  ports?: PortFactories;
  /** Registers the module's services (Awilix resolvers) into the root container. */
  register?(container: AwilixContainer<Cradle>): void;
  routes?(router: AppRouter, ctx: ModuleContext): void;
  publicRoutes?(router: AppRouter, ctx: ModuleContext): void;
  jobs?: readonly ModuleJob[];
  subscribers?: readonly ModuleSubscriber[];
  contributes?: { channels?: readonly ChannelDefinition[] };
  /** Ties the module to the kernel's singletons (realtime, events, jobs), once every plugin contribution is in. */
  wire?(ctx: ModuleContext): void;
  /** Runs once everything is registered and wired, before the plugins' onBoot. */
  onBoot?(ctx: ModuleContext): Promise<void>;
}

/**
 * Declares a core module; the identity, for types (the `defineX` convention).
 * @example export const tagsModule = defineModule({ name: 'tags', dependsOn: ['users'], entities: [Tag] })
 */
export function defineModule(definition: CoreModuleDefinition): CoreModuleDefinition {
  return definition;
}
