import { AppError, CHANNELS, type ContactListQuery, idField, READ_PAGE_MAX, validate } from '@balcao/sdk';
import { z } from 'zod';
import type { TourRouter } from './deps.js';

// Read doors (issue 25 item 2) and ticket tags (item 4) from a plugin author's side: a ticket's messages page by page,
// an audience of contacts walked in flat memory, the company's tags and kanban lanes, and a ticket moved between lanes.

/** `1,2,3` in a query string. */
const ids = z.preprocess(
  (v) => (typeof v === 'string' && v ? v.split(',') : undefined),
  z.array(idField).optional(),
);

const audienceQuery = z.object({
  tagIds: ids,
  channel: z.enum(CHANNELS).optional(),
  connectionId: idField.optional(),
  search: z.string().optional(),
});

const messagesQuery = z.object({ beforeId: idField.optional(), limit: z.coerce.number().optional() });
const kanbanQuery = z.object({ kanban: z.enum(['true', 'false']).optional() });

/** Mounts `/api/tour/read-doors/…`. */
export function readDoorsRoutes(router: TourRouter): void {
  router.get('/tour/read-doors/tickets/:ticketId/messages', async (ctx) => {
    const q = validate(messagesQuery, ctx.query);
    const ticketId = validate(idField, ctx.params.ticketId);
    ctx.body = await ctx.state.deps.messages.list({ ticketId, ...q });
  });

  router.get('/tour/read-doors/messages/:id', async (ctx) => {
    const message = await ctx.state.deps.messages.find(validate(idField, ctx.params.id));
    if (!message) throw new AppError('ERR_NO_MESSAGE_FOUND', 404);
    ctx.body = message;
  });

  // A campaign's audience: every page holds at most READ_PAGE_MAX contacts and only the counts outlive it.
  router.get('/tour/read-doors/audience', async (ctx) => {
    const filter: ContactListQuery = validate(audienceQuery, ctx.query);
    const { contacts } = ctx.state.deps;
    let count = 0;
    let pages = 0;
    let largestPage = 0;
    let beforeId: number | undefined;
    for (;;) {
      const page = await contacts.list({ ...filter, beforeId, limit: READ_PAGE_MAX });
      if (page.length === 0) break;
      pages += 1;
      count += page.length;
      largestPage = Math.max(largestPage, page.length);
      beforeId = page[page.length - 1].id;
    }
    ctx.body = { count, pages, largestPage };
  });

  router.get('/tour/read-doors/tags', async (ctx) => {
    const { kanban } = validate(kanbanQuery, ctx.query);
    ctx.body = await ctx.state.deps.tags.list(kanban === undefined ? {} : { kanban: kanban === 'true' });
  });

  router.post('/tour/read-doors/tags', async (ctx) => {
    ctx.status = 201;
    ctx.body = await ctx.state.deps.tags.create(ctx.request.body as { name: string });
  });

  // The kanban card moves: off its lane, onto another (ticket.tags.changed tells subscribers, the screens update).
  router.put('/tour/read-doors/tickets/:ticketId/tags/:tagId', async (ctx) => {
    const ticketId = validate(idField, ctx.params.ticketId);
    ctx.body = await ctx.state.deps.tickets.addTag(ticketId, validate(idField, ctx.params.tagId));
  });
  router.put('/tour/read-doors/tickets/:ticketId/tags', async (ctx) => {
    const ticketId = validate(idField, ctx.params.ticketId);
    const { tagIds } = ctx.request.body as { tagIds: number[] };
    ctx.body = await ctx.state.deps.tickets.setTags(ticketId, tagIds);
  });
  router.delete('/tour/read-doors/tickets/:ticketId/tags/:tagId', async (ctx) => {
    const ticketId = validate(idField, ctx.params.ticketId);
    ctx.body = await ctx.state.deps.tickets.removeTag(ticketId, validate(idField, ctx.params.tagId));
  });
}
