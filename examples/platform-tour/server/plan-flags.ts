import type { FlaggedRoutes, PlanFlagDeclaration } from '@balcao/sdk';
import type { TourDeps } from './deps.js';

/**
 * The tour's own plan flag: the super admin finds it in the plans dialog under "tour", labelled from the tour's
 * locales (`tour:planFlag`). No core flag had to be borrowed for it.
 */
export const TOUR_PLAN_FLAGS: readonly PlanFlagDeclaration[] = [
  { key: 'useTour', labelKey: 'tour:planFlag' },
];

/**
 * Routes behind the declared flag: a tenant whose plan lacks `useTour` gets 403 ERR_NO_PERMISSION (the host's plan
 * guard), and has them again the moment a super admin switches the flag on (no restart, no cache to wait for).
 */
export const planFlagRoutes: FlaggedRoutes<TourDeps> = {
  planFlag: 'useTour',
  routes(router) {
    router.get('/tour/plan-flags', (ctx) => {
      ctx.body = { flag: 'useTour', companyId: ctx.state.companyId };
    });
  },
};
