import { defineModule } from '../../kernel/module.js';
import { publicSystemRoutes, systemRoutes } from './system-routes.js';

/** Version, health and the plugins a tenant has. */
export const systemModule = defineModule({
  name: 'system',
  routes: (router, { plugins }) => systemRoutes(router, plugins),
  publicRoutes: (router, { plugins }) => publicSystemRoutes(router, plugins),
});
