import {
  AppError,
  type AuthUser,
  type CorePorts,
  type Logger,
  type PluginDefinition,
  type PortKey,
} from '@balcao/sdk';
import type { AwilixContainer } from 'awilix';
import type { Cradle } from './container.js';

// How a plugin's ports are built: each key of CorePorts has one factory, declared by the kernel (plugin-ports.ts) or
// by the core module that implements the port (its definition's `ports`). The kernel looks them up by key.

/** A plugin as the host sees it, whatever its requirement list. */
export type AnyPlugin = PluginDefinition<readonly PortKey[], Record<string, unknown>>;

/** What a port factory gets: the plugin, the root container, the scope it is built for, and that scope's company. */
export interface PortContext {
  plugin: AnyPlugin;
  root: AwilixContainer<Cradle>;
  /** The request's, job's or event's scope (its `em`, the module services registered per scope). */
  scope: Cradle;
  /** The scope's company; undefined on a public route or in onBoot. */
  companyId: number | undefined;
  /** The request's signed-in user (the viewer port answers as them); none outside an authenticated route. */
  viewer: AuthUser | undefined;
  /** The channel kinds the plugin contributes: the connections whose status it may report. */
  ownKinds: string[];
  /**
   * A company-bound port: built for the scope's company, or, where there is none (a public route, onBoot), one that
   * refuses as soon as it is used (403 ERR_NO_PERMISSION, logged with the plugin's name).
   */
  tenant<T extends object>(make: (companyId: number) => T): T;
}

/** Builds port K for one plugin scope. */
export type PortFactory<K extends PortKey> = (ctx: PortContext) => CorePorts[K];

/** Port factories by key; the kernel's and every core module's together cover CorePorts. */
export type PortFactories = { [K in PortKey]?: PortFactory<K> };

/**
 * A company-bound port where there is no company (a public route, onBoot): it refuses as soon as it is used (403
 * ERR_NO_PERMISSION, logged with the plugin's name) — requiring it is fine (the plugin's routes with a company use
 * it), using it there is the plugin's bug, and a request must not turn it into a 500.
 */
function companyless<T extends object>(plugin: string, logger: Logger): T {
  return new Proxy({} as T, {
    get(_target, prop) {
      if (prop === 'then') return undefined; // not a thenable: `await`ing the deps stays harmless
      const why = `plugin ${plugin}: the attendance ports need a company (not on public routes or onBoot)`;
      logger.warn({ plugin, port: String(prop) }, why);
      throw Object.assign(new AppError('ERR_NO_PERMISSION', 403), { message: why });
    },
  });
}

/** The context port factories get for one plugin scope. */
export function portContext(
  plugin: AnyPlugin,
  root: AwilixContainer<Cradle>,
  scope: Cradle,
  companyId: number | undefined,
  viewer?: AuthUser,
): PortContext {
  return {
    plugin,
    root,
    scope,
    companyId,
    viewer,
    ownKinds: (plugin.contributes?.channels ?? []).map((c) => c.kind),
    tenant: <T extends object>(make: (id: number) => T): T =>
      companyId === undefined ? companyless<T>(plugin.name, root.cradle.logger) : make(companyId),
  };
}

/**
 * The factories of the kernel and of the modules, as one table. A key declared twice is a boot error naming both
 * owners (a port has one implementation).
 * @example collectPortFactories([{ owner: 'kernel', ports: KERNEL_PORTS }, { owner: 'queues', ports: queuesModule.ports }])
 */
export function collectPortFactories(
  sources: readonly { owner: string; ports?: PortFactories }[],
): PortFactories {
  const table: PortFactories = {};
  const owners = new Map<string, string>();
  for (const { owner, ports } of sources) {
    for (const key of Object.keys(ports ?? {}) as PortKey[]) {
      const first = owners.get(key);
      if (first) throw new Error(`port ${key} is provided by ${first} and by ${owner}`);
      owners.set(key, owner);
      (table as Record<string, unknown>)[key] = ports?.[key];
    }
  }
  return table;
}
