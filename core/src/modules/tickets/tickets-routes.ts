import {
  idField,
  TICKET_STATUSES,
  ticketCreateSchema,
  ticketListQuery,
  ticketUpdateSchema,
} from '@balcao/sdk';
import { z } from 'zod';
import type { AppRouter } from '../../http/types.js';
import { idList, idParam, jsonOrCommaList, validate } from '../../http/validate.js';

/** `statusFilter`: known statuses only; an unknown one filters nothing rather than failing the search. */
const statusList = (raw: string | undefined): string[] =>
  jsonOrCommaList(raw)
    .map((s) => String(s).trim())
    .filter((s) => (TICKET_STATUSES as readonly string[]).includes(s));

const closeAllBody = z.object({
  status: z.enum(['pending', 'open', 'group']),
  queueIds: z.array(idField).default([]),
});

export function ticketsRoutes(router: AppRouter): void {
  router.get('/tickets', async (ctx) => {
    const q = validate(ticketListQuery, ctx.query);
    ctx.body = await ctx.state.services.tickets.list(ctx.state.user, {
      searchParam: q.searchParam,
      pageNumber: q.pageNumber,
      status: q.status,
      showAll: q.showAll === 'true',
      queueIds: idList(q.queueIds, 'queueIds'),
      tagIds: idList(q.tags, 'tags'),
      userIds: [...idList(q.users, 'users'), ...idList(q.userFilter, 'userFilter')],
      whatsappIds: [...idList(q.whatsappIds, 'whatsappIds'), ...idList(q.whatsapps, 'whatsapps')],
      statuses: statusList(q.statusFilter),
      withUnreadMessages: q.withUnreadMessages === 'true',
      createdOn: q.date,
      updatedOn: q.updatedAt,
    });
  });
  router.get('/tickets/u/:uuid', async (ctx) => {
    const uuid = validate(z.object({ uuid: z.uuid() }), ctx.params).uuid;
    // The conversation screen's read: it also logs the access.
    ctx.body = await ctx.state.services.tickets.open(ctx.state.user, uuid);
  });
  router.get('/tickets/:id', async (ctx) => {
    ctx.body = await ctx.state.services.tickets.get(ctx.state.user, { id: idParam(ctx.params.id) });
  });
  router.post('/tickets/closeAll', async (ctx) => {
    const { status, queueIds } = validate(closeAllBody, ctx.request.body);
    ctx.body = await ctx.state.services.tickets.closeAll(ctx.state.user, status, queueIds);
  });
  router.post('/tickets', async (ctx) => {
    ctx.status = 201;
    ctx.body = await ctx.state.services.tickets.create(
      ctx.state.user,
      validate(ticketCreateSchema, ctx.request.body),
    );
  });
  router.put('/tickets/:id', async (ctx) => {
    const input = validate(ticketUpdateSchema, ctx.request.body);
    ctx.body = await ctx.state.services.tickets.update(ctx.state.user, idParam(ctx.params.id), input);
  });
  router.delete('/tickets/:id', async (ctx) => {
    await ctx.state.services.tickets.remove(ctx.state.user, idParam(ctx.params.id));
    ctx.status = 204;
  });
  // Spec part 2 (kanban): the card's lane. Whoever may see the ticket may move it; same code as TicketsPort.
  router.put('/ticket-tags/:ticketId/:tagId', async (ctx) => {
    const ticketId = idParam(ctx.params.ticketId, 'ticketId');
    const tagId = idParam(ctx.params.tagId, 'tagId');
    const { tickets, ticketTags } = ctx.state.services;
    await tickets.get(ctx.state.user, { id: ticketId });
    await ticketTags.add(ctx.state.companyId, ticketId, tagId);
    // Answered as this user sees the ticket (numbers masked under LGPD), not as the port does.
    ctx.body = await tickets.get(ctx.state.user, { id: ticketId });
  });
  router.delete('/ticket-tags/:ticketId', async (ctx) => {
    const ticketId = idParam(ctx.params.ticketId, 'ticketId');
    const { tickets, ticketTags } = ctx.state.services;
    await tickets.get(ctx.state.user, { id: ticketId });
    await ticketTags.removeLanes(ctx.state.companyId, ticketId);
    ctx.body = await tickets.get(ctx.state.user, { id: ticketId });
  });
  router.get('/tickets-log/:id', async (ctx) => {
    ctx.body = await ctx.state.services.tickets.logs(ctx.state.user, idParam(ctx.params.id));
  });
}
