import { idField, type SendToContactInput, validate } from '@balcao/sdk';
import { z } from 'zod';
import type { TourRouter } from './deps.js';

const ticketParams = z.object({ id: idField });
const openBody = z.object({ contactId: idField, whatsappId: idField, queueId: idField.nullish() });
const transferBody = z.object({ queueId: idField.nullish(), userId: idField.nullish() });

/**
 * The company as an actor (issue 25, item 3): the plugin opens, transfers, closes and reopens tickets as itself — no
 * admin user borrowed, the ticket's log names the plugin — and sends to a contact exactly once per key, the way a
 * campaign does: `holdUntilReply` keeps the ticket it opens out of the attendants' lists until the contact answers.
 * @example POST /api/tour/actor/send { contactId, connectionId, body: 'Promoção!', idempotencyKey: 'camp-1:42' }
 */
export function actorRoutes(router: TourRouter): void {
  router.post('/tour/actor/tickets', async (ctx) => {
    const input = validate(openBody, ctx.request.body);
    ctx.body = await ctx.state.deps.tickets.create({ ...input, status: 'pending' }, 'plugin');
  });
  router.post('/tour/actor/tickets/:id/transfer', async (ctx) => {
    const { id } = validate(ticketParams, ctx.params);
    ctx.body = await ctx.state.deps.tickets.transfer(id, validate(transferBody, ctx.request.body), 'plugin');
  });
  router.post('/tour/actor/tickets/:id/close', async (ctx) => {
    const { id } = validate(ticketParams, ctx.params);
    ctx.body = await ctx.state.deps.tickets.close(id, { byUserId: 'plugin' });
  });
  router.post('/tour/actor/tickets/:id/reopen', async (ctx) => {
    const { id } = validate(ticketParams, ctx.params);
    ctx.body = await ctx.state.deps.tickets.reopen(id, 'plugin');
  });
  // The request's body goes to the port as it came: sendToContact checks its input itself (ids, key, content).
  router.post('/tour/actor/send', async (ctx) => {
    ctx.body = await ctx.state.deps.messages.sendToContact(ctx.request.body as unknown as SendToContactInput);
  });
}
