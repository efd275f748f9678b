import { asClass } from 'awilix';
import { defineModule } from '../../kernel/module.js';
import { Connection } from './connection.entity.js';
import { connectionsRoutes } from './connections-routes.js';
import { ConnectionsService } from './connections-service.js';
import { MigrationConnections0001Tables } from './migrations/connections-0001-tables.js';
import { MigrationConnections0002ImportMessages } from './migrations/connections-0002-import-messages.js';
import { MigrationConnections0003Schedules } from './migrations/connections-0003-schedules.js';
import { MigrationConnections0004GreetingMedia } from './migrations/connections-0004-greeting-media.js';
import { MigrationConnections0005LgpdTexts } from './migrations/connections-0005-lgpd-texts.js';
import { MigrationConnections0006ImportStartedAt } from './migrations/connections-0006-import-started-at.js';
import { MigrationConnections0007RatingWaitDefault } from './migrations/connections-0007-rating-wait-default.js';
import { MigrationConnections0008FailureReason } from './migrations/connections-0008-failure-reason.js';
import { Migration0011ConnectionEmbedOrigins } from './migrations/core-0011-connection-embed-origins.js';
import { Migration0012ConnectionExpiresTicketDefault } from './migrations/core-0012-connection-expires-ticket-default.js';

/** Connections (the spec's "whatsapps", whatever their channel) and the queues each offers. */
export const connectionsModule = defineModule({
  name: 'connections',
  dependsOn: ['companies', 'queues'],
  entities: [Connection],
  migrations: [
    {
      name: 'connections-0001-tables',
      class: MigrationConnections0001Tables,
      replaces: 'core-0002-attendance',
    },
    { name: 'core-0011-connection-embed-origins', class: Migration0011ConnectionEmbedOrigins },
    {
      name: 'core-0012-connection-expires-ticket-default',
      class: Migration0012ConnectionExpiresTicketDefault,
    },
    { name: 'connections-0002-import-messages', class: MigrationConnections0002ImportMessages },
    { name: 'connections-0003-schedules', class: MigrationConnections0003Schedules },
    { name: 'connections-0004-greeting-media', class: MigrationConnections0004GreetingMedia },
    { name: 'connections-0005-lgpd-texts', class: MigrationConnections0005LgpdTexts },
    { name: 'connections-0006-import-started-at', class: MigrationConnections0006ImportStartedAt },
    { name: 'connections-0007-rating-wait-default', class: MigrationConnections0007RatingWaitDefault },
    { name: 'connections-0008-failure-reason', class: MigrationConnections0008FailureReason },
  ],
  register: (container) => container.register({ connections: asClass(ConnectionsService).scoped() }),
  routes: connectionsRoutes,
});
