import { helpCreateSchema, helpUpdateSchema } from '@balcao/sdk';
import { requireSuper } from '../../http/guards.js';
import type { AppRouter } from '../../http/types.js';
import { idParam, validate } from '../../http/validate.js';

/** Spec part 2 §7 "Helps": any signed-in user reads (the /helps page); super users write (the settings tab). */
export function helpsRoutes(router: AppRouter): void {
  router.get('/helps', async (ctx) => {
    ctx.body = await ctx.state.services.helps.list();
  });
  router.get('/helps/list', async (ctx) => {
    ctx.body = await ctx.state.services.helps.list();
  });
  router.get('/helps/:id', async (ctx) => {
    ctx.body = await ctx.state.services.helps.get(idParam(ctx.params.id));
  });
  router.post('/helps', requireSuper, async (ctx) => {
    ctx.status = 201;
    ctx.body = await ctx.state.services.helps.create(validate(helpCreateSchema, ctx.request.body));
  });
  router.put('/helps/:id', requireSuper, async (ctx) => {
    const id = idParam(ctx.params.id);
    ctx.body = await ctx.state.services.helps.update(id, validate(helpUpdateSchema, ctx.request.body));
  });
  router.delete('/helps/:id', requireSuper, async (ctx) => {
    await ctx.state.services.helps.remove(idParam(ctx.params.id));
    ctx.status = 204;
  });
}
