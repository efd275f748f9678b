import type { ConnectionDto, ConnectionInput } from '@balcao/sdk';
import { api } from '../api/http';

// Spec part 1 §7: connections of every channel live under `/whatsapp`. The list is `fetchConnections` (tickets-api).

export const createConnection = (input: ConnectionInput) => api.post<ConnectionDto>('/whatsapp', input);
/** The channel cannot change once created; the server ignores it on update. */
export const updateConnection = (id: number, input: Omit<ConnectionInput, 'channel'>) =>
  api.put<ConnectionDto>(`/whatsapp/${id}`, input);
/** One connection, read again (its token: realtime events never carry it). */
export const fetchConnection = (id: number) => api.get<ConnectionDto>(`/whatsapp/${id}`);
export const deleteConnection = (id: number) => api.delete(`/whatsapp/${id}`);

/** The session commands of the connections screen (spec part 1 §7 `whatsappsession`); statuses follow on the socket. */
const SESSION_METHODS = { retry: 'post', newQr: 'put', disconnect: 'delete' } as const;
export type SessionCommand = keyof typeof SESSION_METHODS;
export const sessionCommand = (id: number, command: SessionCommand) =>
  api[SESSION_METHODS[command]](`/whatsappsession/${id}`);
/** Restarts every session of the company (`POST /whatsapp-restart`). */
export const restartConnections = () => api.post('/whatsapp-restart');
/** Closes the imported tickets a finished history import left open (`POST /closedimported/{id}`). */
export const closeImportedTickets = (id: number) => api.post<{ closed: number }>(`/closedimported/${id}`);
/** The greeting's media (`POST /api/whatsapp/{id}/media-upload`, the file in `file`). */
export function uploadGreetingMedia(id: number, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<ConnectionDto>(`/whatsapp/${id}/media-upload`, form);
}
export const removeGreetingMedia = (id: number) => api.delete<ConnectionDto>(`/whatsapp/${id}/media-upload`);
