import { asClass } from 'awilix';
import { defineModule } from '../../kernel/module.js';
import { MigrationUsers0001Tables } from './migrations/users-0001-tables.js';
import { MigrationUsers0002Wpp } from './migrations/users-0002-wpp.js';
import { MigrationUsers0003ShowAllTickets } from './migrations/users-0003-show-all-tickets.js';
import { User } from './user.entity.js';
import { recordPresence } from './user-presence.js';
import { CompanyUsersPort } from './users-port.js';
import { usersRoutes } from './users-routes.js';
import { UsersService } from './users-service.js';

declare module '../../kernel/container.js' {
  interface Cradle {
    users: UsersService;
  }
}

/** Users of a company, and their presence (online while a socket of theirs is open). */
export const usersModule = defineModule({
  name: 'users',
  dependsOn: ['companies'],
  entities: [User],
  migrations: [
    { name: 'users-0001-tables', class: MigrationUsers0001Tables, replaces: 'core-0001-kernel' },
    { name: 'users-0002-wpp', class: MigrationUsers0002Wpp },
    { name: 'users-0003-show-all-tickets', class: MigrationUsers0003ShowAllTickets },
  ],
  ports: { users: ({ scope, tenant }) => tenant((id) => new CompanyUsersPort(scope.em, id)) },
  register: (container) => container.register({ users: asClass(UsersService).scoped() }),
  routes: usersRoutes,
  wire: ({ root, events }) => {
    const { orm, realtime } = root.cradle;
    realtime.setPresenceHandler((who, online) =>
      recordPresence(orm.em.fork(), realtime, who, online, events),
    );
  },
});
