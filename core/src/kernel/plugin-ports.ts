import type {
  AuthUser,
  CorePorts,
  EventsPort,
  Logger,
  PortKey,
  RealtimePort,
  SettingsPort,
} from '@balcao/sdk';
import type { AwilixContainer } from 'awilix';
import { preparedRows } from '../db/prepared.js';
import { EgressClient } from '../egress/egress.js';
import { companySpreadsheets } from '../spreadsheets/spreadsheets-port.js';
import { SHELL_TEXTS } from '../texts/shell-texts.js';
import type { Cradle } from './container.js';
import { lazyObject } from './lazy-object.js';
import { ownCompany } from './own-company.js';
import { namespacedJobs } from './plugin-jobs.js';
import { type AnyPlugin, type PortFactories, portContext } from './port-factories.js';
import { viewerPort } from './viewer-port.js';

// What a plugin gets for its `requires`: each port of CorePorts, built by the kernel (below) or by the core module that
// implements it (its definition's `ports`, kernel/port-factories.ts).

export { ownCompany };

/** Every port a plugin may list in `requires`. */
export const PORT_KEYS: readonly PortKey[] = [
  'em',
  'logger',
  'realtime',
  'jobs',
  'settings',
  'events',
  'conversations',
  'tickets',
  'messages',
  'contacts',
  'tags',
  'queues',
  'users',
  'media',
  'connections',
  'config',
  'http',
  'spreadsheets',
  'texts',
  'viewer',
  'hours',
  'sql',
];

/**
 * The settings port of one scope: it reads the scope's company only (the settings module builds it).
 * @example ports: { settings: ({ scope, companyId }) => boundSettings(new SettingsService({ em: scope.em }), companyId) }
 */
export function boundSettings(settings: SettingsPort, companyId: number | undefined): SettingsPort {
  return {
    get: async (named, key) => {
      ownCompany(companyId, named);
      return settings.get(named, key);
    },
    isEnabled: async (named, key) => {
      ownCompany(companyId, named);
      return settings.isEnabled(named, key);
    },
  };
}

function boundEvents(events: EventsPort, companyId: number | undefined): EventsPort {
  return {
    emit: async (event, payload) => {
      ownCompany(companyId, (payload as { companyId?: unknown } | undefined)?.companyId);
      await events.emit(event, payload);
    },
  };
}

/** Rooms and guests are declared once for every company (onBoot); what is published goes to the scope's company. */
function boundRealtime(realtime: RealtimePort, companyId: number | undefined): RealtimePort {
  return {
    publish: async (envelope) => {
      ownCompany(companyId, envelope?.companyId);
      await realtime.publish(envelope);
    },
    defineRoom: (kind, authorize) => realtime.defineRoom(kind, authorize),
    defineGuest: (kind, authenticate) => realtime.defineGuest(kind, authenticate),
  };
}

/**
 * Each plugin's logger (the root's, naming the plugin), made once: ports are built for every request, job run and event,
 * and a child logger per build was 0.7 % of the ingest bench's server CPU.
 */
const pluginLoggers = new WeakMap<Logger, Map<string, Logger>>();

function pluginLogger(root: Logger, plugin: string): Logger {
  let byPlugin = pluginLoggers.get(root);
  if (!byPlugin) {
    byPlugin = new Map();
    pluginLoggers.set(root, byPlugin);
  }
  let logger = byPlugin.get(plugin);
  if (!logger) {
    logger = root.child({ plugin });
    byPlugin.set(plugin, logger);
  }
  return logger;
}

