import { chatbotCreateSchema, chatbotUpdateSchema } from '@balcao/sdk';
import { requireAdmin } from '../../../http/guards.js';
import type { AppRouter } from '../../../http/types.js';
import { idParam, validate } from '../../../http/validate.js';

/** Chatbot options one at a time (spec part 2 §7): everyone reads; only admins change them. */
export function chatbotsRoutes(router: AppRouter): void {
  router.get('/chatbot/:id', async (ctx) => {
    ctx.body = await ctx.state.services.chatbots.get(idParam(ctx.params.id));
  });
  router.post('/chatbot', requireAdmin, async (ctx) => {
    const input = validate(chatbotCreateSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await ctx.state.services.chatbots.create(ctx.state.companyId, input);
  });
  router.put('/chatbot/:id', requireAdmin, async (ctx) => {
    const input = validate(chatbotUpdateSchema, ctx.request.body);
    ctx.body = await ctx.state.services.chatbots.update(idParam(ctx.params.id), input);
  });
  router.delete('/chatbot/:id', requireAdmin, async (ctx) => {
    await ctx.state.services.chatbots.remove(idParam(ctx.params.id));
    ctx.status = 204;
  });
}
