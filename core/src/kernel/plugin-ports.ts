import {
  AppError,
  type CorePorts,
  type EventsPort,
  type Logger,
  type PluginDefinition,
  type PortKey,
  type RealtimePort,
  type SettingsPort,
} from '@balcao/sdk';
import type { AwilixContainer } from 'awilix';
import { EgressClient } from '../egress/egress.js';
import { CompanyContactsPort } from '../modules/contacts/contacts-port.js';
import { CompanyMediaPort } from '../modules/messages/media-port.js';
import { CompanyMessagesPort } from '../modules/messages/messages-port.js';
import { CompanyQueuesPort } from '../modules/queues/queues-port.js';
import { CompanyConnectionsPort } from '../modules/sessions/connections-port.js';
import { SettingsService } from '../modules/settings/settings-service.js';
import { CompanyTicketsPort } from '../modules/tickets/tickets-port.js';
import { CompanyUsersPort } from '../modules/users/users-port.js';
import { companySpreadsheets } from '../spreadsheets/spreadsheets-port.js';
import type { Cradle } from './container.js';
import { ownCompany } from './own-company.js';
import { namespacedJobs } from './plugin-jobs.js';

// What a plugin gets for its `requires`: each port of CorePorts, built by the core module that implements it.

type AnyPlugin = PluginDefinition<readonly PortKey[], Record<string, unknown>>;

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
  'queues',
  'users',
  'media',
  'connections',
  'config',
  'http',
  'spreadsheets',
];

/** The channel kinds a plugin contributes: the connections whose status it may report. */
const ownKinds = (plugin: AnyPlugin): string[] => (plugin.contributes?.channels ?? []).map((c) => c.kind);

function boundSettings(settings: SettingsPort, companyId: number | undefined): SettingsPort {
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

/**
 * The ports the plugin listed, built for this scope. Every port is bound to the scope's company (the request's, job's
 * or event's): ids and objects it is passed are looked up inside that company, a company id it is passed must be that
 * one. A public route or onBoot has none: the attendance ports fail there, conversations takes only the handles it
 * gave out, and nothing may be published, emitted, enqueued or read for a company.
 */
export function pluginPorts(
  plugin: AnyPlugin,
  root: AwilixContainer<Cradle>,
  scope: Cradle,
  companyId: number | undefined,
): Partial<CorePorts> {
  const { em } = scope;
  const tenant = <T extends object>(make: (companyId: number) => T): T =>
    companyId === undefined ? companyless<T>(plugin.name, root.cradle.logger) : make(companyId);
  const make: { [K in PortKey]: () => CorePorts[K] } = {
    em: () => em,
    logger: () => root.cradle.logger.child({ plugin: plugin.name }),
    realtime: () => boundRealtime(root.cradle.realtime, companyId),
    jobs: () => namespacedJobs(plugin, root.cradle.jobsHost, companyId),
    settings: () => boundSettings(new SettingsService({ em }), companyId),
    events: () => boundEvents(root.cradle.events, companyId),
    conversations: () =>
      root.cradle.conversations.boundTo({
        companyId,
        ownKinds: ownKinds(plugin),
        store: (id) => root.cradle.sessions.store(id),
      }),
    tickets: () => tenant((id) => new CompanyTicketsPort(em, id, scope.tickets)),
    messages: () => tenant((id) => new CompanyMessagesPort(scope, id)),
    contacts: () => tenant((id) => new CompanyContactsPort(em, id, scope.contacts, scope.tags)),
    queues: () => tenant((id) => new CompanyQueuesPort(em, id)),
    users: () => tenant((id) => new CompanyUsersPort(em, id)),
    media: () => tenant((id) => new CompanyMediaPort(root.cradle.config.dataDir, id)),
    connections: () =>
      tenant(
        (id) =>
          new CompanyConnectionsPort(
            root.cradle.orm,
            root.cradle.sessions,
            id,
            ownKinds(plugin),
            () => scope.connections,
          ),
      ),
    config: () => tenant((id) => root.cradle.sessions.pluginConfig(plugin.name, id)),
    http: () => new EgressClient(root.cradle.egressPolicy, root.cradle.logger.child({ plugin: plugin.name })),
    spreadsheets: () => tenant((id) => companySpreadsheets(root.cradle.spreadsheets, id)),
  };
  return Object.fromEntries((plugin.requires ?? []).map((k) => [k, make[k]()]));
}
