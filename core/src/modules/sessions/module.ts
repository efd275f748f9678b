import { channelTraits } from '@balcao/sdk';
import { asFunction } from 'awilix';
import { defineModule } from '../../kernel/module.js';
import { CompanyConnectionsPort } from './connections-port.js';
import { Migration0015ChannelSessions } from './migrations/core-0015-channel-sessions.js';
import { MigrationSessions0001SessionCalls } from './migrations/sessions-0001-session-calls.js';
import { SessionManager } from './session-manager.js';
import { wireSessionRealtime } from './session-status.js';
import { sessionsRoutes } from './sessions-routes.js';

/** Stateful channel sessions (leases, the sealed session store) and each plugin's sealed configuration. */
export const sessionsModule = defineModule({
  name: 'sessions',
  dependsOn: ['connections'],
  migrations: [
    { name: 'core-0015-channel-sessions', class: Migration0015ChannelSessions },
    { name: 'sessions-0001-session-calls', class: MigrationSessions0001SessionCalls },
  ],
  // The manager drives adapters for the whole process: it takes the root container, not a scope.
  ports: {
    connections: ({ root, scope, ownKinds, tenant }) =>
      tenant(
        (id) =>
          new CompanyConnectionsPort(
            root.cradle.orm,
            root.cradle.sessions,
            id,
            ownKinds,
            () => scope.connections,
            (channel) => {
              const adapter = root.cradle.channels.get(channel);
              return adapter && channelTraits(adapter);
            },
            () => ({
              em: root.cradle.orm.em,
              channels: root.cradle.channels,
              sessions: root.cradle.sessions,
              logger: root.cradle.logger,
            }),
          ),
      ),
    config: ({ root, plugin, tenant }) => tenant((id) => root.cradle.sessions.pluginConfig(plugin.name, id)),
  },
  register: (container) =>
    container.register({
      sessions: asFunction(() => new SessionManager(container, container.cradle.config.sessions)).singleton(),
    }),
  routes: sessionsRoutes,
  wire: ({ root, events }) => wireSessionRealtime(events, root.cradle.realtime, root),
});
