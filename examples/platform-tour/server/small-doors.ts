import { defineJob, definePluginErrors, idField, type PluginJob, validate } from '@balcao/sdk';
import { z } from 'zod';
import type { TourDeps, TourRouter } from './deps.js';

/**
 * Small doors: the tour's own error codes (answered as `tour:ERR_…`, translated from the tour UI's locales), a job
 * whose data is typed by a zod schema, scheduled with an id the plugin may cancel and a key that keeps one reminder
 * per ticket.
 */
export const tourErrors = definePluginErrors('tour', { ERR_REMINDER_TOO_FAR: 422 });

/** How far ahead a reminder may be set: the tour's own rule, refused with its own error code. */
const MAX_DAYS_AHEAD = 30;

const reminderData = z.object({ ticketId: idField, note: z.string().max(200).optional() });

/**
 * What the reminders of this process did, per company: the tour has no table of its own, a real plugin would write
 * its rows here (and remove them on `company.deleted`).
 */
const sent = new Map<number, { ticketId: number; note: string | null }[]>();

export const smallDoorsJobs: PluginJob<TourDeps>[] = [
  defineJob({
    name: 'remind',
    data: reminderData,
    // `data` is typed from the schema: ticketId is a number here, whatever a stored job held.
    handler: async ({ companyId, data, deps }) => {
      const list = sent.get(companyId) ?? [];
      list.push({ ticketId: data.ticketId, note: data.note ?? null });
      sent.set(companyId, list);
      deps.logger.info({ companyId, ticketId: data.ticketId }, 'tour reminder sent');
    },
  }),
];

const reminderInput = z.object({
  ticketId: z.unknown(),
  note: z.unknown().optional(),
  at: z.iso.datetime({ error: 'Invalid date' }).optional(),
  key: z.string().max(200, 'Too Long!').optional(),
});

/** Routes under `/api/tour/small-doors/…`: schedule, send now, cancel, and what was sent. */
export function smallDoors(router: TourRouter): void {
  router.post('/tour/small-doors/reminders', async (ctx) => {
    const { companyId, deps } = ctx.state;
    const input = validate(reminderInput, ctx.request.body);
    const at = input.at ? new Date(input.at) : new Date(Date.now() + 3_600_000);
    if (at.getTime() - Date.now() > MAX_DAYS_AHEAD * 86_400_000)
      throw tourErrors.raise('ERR_REMINDER_TOO_FAR', { maxDays: MAX_DAYS_AHEAD });
    // The job's schema checks ticketId and note: a bad one is the caller's 400 ERR_VALIDATION.
    const data = { companyId, ticketId: input.ticketId, note: input.note };
    const id = await deps.jobs.schedule(at, 'remind', data, input.key ? { uniqueKey: input.key } : {});
    ctx.status = 201;
    ctx.body = { id };
  });
  router.post('/tour/small-doors/reminders/now', async (ctx) => {
    const { companyId, deps } = ctx.state;
    const { ticketId, note } = (ctx.request.body ?? {}) as { ticketId?: unknown; note?: unknown };
    ctx.status = 201;
    ctx.body = { id: await deps.jobs.now('remind', { companyId, ticketId, note }) };
  });
  router.delete('/tour/small-doors/reminders/:id', async (ctx) => {
    ctx.body = { cancelled: await ctx.state.deps.jobs.cancel(ctx.params.id) };
  });
  router.get('/tour/small-doors/reminders/sent', (ctx) => {
    ctx.body = sent.get(ctx.state.companyId) ?? [];
  });
}
