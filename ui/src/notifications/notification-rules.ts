import type { MessageDto, SessionUserDto, TicketDto } from '@balcao/sdk';
import { MESSAGE_FRAME, readFrame } from '@balcao/sdk';

/** Who the bell is for, as the notification rules need it (spec part 1 §4 "Live updates", §6). */
export interface NotifyViewer {
  id: number;
  queueIds: number[];
  allTicket: boolean;
}

export const notifyViewerOf = (user: SessionUserDto): NotifyViewer => ({
  id: user.id,
  queueIds: user.queues.map((q) => q.id),
  allTicket: user.allTicket === 'enable',
});

/** A `company-{id}-appMessage` create event, the only one that adds to the bell. */
export interface MessageCreated {
  message: MessageDto;
  ticket: TicketDto;
}

export function parseMessageCreated(data: unknown): MessageCreated | null {
  const frame = readFrame(MESSAGE_FRAME, data);
  return frame?.action === 'create' ? { message: frame.message, ticket: frame.ticket } : null;
}

type TicketFacts = Pick<TicketDto, 'status' | 'userId' | 'queueId'>;

/**
 * The ticket half of the rules: it belongs to the viewer or to nobody; it is in one of the viewer's queues or the
 * viewer has none; pending tickets count only with allTicket enabled. Closed tickets, and those waiting for their rating
 * or the contact's LGPD consent, are never waiting for anyone.
 */
export function ticketConcernsViewer(ticket: TicketFacts, viewer: NotifyViewer): boolean {
  // A ticket waiting for its rating (nps) is the automation's: its answer waits for no one either.
  // Nor one waiting for the contact's LGPD consent: the automation reads the answer.
  if (ticket.status === 'closed' || ticket.status === 'nps' || ticket.status === 'lgpd') return false;
  if (ticket.userId !== null && ticket.userId !== viewer.id) return false;
  if (viewer.queueIds.length > 0 && (ticket.queueId === null || !viewer.queueIds.includes(ticket.queueId)))
    return false;
  if (ticket.status === 'pending' && !viewer.allTicket) return false;
  return true;
}

/** Spec: a new incoming message adds its ticket if it is not from me, not already read (or pending), and the ticket concerns me. */
export function shouldNotify(event: MessageCreated, viewer: NotifyViewer): boolean {
  const { message, ticket } = event;
  if (message.fromMe) return false;
  if (message.read && ticket.status !== 'pending') return false;
  return ticketConcernsViewer(ticket, viewer);
}

/**
 * Spec: a desktop notification (and its sound) is shown unless the viewer is looking at that ticket, the ticket
 * belongs to someone else, or it is a group.
 */
export function shouldAlert(
  ticket: Pick<TicketDto, 'uuid' | 'userId' | 'isGroup'>,
  viewer: NotifyViewer,
  viewingUuid: string | null,
): boolean {
  if (viewingUuid !== null && viewingUuid === ticket.uuid) return false;
  if (ticket.userId !== null && ticket.userId !== viewer.id) return false;
  return !ticket.isGroup;
}

/** The first load (`GET /tickets?withUnreadMessages=true`), kept to what the same rules would have added live. */
export function initialNotifications(tickets: TicketDto[], viewer: NotifyViewer): TicketDto[] {
  return tickets.filter((t) => t.unreadMessages > 0 && ticketConcernsViewer(t, viewer));
}

/** Adds (or refreshes) a ticket at the top: the newest message first. */
export function addNotification(list: TicketDto[], ticket: TicketDto): TicketDto[] {
  return [ticket, ...list.filter((t) => t.id !== ticket.id)];
}

/** `updateUnread` or `delete` of a ticket. */
export function removeNotification(list: TicketDto[], ticketId: number): TicketDto[] {
  return list.some((t) => t.id === ticketId) ? list.filter((t) => t.id !== ticketId) : list;
}

/** What changes the bell live: a message that passes shouldNotify adds; a ticket's delete or updateUnread removes. */
export type NotificationEvent = { action: 'add'; ticket: TicketDto } | { action: 'remove'; ticketId: number };

export function applyNotificationEvent(list: TicketDto[], event: NotificationEvent): TicketDto[] {
  return event.action === 'add'
    ? addNotification(list, event.ticket)
    : removeNotification(list, event.ticketId);
}

/**
 * The first load has arrived: it replaces the list, then the events heard while it was on its way are applied
 * again, in order. The server may have read the list before those changes were committed, and it must not undo them
 * (a ticket added live would vanish, a ticket read meanwhile would come back). Events the list already reflects
 * change nothing but the order: a ticket added again goes to the top, as its newest message.
 */
export function notificationsLoaded(
  loaded: TicketDto[],
  viewer: NotifyViewer,
  heardMeanwhile: readonly NotificationEvent[],
): TicketDto[] {
  return heardMeanwhile.reduce(applyNotificationEvent, initialNotifications(loaded, viewer));
}

/** The tab title with the count in front, e.g. "(3) Balcão"; the bare title when there is nothing. */
export function titleWithCount(baseTitle: string, count: number): string {
  return count > 0 ? `(${count}) ${baseTitle}` : baseTitle;
}
