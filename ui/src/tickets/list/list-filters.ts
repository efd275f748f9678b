import type { SessionUserDto } from '@balcao/sdk';
import type { SearchFilters } from '../shared/ticket-store';
import type { ListFilter } from './list-rules';

export type MainTab = 'open' | 'closed' | 'search';
export type OpenTab = 'open' | 'pending' | 'group';

/**
 * Spec part 1 §6: Show all is for who sees all tickets (admins, allTicket and allowGroup users); on Pending only for
 * admins; in search a user profile never uses it.
 */
export function canShowAll(user: SessionUserDto, tab: MainTab, openTab: OpenTab): boolean {
  const admin = user.profile === 'admin';
  if (tab === 'search' || (tab === 'open' && openTab === 'pending')) return admin;
  return admin || user.allTicket === 'enable' || user.allowGroup;
}

/** The filter of each list the panel shows. */
export function listFilters(
  user: SessionUserDto,
  queueIds: number[],
  showAll: boolean,
  searchParam: string,
  search?: SearchFilters,
): Record<OpenTab | 'closed' | 'search', ListFilter> {
  const base = (tab: MainTab, openTab: OpenTab = 'open') => ({
    queueIds,
    searchParam: '',
    showAll: showAll && canShowAll(user, tab, openTab),
  });
  return {
    open: { ...base('open'), status: 'open' },
    pending: { ...base('open', 'pending'), status: 'pending' },
    group: { ...base('open', 'group'), status: 'group' },
    closed: { ...base('closed'), status: 'closed' },
    search: { ...base('search'), searchParam, ...(search ? searchFilterParams(user, search) : {}) },
  };
}

/** The panel's choices as list filter fields; the attendant filter is for admins only (spec part 1 §2). */
export function searchFilterParams(
  user: SessionUserDto,
  f: SearchFilters,
): Pick<ListFilter, 'tagIds' | 'whatsappIds' | 'userIds' | 'statuses'> {
  const out: Pick<ListFilter, 'tagIds' | 'whatsappIds' | 'userIds' | 'statuses'> = {};
  if (f.tagIds.length) out.tagIds = f.tagIds;
  if (f.whatsappIds.length) out.whatsappIds = f.whatsappIds;
  if (f.userIds.length && user.profile === 'admin') out.userIds = f.userIds;
  if (f.status) out.statuses = [f.status];
  return out;
}
