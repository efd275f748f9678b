import type { TenantJobData } from '@balcao/sdk';
import type { Cradle } from '../../kernel/container.js';
import type { ModuleJob } from '../../kernel/module.js';
import { withTicketLease } from '../bots/bot-dispatch.js';
import { connectionFacts } from '../connections/connection-facts.js';
import { type ITicket, Ticket } from '../tickets/ticket.entity.js';
import { closeWaiting, sendCompletion } from './rating-transitions.js';

/** The job's local name; the module makes it `automation:rating-expiry`. */
const JOB = 'rating-expiry';
const JOB_NAME = `automation:${JOB}`;

/** When, on the machine's clock, the kernel clock reaches `at` (the same instant unless a test moved the clock). */
const machineTimeOf = (scope: Cradle, at: Date) =>
  new Date(Date.now() + Math.max(0, at.getTime() - scope.clock.now().getTime()));

/**
 * `expiresTicketNPS` minutes after the ask, the wait ends (peer §5.1 GB's NPS expiry): an agenda job per ask, stored
 * in the database, so it fires after a restart or on another worker. It names the ask (`askedAt`): a ticket answered,
 * closed or asked again meanwhile is left alone.
 */
export async function scheduleRatingExpiry(
  scope: Cradle,
  ticket: ITicket,
  askedAt: Date,
  minutes: number,
): Promise<void> {
  const dueAt = new Date(askedAt.getTime() + minutes * 60_000);
  await scope.jobsHost.schedule(machineTimeOf(scope, dueAt), JOB_NAME, {
    companyId: ticket.companyId,
    ticketId: ticket.id,
    askedAt: askedAt.toISOString(),
    dueAt: dueAt.toISOString(),
  });
}

/**
 * The timer fired: under the ticket's lease (an answer being read meanwhile goes first), a ticket still waiting for
 * that ask gets the connection's complationMessage and closes without rating (log 'autoClose'). Early by the kernel
 * clock (a test's clock that did not move), it waits again for the rest.
 */
async function expire(scope: Cradle, companyId: number, data: TenantJobData): Promise<void> {
  const ticketId = Number(data.ticketId);
  await withTicketLease(scope.em.getConnection(), ticketId, async () => {
    const ticket = await scope.em.findOne(Ticket, { id: ticketId, companyId });
    if (ticket?.status !== 'nps' || ticket.ratingAskedAt?.toISOString() !== data.askedAt) return;
    const dueAt = new Date(String(data.dueAt));
    if (scope.clock.now() < dueAt) {
      await scope.jobsHost.schedule(machineTimeOf(scope, dueAt), JOB_NAME, data);
      return;
    }
    await scope.ticketRatings.withdraw(companyId, ticketId);
    await sendCompletion(scope, ticket, await connectionFacts(scope, companyId, ticket.whatsappId));
    await closeWaiting(scope, ticket, 'autoClose');
  });
}

export const ratingExpiryJob: ModuleJob = {
  name: JOB,
  handler: ({ companyId, data, scope }) => expire(scope, companyId, data),
};
