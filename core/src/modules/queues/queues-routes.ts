import { queueSchema } from '@balcao/sdk';
import { requireAdmin } from '../../http/guards.js';
import type { AppRouter } from '../../http/types.js';
import { idParam, validate } from '../../http/validate.js';

/** Everyone reads the company's queues; only admins change them. */
export function queuesRoutes(router: AppRouter): void {
  router.get('/queue', async (ctx) => {
    ctx.body = await ctx.state.services.queues.list();
  });
  router.get('/queue/:id', async (ctx) => {
    ctx.body = await ctx.state.services.queues.get(idParam(ctx.params.id));
  });
  router.post('/queue', requireAdmin, async (ctx) => {
    const input = validate(queueSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await ctx.state.services.queues.create(ctx.state.companyId, input);
  });
  router.put('/queue/:id', requireAdmin, async (ctx) => {
    const input = validate(queueSchema, ctx.request.body);
    ctx.body = await ctx.state.services.queues.update(idParam(ctx.params.id), input);
  });
  router.delete('/queue/:id', requireAdmin, async (ctx) => {
    await ctx.state.services.queues.remove(idParam(ctx.params.id));
    ctx.status = 204;
  });
}
