import { asClass } from 'awilix';
import { defineModule } from '../../kernel/module.js';
import { momentsRoutes } from './moments-routes.js';
import { MomentsService } from './moments-service.js';

/** The dashboard's "moments": the attendance at a glance. */
export const momentsModule = defineModule({
  name: 'moments',
  dependsOn: ['tickets'],
  register: (container) => container.register({ moments: asClass(MomentsService).scoped() }),
  routes: momentsRoutes,
});
