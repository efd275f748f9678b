import { definePlugin } from '@balcao/sdk';
import { REQUIRES } from './deps.js';
import { TOUR_ENGINES } from './engines.js';

/**
 * The platform tour: one plugin that uses every door a feature plugin needs, written with `@balcao/sdk` alone. Each
 * door lives in its own file (read doors, tags, the company as an actor, …) and mounts its routes under `/api/tour/`;
 * the integration tests beside them prove the door from a plugin author's side. Loaded only by tests.
 */
export default definePlugin({
  name: 'tour',
  planFlag: 'useIntegration',
  requires: REQUIRES,
  contributes: { botEngines: TOUR_ENGINES },
  routes(router) {
    router.get('/tour', (ctx) => {
      ctx.body = { plugin: 'tour' };
    });
  },
});
