import type {
  CloseAllResult,
  ConnectionDto,
  ContactDto,
  MessageDto,
  QueueDto,
  TagDto,
  TicketDto,
  TicketLogDto,
  TicketUpdateInput,
  VCardInput,
} from '@balcao/sdk';
import { api } from '../../api/http';
import type { ListFilter, ListState } from '../list/list-rules';

const jsonList = (values: readonly unknown[] | undefined) =>
  values?.length ? JSON.stringify(values) : undefined;

/** `GET /api/tickets`: one page of a list, counted by the server. */
export function fetchTickets(filter: ListFilter, pageNumber: number, signal?: AbortSignal) {
  return api.get<ListState>('/tickets', {
    signal,
    query: {
      pageNumber,
      status: filter.status,
      searchParam: filter.searchParam.trim() || undefined,
      showAll: filter.showAll ? 'true' : undefined,
      queueIds: filter.queueIds.length ? JSON.stringify(filter.queueIds) : undefined,
      tags: jsonList(filter.tagIds),
      whatsappIds: jsonList(filter.whatsappIds),
      users: jsonList(filter.userIds),
      statusFilter: jsonList(filter.statuses),
    },
  });
}

export const fetchTicketByUuid = (uuid: string) => api.get<TicketDto>(`/tickets/u/${uuid}`);
export const fetchTicket = (id: number) => api.get<TicketDto>(`/tickets/${id}`);
export const updateTicket = (id: number, input: TicketUpdateInput) =>
  api.put<TicketDto>(`/tickets/${id}`, input);
export const deleteTicket = (id: number) => api.delete(`/tickets/${id}`);
export const createTicket = (input: {
  contactId: number;
  queueId: number | null;
  whatsappId: number | null;
}) => api.post<TicketDto>('/tickets', { ...input, status: 'open' });
/** Close all: how many closed, and those left open because their contact lacks the required tag. */
export const closeAllTickets = (status: 'open' | 'pending' | 'group', queueIds: number[]) =>
  api.post<CloseAllResult>('/tickets/closeAll', { status, queueIds });
export const fetchTicketLogs = (id: number) => api.get<TicketLogDto[]>(`/tickets-log/${id}`);

/** Spec part 1 §7: `pageNumber` and `selectedQueues` (JSON), left out when no queue is chosen (every message). */
export const fetchMessages = (
  ticketId: number,
  pageNumber: number,
  queueIds: readonly number[],
  signal?: AbortSignal,
) =>
  api.get<{ messages: MessageDto[]; hasMore: boolean }>(`/messages/${ticketId}`, {
    signal,
    query: { pageNumber, selectedQueues: queueIds.length ? JSON.stringify(queueIds) : undefined },
  });
export const sendMessage = (
  ticketId: number,
  input: { body: string; isPrivate: boolean; signMessage: boolean; quotedMsg: { id: number } | null },
) => api.post<MessageDto>(`/messages/${ticketId}`, input);
export const deleteMessage = (id: number) => api.delete(`/messages/${id}`);
/** The attendant's reaction to a message (one emoji; '' takes it off): answers the stored reaction. */
export const reactToMessage = (id: number, emoji: string) =>
  api.post<MessageDto>(`/messages/${id}/reactions`, { emoji });
/** Queues again a message whose delivery failed for good. */
export const retryMessage = (id: number) => api.post(`/messages/${id}/retry`);

/** Multipart: one message per file; the caption goes on the first. `voiceNote`: a recording from the composer. */
export function sendMedia(
  ticketId: number,
  files: File[],
  input: { body: string; isPrivate: boolean; signMessage: boolean; voiceNote?: boolean },
) {
  const form = new FormData();
  for (const file of files) form.append('medias', file, file.name);
  form.append('body', input.body);
  form.append('isPrivate', String(input.isPrivate));
  form.append('signMessage', String(input.signMessage));
  if (input.voiceNote) form.append('voiceNote', 'true');
  return api.post<MessageDto[]>(`/messages/${ticketId}`, form);
}

/** A contact card of a stored contact (by id) or of a typed name and number. */
export const sendContactCard = (ticketId: number, vCard: VCardInput) =>
  api.post<MessageDto>(`/messages/${ticketId}`, { vCard, isPrivate: false });

export const forwardMessage = (input: { messageId: number; contactId: number; signMessage: boolean }) =>
  api.post<MessageDto>('/message/forward', input);

export const fetchQueues = () => api.get<QueueDto[]>('/queue');
/** The company's connections; with a contact, only those that can reach it (its channel's declared reach). */
export const fetchConnections = (contactId?: number) =>
  api.get<ConnectionDto[]>(contactId === undefined ? '/whatsapp' : `/whatsapp?contactId=${contactId}`);
export const fetchTagList = () => api.get<TagDto[]>('/tags/list');
export const fetchUserList = () => api.get<{ id: number; name: string }[]>('/users/list');

/** `GET /api/contacts?searchParam=`: the first page of matching contacts. */
export const searchContacts = (searchParam: string, signal?: AbortSignal) =>
  api
    .get<{ contacts: ContactDto[] }>('/contacts', { signal, query: { searchParam } })
    .then((r) => r.contacts);

export const fetchContact = (id: number) => api.get<ContactDto>(`/contacts/${id}`);
