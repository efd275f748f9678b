import { messageSendSchema, pageQuery } from '@balcao/sdk';
import type { AppRouter } from '../../http/types.js';
import { idParam, validate } from '../../http/validate.js';

export function messagesRoutes(router: AppRouter): void {
  router.get('/messages/:ticketId', async (ctx) => {
    const { pageNumber } = validate(pageQuery, ctx.query);
    ctx.body = await ctx.state.services.messages.list(
      ctx.state.user,
      idParam(ctx.params.ticketId),
      pageNumber,
    );
  });
  router.post('/messages/:ticketId', async (ctx) => {
    const input = validate(messageSendSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await ctx.state.services.messages.send(ctx.state.user, idParam(ctx.params.ticketId), input);
  });
  router.delete('/messages/:id', async (ctx) => {
    await ctx.state.services.messages.remove(ctx.state.user, idParam(ctx.params.id));
    ctx.status = 204;
  });
}
