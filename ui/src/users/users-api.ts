import type { UserCreateInput, UserDto, UserUpdateInput } from '@balcao/sdk';
import { api } from '../api/http';
import type { Page } from '../lists/use-paged-list';

/** One page of `GET /api/users` (20 a page, by name), optionally only names or e-mails containing `searchParam`. */
export async function fetchUserPage(
  searchParam: string,
  pageNumber: number,
  signal?: AbortSignal,
): Promise<Page<UserDto>> {
  const query = new URLSearchParams({ searchParam, pageNumber: String(pageNumber) });
  const page = await api.get<{ users: UserDto[]; count: number; hasMore: boolean }>(`/users?${query}`, {
    signal,
  });
  return { items: page.users, count: page.count, hasMore: page.hasMore };
}

export const createUser = (input: UserCreateInput) => api.post<UserDto>('/users', input);
export const updateUser = (id: number, input: UserUpdateInput) => api.put<UserDto>(`/users/${id}`, input);
export const deleteUser = (id: number) => api.delete(`/users/${id}`);
