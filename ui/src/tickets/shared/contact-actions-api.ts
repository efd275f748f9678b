import type { TicketNoteDto } from '@balcao/sdk';
import { api } from '../../api/http';

/** The contact drawer's calls (spec part 1 §7): toggles, tags and ticket notes (block: contacts-api). */
export const toggleDisableBot = (id: number) =>
  api.put<{ disableBot: boolean }>(`/contacts/toggleDisableBot/${id}`);
export const toggleAcceptAudio = (id: number) =>
  api.put<{ acceptAudioMessage: boolean }>(`/contacts/toggleAcceptAudio/${id}`);

export const syncContactTags = (contactId: number, tagIds: number[]) =>
  api.post('/tags/sync', { contactId, tags: tagIds.map((id) => ({ id })) });

export const fetchTicketNotes = (ticketId: number, contactId: number) =>
  api.get<TicketNoteDto[]>('/ticket-notes/list', { query: { ticketId, contactId } });
export const addTicketNote = (input: { note: string; ticketId: number; contactId: number }) =>
  api.post<TicketNoteDto>('/ticket-notes', input);
export const deleteTicketNote = (id: number) => api.delete(`/ticket-notes/${id}`);
