import type { AuthUser } from '@balcao/sdk';
import { asClass, asFunction } from 'awilix';
import type { Cradle } from '../../kernel/container.js';
import { defineModule } from '../../kernel/module.js';
import { MessageForwardService } from './forward-service.js';
import { CompanyMediaPort } from './media-port.js';
import { mediaRoutes, removeCompanyMedia } from './media-storage.js';
import { Message } from './message.entity.js';
import { CompanyMessagesPort } from './messages-port.js';
import { messagesRoutes } from './messages-routes.js';
import { MessagesService } from './messages-service.js';
import { ViewerMessagesReads } from './messages-viewer.js';
import { Migration0013MessageOutbox } from './migrations/core-0013-message-outbox.js';
import { MigrationMessages0001Tables } from './migrations/messages-0001-tables.js';
import { MigrationMessages0002ForeignKeyIndexes } from './migrations/messages-0002-foreign-key-indexes.js';
import { MigrationMessages0003VoiceNote } from './migrations/messages-0003-voice-note.js';
import { MigrationMessages0004OutboxRead } from './migrations/messages-0004-outbox-read.js';
import { MigrationMessages0005OutboxReact } from './migrations/messages-0005-outbox-react.js';
import { MigrationMessages0006OutboxClaimedIndex } from './migrations/messages-0006-outbox-claimed-index.js';
import { MigrationMessages0007ActorPluginSends } from './migrations/messages-0007-actor-plugin-sends.js';
import { MigrationMessages0008BodyWords } from './migrations/messages-0008-body-words.js';
import { MessageReactionsService } from './reactions-service.js';

/** Messages of a ticket, their media and the outbox rows that deliver them. */
export const messagesModule = defineModule({
  name: 'messages',
  dependsOn: ['tickets'],
  entities: [Message],
  migrations: [
    { name: 'messages-0001-tables', class: MigrationMessages0001Tables, replaces: 'core-0002-attendance' },
    {
      name: 'messages-0002-foreign-key-indexes',
      class: MigrationMessages0002ForeignKeyIndexes,
      replaces: 'core-0004-attendance-indexes',
    },
    { name: 'core-0013-message-outbox', class: Migration0013MessageOutbox },
    { name: 'messages-0003-voice-note', class: MigrationMessages0003VoiceNote },
    { name: 'messages-0004-outbox-read', class: MigrationMessages0004OutboxRead },
    { name: 'messages-0005-outbox-react', class: MigrationMessages0005OutboxReact },
    { name: 'messages-0006-outbox-claimed-index', class: MigrationMessages0006OutboxClaimedIndex },
    { name: 'messages-0007-actor-plugin-sends', class: MigrationMessages0007ActorPluginSends },
    { name: 'messages-0008-body-words', class: MigrationMessages0008BodyWords },
  ],
  ports: {
    messages: ({ scope, plugin, tenant }) => tenant((id) => new CompanyMessagesPort(scope, id, plugin.name)),
    media: ({ root, tenant }) => tenant((id) => new CompanyMediaPort(root.cradle.config.dataDir, id)),
  },
  register: (container) =>
    container.register({
      messages: asClass(MessagesService).scoped(),
      messageForward: asClass(MessageForwardService).scoped(),
      messageReactions: asClass(MessageReactionsService).scoped(),
      // The viewer port's message reads (kernel/viewer-port.ts): as `GET /api/messages/:ticketId` answers that user.
      viewerMessages: asFunction(
        (c: Cradle) => (viewer: AuthUser) => new ViewerMessagesReads(c.em, viewer),
      ).scoped(),
    }),
  routes: messagesRoutes,
  subscribers: [
    // The company's messages went with it (foreign keys); its stored files go too.
    {
      event: 'company.deleted',
      handler: ({ companyId }, scope) => removeCompanyMedia(scope.config.dataDir, companyId),
    },
  ],
  publicRoutes: (router, { root }) => mediaRoutes(router, root.cradle.config.dataDir),
});
