import { createContext, useContext } from 'react';
import type { ConnectionDto, ContactDto, QueueDto, TicketDto } from '../dto-attendance.js';

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

/** One field of the connection dialog's form, as a `connection.dialog.tabs` fill edits it. */
export interface SlotFormField {
  value: string;
  onChange(value: string): void;
  /** The field's error (translated), from the dialog's validation or the server's answer. */
  error: string | undefined;
  intent: 'none' | 'danger';
  /** While the dialog saves. */
  disabled: boolean;
}

/** The connection dialog's form around its plugin tabs: a field by name (the shell provides it). */
export const SlotConnectionFormContext = createContext<((name: string) => SlotFormField) | null>(null);

/**
 * A field of the connection being edited, in a `connection.dialog.tabs` fill that declares it in `fields`: the tab edits
 * it, the dialog saves it with the rest (and opens the tab when the field has an error). Throws elsewhere.
 * @example const origins = useSlotConnectionField('embedOrigins'); <TextArea value={origins.value} onChange={(e) => origins.onChange(e.target.value)} />
 */
export function useSlotConnectionField(name: string): SlotFormField {
  const field = useContext(SlotConnectionFormContext);
  if (!field) throw new Error('useSlotConnectionField must be used inside the connection dialog slot');
  return field(name);
}

/** The queue around a `queue.dialog.tabs` slot (null while it is being created). @example <SlotQueueContext.Provider value={queue}>…</SlotQueueContext.Provider> */
export const SlotQueueContext = createContext<QueueDto | null | undefined>(undefined);

/**
 * The queue edited, in a `queue.dialog.tabs` slot: null for a queue not yet created (its settings can be saved once
 * it exists, by the plugin's own routes); throws elsewhere.
 * @example const queue = useSlotQueue(); if (!queue) return <p>{t('tour:saveFirst')}</p>
 */
export function useSlotQueue(): QueueDto | null {
  const queue = useContext(SlotQueueContext);
  if (queue === undefined) throw new Error('useSlotQueue must be used inside the queue dialog slot');
  return queue;
}
