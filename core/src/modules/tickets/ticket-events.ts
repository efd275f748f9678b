import type { EventsPort } from '@balcao/sdk';
import type { TicketState, TransitionKind } from './ticket-transitions.js';

/**
 * The catalogue's events for one transition of a ticket (sdk events.ts), emitted after its commit: always
 * `ticket.updated`, and the finer one the transition is (accepted, transferred, closed, reopened).
 */
export async function emitTransition(
  events: EventsPort,
  t: { companyId: number; id: number },
  kind: TransitionKind,
  before: TicketState,
  after: TicketState,
  /** Who made the change; null for a bot engine. */
  actorId: number | null,
): Promise<void> {
  const base = { companyId: t.companyId, ticketId: t.id };
  await events.emit('ticket.updated', {
    ...base,
    previous: { userId: before.userId, queueId: before.queueId },
  });
  if (kind === 'accept' && after.userId)
    await events.emit('ticket.accepted', { ...base, userId: after.userId });
  else if (kind === 'close' || kind === 'ignore')
    await events.emit('ticket.closed', { ...base, userId: actorId, reason: kind });
  else if (kind === 'reopen') await events.emit('ticket.reopened', { ...base, userId: after.userId });
  else if (kind === 'transferToUser' || kind === 'transferToQueue' || kind === 'returnToQueue')
    await events.emit('ticket.transferred', {
      ...base,
      kind: kind === 'transferToUser' ? 'user' : kind === 'transferToQueue' ? 'queue' : 'return',
      userId: actorId,
      from: { userId: before.userId, queueId: before.queueId },
      to: { userId: after.userId, queueId: after.queueId },
    });
}
