import { CONTACT_FRAME, MESSAGE_FRAME, readFrame, type TicketDto } from '@balcao/sdk';
import { type ListEvent, withContact } from '../list/list-rules';

/**
 * Another version of the open ticket (a live update, or the server's answer to a read): it replaces the shown one
 * unless it is older by updatedAt, so a read answered before a change was committed never undoes that change. A
 * version of another ticket changes nothing.
 */
export function fresherTicket(shown: TicketDto, incoming: TicketDto): TicketDto {
  if (incoming.id !== shown.id) return shown;
  return Date.parse(incoming.updatedAt) < Date.parse(shown.updatedAt) ? shown : incoming;
}

/**
 * The open ticket has loaded: the ticket and contact events heard while it was on its way are applied after it, in
 * order, the fresher version winning (a contact's save is applied again: the server may have read the ticket before
 * it). A delete of it or of its contact heard meanwhile asks for a check with the server (`recheck`), as a live one
 * does: the server also sends one right before the update of a transition the viewer may still see.
 */
export function ticketLoaded(
  loaded: TicketDto,
  heardMeanwhile: readonly ListEvent[],
): { ticket: TicketDto; recheck: boolean } {
  let ticket = loaded;
  let recheck = false;
  for (const event of heardMeanwhile) {
    if (event.action === 'update') ticket = fresherTicket(ticket, event.ticket);
    else if (event.action === 'contactUpdate') ticket = withContact(ticket, event.contact);
    else if (event.action === 'delete' && event.ticketId === loaded.id) recheck = true;
    else if (event.action === 'contactDelete' && event.contactId === loaded.contactId) recheck = true;
  }
  return { ticket, recheck };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a /tickets/:ticketId link can name a ticket at all: anything but a uuid is a ticket not found, unasked. */
export function isTicketUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * Whether a `company-{id}-contact` frame is a merge of the open ticket's contact (`contactId`), as the one left or the
 * one that went: its messages and contact details moved, so the conversation and the drawer read them again.
 * @example mergeConcerns({ action: 'merged', contactId: 4, mergedContactId: 9 }, 9) // true
 */
export function mergeConcerns(data: unknown, contactId: number | null): boolean {
  const frame = readFrame(CONTACT_FRAME, data);
  if (frame?.action !== 'merged' || contactId === null) return false;
  return frame.contactId === contactId || frame.mergedContactId === contactId;
}

/**
 * Whether a `company-{id}-appMessage` frame asks the open ticket's conversation (`ticketId`) to read its messages again
 * (`reload`, event `ticket.messages.changed`: a merge named a group member by their number instead of their LID).
 * @example reloadConcerns({ action: 'reload', ticketId: 7 }, 7) // true
 */
export function reloadConcerns(data: unknown, ticketId: number | null): boolean {
  const frame = readFrame(MESSAGE_FRAME, data);
  return frame?.action === 'reload' && ticketId !== null && frame.ticketId === ticketId;
}
