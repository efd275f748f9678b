import type { ContactDto, TagDto, TicketNoteDto } from '@balcao/sdk';
import { api } from '../../api/http';

/** The contact drawer's calls (spec part 1 §7): toggles, block, tags and ticket notes. */
export const toggleDisableBot = (id: number) =>
  api.put<{ disableBot: boolean }>(`/contacts/toggleDisableBot/${id}`);
export const toggleAcceptAudio = (id: number) =>
  api.put<{ acceptAudioMessage: boolean }>(`/contacts/toggleAcceptAudio/${id}`);
export const setContactActive = (id: number, active: boolean) =>
  api.put<ContactDto>(`/contacts/block/${id}`, { active });

export const fetchTagList = () => api.get<TagDto[]>('/tags/list');
export const syncContactTags = (contactId: number, tagIds: number[]) =>
  api.post('/tags/sync', { contactId, tags: tagIds.map((id) => ({ id })) });

export const fetchTicketNotes = (ticketId: number, contactId: number) =>
  api.get<TicketNoteDto[]>('/ticket-notes/list', { query: { ticketId, contactId } });
export const addTicketNote = (input: { note: string; ticketId: number; contactId: number }) =>
  api.post<TicketNoteDto>('/ticket-notes', input);
export const deleteTicketNote = (id: number) => api.delete(`/ticket-notes/${id}`);
