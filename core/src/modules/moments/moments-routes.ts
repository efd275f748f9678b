import { momentsQuery } from '@balcao/sdk';
import { requireAdmin } from '../../http/guards.js';
import type { AppRouter } from '../../http/types.js';
import { idList, validate } from '../../http/validate.js';

/**
 * `GET /dashboard/moments` (spec part 1 §7): the real-time panel's tickets, for admins only. `showAll` is accepted
 * as the spec lists it but changes nothing: the panel is admin-only and admins see every ticket of the company.
 */
export function momentsRoutes(router: AppRouter): void {
  router.get('/dashboard/moments', requireAdmin, async (ctx) => {
    const q = validate(momentsQuery, ctx.query);
    ctx.body = await ctx.state.services.moments.tickets(ctx.state.user, {
      status: q.status,
      queueIds: idList(q.queueIds, 'queueIds'),
      userId: q.userId,
      dateStart: q.dateStart,
      dateEnd: q.dateEnd,
    });
  });
}
