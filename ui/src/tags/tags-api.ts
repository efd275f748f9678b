import type { TagDto, TagInput } from '@balcao/sdk';
import { api } from '../api/http';
import type { Page } from '../lists/use-paged-list';

/** One page of `GET /api/tags` (20 a page, by name) of ordinary tags (kanban 0), with their contact counts. */
export async function fetchTagPage(
  searchParam: string,
  pageNumber: number,
  signal: AbortSignal,
): Promise<Page<TagDto>> {
  const query = new URLSearchParams({ searchParam, pageNumber: String(pageNumber), kanban: '0' });
  const page = await api.get<{ tags: TagDto[]; hasMore: boolean }>(`/tags?${query}`, { signal });
  return { items: page.tags, hasMore: page.hasMore };
}

export const createTag = (input: TagInput) => api.post<TagDto>('/tags', input);
export const updateTag = (id: number, input: TagInput) => api.put<TagDto>(`/tags/${id}`, input);
export const deleteTag = (id: number) => api.delete(`/tags/${id}`);
