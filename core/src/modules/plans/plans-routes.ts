import { planCreateSchema, planUpdateSchema } from '@balcao/sdk';
import { requireSuper } from '../../http/guards.js';
import type { AppRouter } from '../../http/types.js';
import { idParam, validate } from '../../http/validate.js';

/** `GET /plans/list` is public (the signup page needs it) and lists only public plans; the rest is for super users. */
export function publicPlansRoutes(router: AppRouter): void {
  router.get('/plans/list', async (ctx) => {
    ctx.body = await ctx.state.services.plans.listPublic();
  });
}

export function plansRoutes(router: AppRouter): void {
  router.get('/plans', requireSuper, async (ctx) => {
    ctx.body = await ctx.state.services.plans.list();
  });
  router.get('/plans/all', requireSuper, async (ctx) => {
    ctx.body = await ctx.state.services.plans.list();
  });
  router.get('/plans/:id', requireSuper, async (ctx) => {
    ctx.body = await ctx.state.services.plans.get(idParam(ctx.params.id));
  });
  router.post('/plans', requireSuper, async (ctx) => {
    ctx.status = 201;
    ctx.body = await ctx.state.services.plans.create(validate(planCreateSchema, ctx.request.body));
  });
  router.put('/plans/:id', requireSuper, async (ctx) => {
    ctx.body = await ctx.state.services.plans.update(
      idParam(ctx.params.id),
      validate(planUpdateSchema, ctx.request.body),
    );
  });
  router.delete('/plans/:id', requireSuper, async (ctx) => {
    await ctx.state.services.plans.remove(idParam(ctx.params.id));
    ctx.status = 204;
  });
}
