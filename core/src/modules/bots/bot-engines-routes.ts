import { requireAdmin } from '../../http/guards.js';
import type { AppRouter } from '../../http/types.js';

/** `GET /api/bot-engines` (admins): the engines the company's plan allows, for the queue and connection dialogs. */
export function botEnginesRoutes(router: AppRouter): void {
  router.get('/bot-engines', requireAdmin, async (ctx) => {
    const { botEngines, planGate } = ctx.state.services;
    ctx.body = await botEngines.listFor(planGate, ctx.state.companyId);
  });
}
