import type { UserCreateInput, UserDto, UserUpdateInput } from '@balcao/sdk';
import { api } from '../api/http';

export interface UserPage {
  users: UserDto[];
  count: number;
  hasMore: boolean;
}

/** One page of `GET /api/users` (20 a page, by name), optionally only names or e-mails containing `searchParam`. */
export const fetchUserPage = (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
  api.get<UserPage>(`/users?${new URLSearchParams({ searchParam, pageNumber: String(pageNumber) })}`, {
    signal,
  });

export const createUser = (input: UserCreateInput) => api.post<UserDto>('/users', input);
export const updateUser = (id: number, input: UserUpdateInput) => api.put<UserDto>(`/users/${id}`, input);
export const deleteUser = (id: number) => api.delete(`/users/${id}`);
