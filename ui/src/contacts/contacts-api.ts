import type {
  ContactDto,
  ContactInput,
  ContactSheetRowDto,
  ContactSheetRowsDto,
  PhoneImportSummaryDto,
  TagDto,
} from '@balcao/sdk';
import { ApiError, toApiError } from '../api/api-error';
import { api } from '../api/http';
import { readToken } from '../api/token-storage';
import type { RowOutcome } from './import-runner';

/** What the contacts screen filters by: the search text and the chosen tags. */
export interface ContactFilter {
  searchParam: string;
  tagIds: number[];
}

export interface ContactPage {
  contacts: ContactDto[];
  hasMore: boolean;
  count: number;
  /** A search's count stopped at CONTACT_COUNT_CAP (`count`): more contacts match, shown as "100+". */
  countCapped: boolean;
}

const filterQuery = (f: ContactFilter) => ({
  searchParam: f.searchParam.trim() || undefined,
  contactTag: f.tagIds.length ? JSON.stringify(f.tagIds) : undefined,
});

/** `GET /api/contacts`: one page of 20, counted by the server (a search up to CONTACT_COUNT_CAP). */
export const fetchContactPage = (f: ContactFilter, pageNumber: number, signal?: AbortSignal) =>
  api.get<ContactPage>('/contacts', { signal, query: { ...filterQuery(f), pageNumber } });

export const createContact = (input: ContactInput) => api.post<ContactDto>('/contacts', input);
/** An edit; a number left out stays as stored (a viewer who sees it masked cannot change it). */
export const updateContact = (id: number, input: Omit<ContactInput, 'number'> & { number?: string }) =>
  api.put<ContactDto>(`/contacts/${id}`, input);
export const deleteContact = (id: number) => api.delete(`/contacts/${id}`);
/** Blocks (`active` false) or unblocks the contact. */
export const setContactActive = (id: number, active: boolean) =>
  api.put<ContactDto>(`/contacts/block/${id}`, { active });
export const fetchTags = () => api.get<TagDto[]>('/tags/list');
export const createTag = (input: { name: string; color: string }) => api.post<TagDto>('/tags', input);

/** `POST /api/contacts/upload/rows`: the sheet's rows, read by the server and not imported. */
export function readSpreadsheetRows(file: File): Promise<ContactSheetRowsDto> {
  const form = new FormData();
  form.append('file', file);
  return api.post<ContactSheetRowsDto>('/contacts/upload/rows', form);
}

/**
 * `POST /api/contactsImport` of one sheet row: 201 created it, 200 updated the contact with that number; a refusal
 * naming fields (a bad row) is that row's outcome, anything else is thrown.
 */
export async function postContactRow(row: ContactSheetRowDto): Promise<RowOutcome> {
  try {
    const { status } = await api.postWithStatus<ContactDto>('/contactsImport', {
      name: row.name,
      number: row.number,
      email: row.email,
    });
    return { kind: status === 201 ? 'created' : 'updated' };
  } catch (err) {
    if (!(err instanceof ApiError) || err.fields.length === 0) throw err;
    return { kind: 'failed', problems: err.fields.map((f) => ({ field: f.path, message: f.message })) };
  }
}

/** `POST /api/contacts/import`: the default connection's address book; contacts already here are left as they are. */
export const importFromPhone = () => api.post<PhoneImportSummaryDto>('/contacts/import');

/**
 * Downloads `GET /api/contacts/export` for the current filter. A plain link cannot carry the bearer token, so the
 * file is fetched with it and handed to the browser as a blob.
 */
export async function downloadContactsExport(f: ContactFilter): Promise<void> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filterQuery(f))) if (v) params.set(k, v);
  const token = readToken();
  const res = await fetch(`/api/contacts/export${params.size ? `?${params}` : ''}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!res.ok) throw await toApiError(res);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'contacts.xlsx';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
