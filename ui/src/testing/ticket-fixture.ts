import type { TicketDto } from '@balcao/sdk';

/** A ticket for unit tests: pending, unassigned, in no queue, from web chat; `extra` overrides any field. */
export const ticketFixture = (id: number, extra: Partial<TicketDto> = {}): TicketDto => ({
  id,
  uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  status: 'pending',
  isGroup: false,
  isBot: false,
  channel: 'webchat',
  userId: null,
  user: null,
  queueId: null,
  queue: null,
  contactId: id,
  contact: { id, name: `Contact ${id}`, number: `55119000${id}`, urlPicture: null, tags: [] },
  whatsappId: 1,
  whatsapp: { id: 1, name: 'Site', groupAsTicket: 'disabled' },
  lastMessage: 'Olá',
  unreadMessages: 0,
  useIntegration: false,
  tags: [],
  updatedAt: new Date(2026, 0, 1, 10, id).toISOString(),
  createdAt: new Date(2026, 0, 1, 10, 0).toISOString(),
  ...extra,
});
