import type { CorePorts, JobsPort, PluginDefinition, PortKey } from '@balcao/sdk';
import type { AwilixContainer } from 'awilix';
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
import { pluginConversations } from './plugin-conversations.js';

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
  'spreadsheets',
];

/** The channel kinds a plugin contributes: the connections whose status it may report. */
const ownKinds = (plugin: AnyPlugin): string[] => (plugin.contributes?.channels ?? []).map((c) => c.kind);

function namespacedJobs(plugin: string, host: Cradle['jobsHost']): JobsPort {
  return {
    now: (name, data) => host.now(`${plugin}:${name}`, data),
    schedule: (when, name, data) => host.schedule(when, `${plugin}:${name}`, data),
  };
}

/**
 * A company-bound port where there is no company (a public route, onBoot): it fails as soon as it is used, naming the
 * plugin — requiring it is fine (the plugin's routes with a company use it), using it there is the plugin's bug.
 */
function companyless<T extends object>(plugin: string): T {
  return new Proxy({} as T, {
    get(_target, prop) {
      if (prop === 'then') return undefined; // not a thenable: `await`ing the deps stays harmless
      throw new Error(
        `plugin ${plugin}: the attendance ports need a company (not on public routes or onBoot)`,
      );
    },
  });
}

/**
 * The ports the plugin listed, built for this scope. The attendance ports are bound to the scope's company (the
 * request's, job's or event's); a public route or onBoot has none, and using one there is the plugin's bug.
 */
export function pluginPorts(
  plugin: AnyPlugin,
  root: AwilixContainer<Cradle>,
  scope: Cradle,
  companyId: number | undefined,
): Partial<CorePorts> {
  const { em } = scope;
  const tenant = <T extends object>(make: (companyId: number) => T): T =>
    companyId === undefined ? companyless<T>(plugin.name) : make(companyId);
  const make: { [K in PortKey]: () => CorePorts[K] } = {
    em: () => em,
    logger: () => root.cradle.logger.child({ plugin: plugin.name }),
    realtime: () => root.cradle.realtime,
    jobs: () => namespacedJobs(plugin.name, root.cradle.jobsHost),
    settings: () => new SettingsService({ em }),
    events: () => root.cradle.events,
    conversations: () => pluginConversations(root.cradle.conversations, ownKinds(plugin), root.cradle),
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
    spreadsheets: () => tenant((id) => companySpreadsheets(root.cradle.spreadsheets, id)),
  };
  return Object.fromEntries((plugin.requires ?? []).map((k) => [k, make[k]()]));
}
