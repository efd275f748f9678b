import { definePlugin } from '@balcao/sdk';
import { TOUR_LOCALES } from '../shared/locales.js';
import { actorRoutes } from './actor.js';
import { mountConnectionSettings } from './connection-settings.js';
import { REQUIRES } from './deps.js';
import { TOUR_ENGINES } from './engines.js';
import { mountLayers } from './layers.js';
import { planFlagRoutes, TOUR_PLAN_FLAGS } from './plan-flags.js';
import { readDoorsRoutes } from './read-doors.js';
import { smallDoors, smallDoorsJobs, tourErrors } from './small-doors.js';
import { viewerJobs, viewerRoutes } from './viewer.js';

/**
 * The platform tour: one plugin that uses every door a feature plugin needs, written with `@balcao/sdk` alone. Each
 * door lives in its own file (read doors, tags, the company as an actor, …) and mounts its routes under `/api/tour/`;
 * the integration tests beside them prove the door from a plugin author's side. Loaded only by tests.
 */
export default definePlugin({
  name: 'tour',
  planFlag: 'useIntegration',
  planFlags: TOUR_PLAN_FLAGS,
  locales: TOUR_LOCALES,
  requires: REQUIRES,
  errors: tourErrors,
  contributes: { botEngines: TOUR_ENGINES },
  routes(router) {
    router.get('/tour', (ctx) => {
      ctx.body = { plugin: 'tour' };
    });
    viewerRoutes(router);
    actorRoutes(router);
    mountLayers(router);
    mountConnectionSettings(router);
    readDoorsRoutes(router);
    smallDoors(router);
  },
  jobs: [...viewerJobs, ...smallDoorsJobs],
  flaggedRoutes: [planFlagRoutes],
});