/** The ports the kernel itself implements; the core modules declare the others (their `ports`). */
export const KERNEL_PORTS: PortFactories = {
  em: ({ scope }) => scope.em,
  logger: ({ root, plugin }) => pluginLogger(root.cradle.logger, plugin.name),
  realtime: ({ root, companyId }) => boundRealtime(root.cradle.realtime, companyId),
  jobs: ({ root, plugin, companyId }) =>
    namespacedJobs(plugin, root.cradle.jobsHost, companyId, root.cradle.serverLoad),
  events: ({ root, companyId }) => boundEvents(root.cradle.events, companyId),
  http: ({ root, plugin }) =>
    new EgressClient(root.cradle.egressPolicy, pluginLogger(root.cradle.logger, plugin.name)),
  spreadsheets: ({ root, tenant }) => tenant((id) => companySpreadsheets(root.cradle.spreadsheets, id)),
  texts: () => SHELL_TEXTS,
  viewer: ({ root, plugin, scope, viewer }) => viewerPort(plugin.name, scope, viewer, root.cradle.logger),
  sql: ({ scope }) => ({
    rows: <R extends object>(text: string, params: readonly unknown[] = []) =>
      preparedRows<R>(scope.em, text, params),
  }),
};

/**
 * The ports the plugin listed, built for this scope from `factories` (the kernel's and the modules', by key). Every
 * port is bound to the scope's company (the request's, job's or event's): ids and objects it is passed are looked up
 * inside that company, a company id it is passed must be that one. A public route or onBoot has none: the attendance
 * ports fail there, conversations takes only the handles it gave out, and nothing may be published, emitted, enqueued
 * or read for a company. `viewer` is the request's signed-in user, whom the viewer port answers as; none outside an
 * authenticated route.
 */
export function pluginPorts(
  plugin: AnyPlugin,
  root: AwilixContainer<Cradle>,
  scope: Cradle,
  companyId: number | undefined,
  factories: PortFactories,
  viewer?: AuthUser,
): Partial<CorePorts> {
  const ctx = portContext(plugin, root, scope, companyId, viewer);
  const build = (key: PortKey) => {
    const factory = factories[key] as ((c: typeof ctx) => unknown) | undefined;
    if (!factory) throw new Error(`plugin ${plugin.name}: no core module provides the port ${key}`);
    return factory(ctx);
  };
  return lazyObject(keySet(plugin.requires ?? []), build as (key: string) => unknown) as Partial<CorePorts>;
}

/** The keys of a list, as a set made once per list (a plugin's `requires`, its services' names). */
const keySets = new WeakMap<readonly string[], ReadonlySet<string>>();
function keySet(keys: readonly string[]): ReadonlySet<string> {
  let set = keySets.get(keys);
  if (!set) {
    set = new Set(keys);
    keySets.set(keys, set);
  }
  return set;
}

/** What a plugin's deps hold besides its ports: its services' names, and every name of its deps. */
export interface DepsKeys {
  services: ReadonlySet<string>;
  all: ReadonlySet<string>;
}

/**
 * A plugin's deps: its ports (built on first read, pluginPorts) and the services its `services` builds from them, also
 * when one of them is first read, then once for the deps (an event's subscriber that returns early builds none: issue
 * 30, the campaigns' five services for every inbound message were ~8 % of ingest's server CPU). The services' names
 * are those `services` answered the first time (kept in `known` by plugin name); the SDK says it answers the same
 * ones every time.
 */
export function withServices(
  plugin: AnyPlugin,
  ports: Partial<CorePorts>,
  known: Map<string, DepsKeys>,
): Record<string, unknown> {
  const services = plugin.services;
  const own = ports as Record<string, unknown>;
  if (!services) return own;
  const build = () => services.call(plugin, ports as never) ?? {};
  let built: Record<string, unknown> | undefined;
  let keys = known.get(plugin.name);
  if (!keys) {
    // The plugin's first deps: its services are built now, to learn their names.
    built = build();
    const names = Object.keys(built);
    keys = { services: new Set(names), all: new Set([...(plugin.requires ?? []), ...names]) };
    known.set(plugin.name, keys);
  }
  const { services: names } = keys;
  return lazyObject(keys.all, (key) => {
    if (!names.has(key)) return own[key];
    built ??= build();
    return built[key];
  });
}
