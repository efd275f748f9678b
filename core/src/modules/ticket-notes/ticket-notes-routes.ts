import { AppError, idField, pageQuery, ticketNoteSchema } from '@balcao/sdk';
import { z } from 'zod';
import type { AppRouter } from '../../http/types.js';
import { idParam, validate } from '../../http/validate.js';

const listQuery = z.object({ ticketId: idField.optional(), contactId: idField.optional() });
const pageOfNotesQuery = pageQuery.extend(listQuery.shape);

export function ticketNotesRoutes(router: AppRouter): void {
  router.post('/ticket-notes', async (ctx) => {
    const input = validate(ticketNoteSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await ctx.state.services.ticketNotes.create(ctx.state.user, input);
  });
  // Spec §7's GET /ticket-notes: the notes the user may see, a page at a time ({ ticketNotes, count, hasMore }).
  router.get('/ticket-notes', async (ctx) => {
    const query = validate(pageOfNotesQuery, ctx.query);
    ctx.body = await ctx.state.services.ticketNotes.page(ctx.state.user, query);
  });
  router.get('/ticket-notes/list', async (ctx) => {
    const filter = validate(listQuery, ctx.query);
    if (!filter.ticketId && !filter.contactId) {
      throw new AppError('ERR_VALIDATION', 400, { fields: [{ path: 'ticketId', message: 'Required' }] });
    }
    ctx.body = await ctx.state.services.ticketNotes.list(ctx.state.user, filter);
  });
  router.get('/ticket-notes/:id', async (ctx) => {
    ctx.body = await ctx.state.services.ticketNotes.get(ctx.state.user, idParam(ctx.params.id));
  });
  router.delete('/ticket-notes/:id', async (ctx) => {
    await ctx.state.services.ticketNotes.remove(ctx.state.user, idParam(ctx.params.id));
    ctx.status = 204;
  });
}
