import { asClass } from 'awilix';
import { createRequestScope } from '../../kernel/container.js';
import { defineModule } from '../../kernel/module.js';
import { MigrationQueues0001Tables } from './migrations/queues-0001-tables.js';
import { Queue } from './queue.entity.js';
import { wireQueueRealtime } from './queues-realtime.js';
import { queuesRoutes } from './queues-routes.js';
import { QueuesService } from './queues-service.js';

/** Queues and the users who attend each. */
export const queuesModule = defineModule({
  name: 'queues',
  dependsOn: ['users'],
  entities: [Queue],
  migrations: [
    { name: 'queues-0001-tables', class: MigrationQueues0001Tables, replaces: 'core-0002-attendance' },
  ],
  register: (container) => container.register({ queues: asClass(QueuesService).scoped() }),
  routes: queuesRoutes,
  wire: ({ root, events }) =>
    wireQueueRealtime(
      events,
      root.cradle.realtime,
      (companyId) => createRequestScope(root, companyId).cradle.em,
    ),
});
