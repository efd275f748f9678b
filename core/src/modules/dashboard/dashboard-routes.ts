import { AppError, dashboardChartQuery, dashboardQuery } from '@balcao/sdk';
import { requireAdmin } from '../../http/guards.js';
import type { AppRouter } from '../../http/types.js';
import { validate } from '../../http/validate.js';

/** The chart calls' period; a `companyId` other than the caller's own is refused (403), never read. */
function chartPeriod(query: unknown, companyId: number) {
  const q = validate(dashboardChartQuery, query);
  if (q.companyId !== undefined && q.companyId !== companyId) {
    throw new AppError('ERR_NO_PERMISSION', 403);
  }
  return { from: q.from, to: q.to };
}

/**
 * The admin dashboard (spec part 1 §7, §8): counters and attendants, and the two charts' series. Admins only; always
 * the caller's company. Periods are company days, by default this month up to today.
 */
export function dashboardRoutes(router: AppRouter): void {
  router.get('/dashboard', requireAdmin, async (ctx) => {
    const period = validate(dashboardQuery, ctx.query);
    ctx.body = await ctx.state.services.dashboard.figures(ctx.state.user.companyId, period);
  });
  router.get('/dashboard/ticketsUsers', requireAdmin, async (ctx) => {
    ctx.body = await ctx.state.services.dashboard.ticketsUsers(
      ctx.state.user.companyId,
      chartPeriod(ctx.query, ctx.state.user.companyId),
    );
  });
  router.get('/dashboard/ticketsDay', requireAdmin, async (ctx) => {
    ctx.body = await ctx.state.services.dashboard.ticketsDay(
      ctx.state.user.companyId,
      chartPeriod(ctx.query, ctx.state.user.companyId),
    );
  });
}
