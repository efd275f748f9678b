import type { AnnouncementDto, AnnouncementInput, AnnouncementPage, AnnouncementsSeenDto } from '@balcao/sdk';
import { api } from '../api/http';
import type { Page } from '../lists/use-paged-list';

/** One page of `GET /api/announcements` (20 a page, newest first). */
export async function fetchAnnouncementPage(
  searchParam: string,
  pageNumber: number,
  signal?: AbortSignal,
): Promise<Page<AnnouncementDto>> {
  const query = new URLSearchParams({ searchParam, pageNumber: String(pageNumber) });
  const page = await api.get<AnnouncementPage>(`/announcements?${query}`, { signal });
  return { items: page.records, hasMore: page.hasMore };
}

export const createAnnouncement = (input: AnnouncementInput) =>
  api.post<AnnouncementDto>('/announcements', input);
export const updateAnnouncement = (id: number, input: AnnouncementInput) =>
  api.put<AnnouncementDto>(`/announcements/${id}`, input);
export const deleteAnnouncement = (id: number) => api.delete(`/announcements/${id}`);

/** `POST /api/announcements/{id}/media-upload` with the spec's typeArch and the image in `file`. */
export function uploadAnnouncementImage(id: number, file: File) {
  const form = new FormData();
  form.append('typeArch', 'announcements');
  form.append('file', file);
  return api.post<AnnouncementDto>(`/announcements/${id}/media-upload`, form);
}
export const removeAnnouncementImage = (id: number) =>
  api.delete<AnnouncementDto>(`/announcements/${id}/media-upload`);

/** The image, read with the session's token (it is served to signed-in users only). */
export const fetchAnnouncementImage = (id: number, signal?: AbortSignal) =>
  api.blob(`/announcements/${id}/media`, { signal });

/** When the user last opened the announcements, and marking them seen now (the top bar's unread badge). */
export const fetchAnnouncementsSeen = (signal?: AbortSignal) =>
  api.get<AnnouncementsSeenDto>('/announcements/seen', { signal });
export const markAnnouncementsSeen = () => api.post<AnnouncementsSeenDto>('/announcements/seen');
