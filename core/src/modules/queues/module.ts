import { asClass } from 'awilix';
import { createRequestScope } from '../../kernel/container.js';
import { defineModule } from '../../kernel/module.js';
import { Chatbot } from './chatbots/chatbot.entity.js';
import { chatbotsRoutes } from './chatbots/chatbots-routes.js';
import { ChatbotsService } from './chatbots/chatbots-service.js';
import { MigrationQueues0001Tables } from './migrations/queues-0001-tables.js';
import { MigrationQueues0002Chatbots } from './migrations/queues-0002-chatbots.js';
import { Queue } from './queue.entity.js';
import { CompanyQueuesPort } from './queues-port.js';
import { wireQueueRealtime } from './queues-realtime.js';
import { queuesRoutes } from './queues-routes.js';
import { QueuesService } from './queues-service.js';

/** Queues, the users who attend each, and each queue's chatbot option tree. */
export const queuesModule = defineModule({
  name: 'queues',
  dependsOn: ['users'],
  entities: [Queue, Chatbot],
  migrations: [
    { name: 'queues-0001-tables', class: MigrationQueues0001Tables, replaces: 'core-0002-attendance' },
    { name: 'queues-0002-chatbots', class: MigrationQueues0002Chatbots },
  ],
  ports: { queues: ({ scope, tenant }) => tenant((id) => new CompanyQueuesPort(scope.em, id)) },
  register: (container) =>
    container.register({
      queues: asClass(QueuesService).scoped(),
      chatbots: asClass(ChatbotsService).scoped(),
    }),
  routes: (router) => {
    queuesRoutes(router);
    chatbotsRoutes(router);
  },
  wire: ({ root, events }) =>
    wireQueueRealtime(
      events,
      root.cradle.realtime,
      (companyId) => createRequestScope(root, companyId).cradle.em,
    ),
});
