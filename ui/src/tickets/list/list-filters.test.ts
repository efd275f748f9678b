import type { SessionUserDto } from '@balcao/sdk';
import { describe, expect, it } from 'vitest';
import { EMPTY_SEARCH_FILTERS } from '../shared/ticket-store';
import { canShowAll, listFilters } from './list-filters';

const user = (profile: 'admin' | 'user', allTicket: 'enable' | 'disable' = 'disable', allowGroup = false) =>
  ({ id: 1, profile, allTicket, allowGroup, queues: [] }) as unknown as SessionUserDto;

describe('Show all permission', () => {
  it('is for admins everywhere', () => {
    expect(canShowAll(user('admin'), 'open', 'pending')).toBe(true);
    expect(canShowAll(user('admin'), 'search', 'open')).toBe(true);
  });

  it('is for allTicket users except on Pending and in search', () => {
    const all = user('user', 'enable');
    expect(canShowAll(all, 'open', 'open')).toBe(true);
    expect(canShowAll(all, 'closed', 'open')).toBe(true);
    expect(canShowAll(all, 'open', 'pending')).toBe(false);
    expect(canShowAll(all, 'search', 'open')).toBe(false);
    expect(canShowAll(user('user'), 'open', 'open')).toBe(false);
  });

  it('"users with allTicket enable or allowGroup, see all loaded tickets": allowGroup users get it as allTicket ones do', () => {
    const groups = user('user', 'disable', true);
    expect(canShowAll(groups, 'open', 'open')).toBe(true);
    expect(canShowAll(groups, 'open', 'group')).toBe(true);
    expect(canShowAll(groups, 'closed', 'open')).toBe(true);
    expect(canShowAll(groups, 'open', 'pending')).toBe(false);
    expect(canShowAll(groups, 'search', 'open')).toBe(false);
  });

  it('never reaches a list the user may not widen', () => {
    const filters = listFilters(user('user', 'enable'), [2], true, 'ana');
    expect(filters.open).toMatchObject({ status: 'open', showAll: true, queueIds: [2], searchParam: '' });
    expect(filters.pending.showAll).toBe(false);
    expect(filters.search).toEqual({ queueIds: [2], showAll: false, searchParam: 'ana' });
  });
});

describe('Search tab filter params', () => {
  const chosen = {
    ...EMPTY_SEARCH_FILTERS,
    tagIds: [4],
    whatsappIds: [2],
    userIds: [9],
    status: 'closed' as const,
  };

  it('reach the search list only', () => {
    const filters = listFilters(user('admin'), [], false, '', chosen);
    expect(filters.search).toMatchObject({
      tagIds: [4],
      whatsappIds: [2],
      userIds: [9],
      statuses: ['closed'],
    });
    expect(filters.open.tagIds).toBeUndefined();
  });

  it('the attendant filter is for admins only', () => {
    expect(listFilters(user('user'), [], false, '', chosen).search.userIds).toBeUndefined();
  });

  it('empty choices add nothing', () => {
    expect(listFilters(user('admin'), [], false, '', EMPTY_SEARCH_FILTERS).search).toEqual({
      queueIds: [],
      showAll: false,
      searchParam: '',
    });
  });
});
