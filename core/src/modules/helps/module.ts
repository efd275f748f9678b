import { asClass } from 'awilix';
import { defineModule } from '../../kernel/module.js';
import { Help } from './help.entity.js';
import { helpsRoutes } from './helps-routes.js';
import { HelpsService } from './helps-service.js';
import { MigrationHelps0001Tables } from './migrations/helps-0001-tables.js';

declare module '../../kernel/container.js' {
  interface Cradle {
    helps: HelpsService;
  }
}

/** Help videos (spec part 2 "Help videos"): global entries, not scoped by company. */
export const helpsModule = defineModule({
  name: 'helps',
  entities: [Help],
  migrations: [{ name: 'helps-0001-tables', class: MigrationHelps0001Tables }],
  register: (container) => container.register({ helps: asClass(HelpsService).scoped() }),
  routes: helpsRoutes,
});
