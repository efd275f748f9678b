import type { TicketNoteDto } from '@balcao/sdk';
import type { ITicketNote } from '../tickets/ticket.entity.js';

export function toTicketNoteDto(note: ITicketNote, user: { id: number; name: string } | null): TicketNoteDto {
  return {
    id: note.id,
    note: note.note,
    ticketId: note.ticketId ?? null,
    contactId: note.contactId ?? null,
    user,
    createdAt: note.createdAt.toISOString(),
  };
}
