import {
  AppError,
  boundedString,
  contactListSchema,
  idField,
  messageListSchema,
  type PluginJob,
  TICKET_STATUSES,
  validate,
} from '@balcao/sdk';
import { z } from 'zod';
import type { TourDeps, TourRouter } from './deps.js';

// Viewer-bound reads: `deps.viewer` answers as the signed-in user of the request, with core's own ticket-visibility
// rule and LGPD masking. A board or side panel that shows core data to the user who asked reads it here, never through
// the company-bound ports (which see every ticket and every number) with a copy of the rule.

const listQuery = z.object({ status: z.enum(TICKET_STATUSES).optional() });
const byNumberQuery = z.object({ number: boundedString(1, 50) });
const idParams = z.object({ id: idField });
/** The contacts list's filters but tags (one query string value each): search, channel, connectionId, beforeId, limit. */
const contactListQuery = contactListSchema.omit({ tagIds: true });

/**
 * `/api/tour/viewer/…`: tickets, their messages and contacts exactly as `GET /api/tickets`, `GET /api/messages/:ticketId`
 * and `GET /api/contacts(/:id)` show them to the signed-in user.
 */
export function viewerRoutes(router: TourRouter): void {
  router.get('/tour/viewer/tickets', async (ctx) => {
    const { status } = validate(listQuery, ctx.query);
    ctx.body = { tickets: await ctx.state.deps.viewer.tickets.list({ status, limit: 500 }) };
  });
  router.get('/tour/viewer/tickets/:id', async (ctx) => {
    const { id } = validate(idParams, ctx.params);
    // A ticket this user may not see is null, as core answers them 404: never confirm it exists.
    const ticket = await ctx.state.deps.viewer.tickets.find(id);
    if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND', 404);
    ctx.body = ticket;
  });
  router.get('/tour/viewer/contacts', async (ctx) => {
    const { number } = validate(byNumberQuery, ctx.query);
    const contact = await ctx.state.deps.viewer.contacts.findByNumber(number);
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
    ctx.body = contact;
  });
  router.get('/tour/viewer/contacts/:id', async (ctx) => {
    const { id } = validate(idParams, ctx.params);
    const contact = await ctx.state.deps.viewer.contacts.find(id);
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
    ctx.body = contact;
  });
  router.get('/tour/viewer/contact-list', async (ctx) => {
    ctx.body = { contacts: await ctx.state.deps.viewer.contacts.list(validate(contactListQuery, ctx.query)) };
  });
  // A ticket this user may not see has, to them, no messages: [] (core's route answers 404 there).
  router.get('/tour/viewer/messages', async (ctx) => {
    ctx.body = {
      messages: await ctx.state.deps.viewer.messages.list(validate(messageListSchema, ctx.query)),
    };
  });
  router.get('/tour/viewer/messages/:id', async (ctx) => {
    const { id } = validate(idParams, ctx.params);
    const message = await ctx.state.deps.viewer.messages.find(id);
    if (!message) throw new AppError('ERR_NO_MESSAGE_FOUND', 404);
    ctx.body = message;
  });
}

/**
 * A job has no signed-in user: the viewer door refuses there (403 ERR_NO_PERMISSION, a message saying why). Jobs,
 * subscribers and onBoot read through the company-bound ports instead.
 */
export const viewerJobs: PluginJob<TourDeps>[] = [
  {
    name: 'viewer-outside-a-request',
    handler: async ({ deps }) => {
      await deps.viewer.tickets.list({ status: 'open' });
    },
  },
];
