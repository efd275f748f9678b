import { createContext, useContext } from 'react';
import type { ConnectionDto, ContactDto, TicketDto } from '../dto-attendance.js';

/** The ticket around a `ticket.header.actions` slot (the shell provides it). @example <SlotTicketContext.Provider value={ticket}>…</SlotTicketContext.Provider> */
export const SlotTicketContext = createContext<TicketDto | null>(null);
/** The contact around a `contact.drawer.sections` slot. @example <SlotContactContext.Provider value={contact}>…</SlotContactContext.Provider> */
export const SlotContactContext = createContext<ContactDto | null>(null);
/** The connection around a `connection.dialog.tabs` slot (null while it is being created). @example <SlotConnectionContext.Provider value={connection}>…</SlotConnectionContext.Provider> */
export const SlotConnectionContext = createContext<ConnectionDto | null | undefined>(undefined);

/** The open ticket, in a `ticket.header.actions` slot; throws elsewhere. @example const ticket = useSlotTicket() */
export function useSlotTicket(): TicketDto {
  const ticket = useContext(SlotTicketContext);
  if (!ticket) throw new Error('useSlotTicket must be used inside the ticket header slot');
  return ticket;
}

/** The contact shown, in a `contact.drawer.sections` slot; throws elsewhere. @example const { name } = useSlotContact() */
export function useSlotContact(): ContactDto {
  const contact = useContext(SlotContactContext);
  if (!contact) throw new Error('useSlotContact must be used inside the contact drawer slot');
  return contact;
}

/**
 * The connection edited, in a `connection.dialog.tabs` slot: null for a connection not yet created; throws elsewhere.
 * @example const connection = useSlotConnection(); if (!connection) return <p>{t('saveFirst')}</p>
 */
export function useSlotConnection(): ConnectionDto | null {
  const connection = useContext(SlotConnectionContext);
  if (connection === undefined)
    throw new Error('useSlotConnection must be used inside the connection dialog slot');
  return connection;
}
