import type { TicketDto } from '@balcao/sdk';
import { describe, expect, it } from 'vitest';
import { ticketFixture } from '../../testing/ticket-fixture';
import {
  appendPage,
  applyTicketDelete,
  applyTicketUpdate,
  applyUnreadCleared,
  compareTickets,
  countBadge,
  EMPTY_LIST,
  type ListFilter,
  type ListState,
  matchesList,
  matchesSearchFilters,
  pageArrived,
  type Viewer,
} from './list-rules';

const ticket = ticketFixture;

const attendant: Viewer = { id: 7, isAdmin: false, allTicket: false, allowGroup: false, queueIds: [1] };
const admin: Viewer = { id: 1, isAdmin: true, allTicket: false, allowGroup: false, queueIds: [] };
const pending: ListFilter = { status: 'pending', queueIds: [], searchParam: '', showAll: false };
const stateOf = (tickets: TicketDto[], hasMore = false): ListState => ({
  tickets,
  count: tickets.length,
  hasMore,
});

describe('matchesList', () => {
  it('keeps a list to its status and selected queues', () => {
    expect(matchesList(ticket(1), pending, attendant)).toBe(true);
    expect(matchesList(ticket(1, { status: 'open', userId: 7 }), pending, attendant)).toBe(false);
    const vendas = { ...pending, queueIds: [1] };
    expect(matchesList(ticket(1, { queueId: 1 }), vendas, attendant)).toBe(true);
    expect(matchesList(ticket(1, { queueId: 2 }), vendas, attendant)).toBe(false);
    expect(matchesList(ticket(1), vendas, attendant)).toBe(false);
  });

  it("hides another attendant's tickets and other queues from an ordinary user", () => {
    expect(matchesList(ticket(1, { userId: 9, status: 'pending' }), pending, attendant)).toBe(false);
    expect(matchesList(ticket(1, { queueId: 2 }), pending, attendant)).toBe(false);
  });

  it('shows group tickets only to who may handle groups (allowGroup) or holds them', () => {
    const groups: ListFilter = { ...pending, status: 'group' };
    const group = ticket(1, { status: 'group', isGroup: true });
    expect(matchesList(group, groups, attendant)).toBe(false);
    expect(matchesList(group, groups, { ...attendant, allowGroup: true })).toBe(true);
    expect(matchesList(ticket(1, { status: 'group', isGroup: true, userId: 7 }), groups, attendant)).toBe(
      true,
    );
    expect(matchesList(group, { ...groups, showAll: true }, admin)).toBe(true);
  });

  it('keeps a ticket waiting for its rating (nps) in the Closed tab, out of the Open ones', () => {
    const closed: ListFilter = { ...pending, status: 'closed' };
    const waiting = ticket(1, { status: 'nps', userId: 7 });
    expect(matchesList(waiting, closed, attendant)).toBe(true);
    expect(matchesList(waiting, { ...pending, status: 'open' }, attendant)).toBe(false);
    expect(matchesList(ticket(1, { status: 'nps', userId: 9 }), closed, attendant)).toBe(false);
  });

  it('shows an admin in no queue the customer waiting in any queue under all queues (issue 24)', () => {
    const waiting = ticket(1, { queueId: 2 });
    expect(matchesList(waiting, pending, admin)).toBe(true);
    expect(matchesList(waiting, { ...pending, queueIds: [2] }, admin)).toBe(true);
    expect(matchesList(waiting, { ...pending, queueIds: [3] }, admin)).toBe(false);
    expect(matchesList(ticket(1, { queueId: 2, isGroup: true }), pending, admin)).toBe(false);
    expect(matchesList(waiting, pending, attendant)).toBe(false);
  });

  it('shows an admin everything only with Show all on', () => {
    const other = ticket(1, { userId: 9, queueId: 2 });
    expect(matchesList(other, pending, admin)).toBe(false);
    expect(matchesList(other, { ...pending, showAll: true }, admin)).toBe(true);
    expect(matchesList(other, { ...pending, showAll: true }, attendant)).toBe(false);
  });

  it('"admin, or users with allTicket enable or allowGroup, see all loaded tickets": allowGroup with Show all', () => {
    const open: ListFilter = { ...pending, status: 'open' };
    const others = ticket(1, { status: 'open', userId: 9, queueId: 2 });
    const groups = { ...attendant, allowGroup: true };
    expect(matchesList(others, open, groups)).toBe(false);
    expect(matchesList(others, { ...open, showAll: true }, groups)).toBe(true);
    expect(matchesList(others, { ...open, showAll: true }, { ...attendant, allTicket: true })).toBe(true);
  });

  it("lists a ticket waiting for LGPD consent only in Show all's Pending tab (spec §8)", () => {
    const consent = ticket(1, { status: 'lgpd' });
    expect(matchesList(consent, pending, attendant)).toBe(false);
    expect(matchesList(consent, pending, admin)).toBe(false);
    expect(matchesList(consent, { ...pending, showAll: true }, admin)).toBe(true);
    expect(matchesList(consent, { ...pending, showAll: true }, attendant)).toBe(false);
    expect(matchesList(consent, { ...pending, status: 'open', showAll: true }, admin)).toBe(false);
  });
});

describe('applyTicketUpdate', () => {
  it('adds a new matching ticket at the top and counts it', () => {
    const next = applyTicketUpdate(stateOf([ticket(2), ticket(1)]), ticket(3), pending, attendant);
    expect(next.tickets.map((t) => t.id)).toEqual([3, 2, 1]);
    expect(next.count).toBe(3);
  });

  it('moves an updated ticket to its new place without counting it twice', () => {
    const moved = ticket(1, { updatedAt: new Date(2026, 0, 2).toISOString(), lastMessage: 'new' });
    const next = applyTicketUpdate(stateOf([ticket(3), ticket(2), ticket(1)]), moved, pending, attendant);
    expect(next.tickets.map((t) => t.id)).toEqual([1, 3, 2]);
    expect(next.tickets[0].lastMessage).toBe('new');
    expect(next.count).toBe(3);
  });

  it('puts tickets with unread messages on top even when older', () => {
    const unread = ticket(1, { unreadMessages: 2 });
    const next = applyTicketUpdate(stateOf([ticket(3), ticket(2), ticket(1)]), unread, pending, attendant);
    expect(next.tickets.map((t) => t.id)).toEqual([1, 3, 2]);
  });

  it('removes a ticket that no longer matches (accepted elsewhere, other queue)', () => {
    const accepted = ticket(2, { status: 'open', userId: 9 });
    const next = applyTicketUpdate(stateOf([ticket(3), ticket(2), ticket(1)]), accepted, pending, attendant);
    expect(next.tickets.map((t) => t.id)).toEqual([3, 1]);
    expect(next.count).toBe(2);
  });

  it('ignores a non-matching ticket it does not hold', () => {
    const state = stateOf([ticket(2)]);
    expect(applyTicketUpdate(state, ticket(5, { status: 'closed' }), pending, attendant)).toBe(state);
  });

  it('leaves a ticket that sorts past the loaded pages for paging, but counts it', () => {
    const old = ticket(1, { updatedAt: new Date(2020, 0, 1).toISOString() });
    const next = applyTicketUpdate(stateOf([ticket(3), ticket(2)], true), old, pending, attendant);
    expect(next.tickets.map((t) => t.id)).toEqual([3, 2]);
    expect(next.count).toBe(3);
  });

  it('in search adds only new tickets that match the term, but keeps updating found ones', () => {
    const search: ListFilter = { queueIds: [], searchParam: 'maria', showAll: false };
    const state = stateOf([ticket(2, { contact: { ...ticket(2).contact, name: 'Maria' } })]);
    expect(applyTicketUpdate(state, ticket(3), search, attendant).tickets).toHaveLength(1);
    const maria = ticket(4, { contact: { ...ticket(4).contact, name: 'Ana Maria' } });
    expect(applyTicketUpdate(state, maria, search, attendant).tickets).toHaveLength(2);
    const found = { ...state.tickets[0], lastMessage: 'no match here' };
    expect(applyTicketUpdate(state, found, search, attendant).tickets[0].lastMessage).toBe('no match here');
  });
});

describe('applyTicketDelete and appendPage', () => {
  it('removes a deleted ticket and uncounts it; unknown ids change nothing', () => {
    const state = stateOf([ticket(2), ticket(1)]);
    expect(applyTicketDelete(state, 2)).toEqual({ tickets: [ticket(1)], count: 1, hasMore: false });
    expect(applyTicketDelete(state, 9)).toBe(state);
  });

  it('appends a page without duplicating tickets that shifted between pages', () => {
    const next = appendPage(stateOf([ticket(3), ticket(2)], true), {
      tickets: [ticket(2), ticket(1)],
      count: 3,
      hasMore: false,
    });
    expect(next.tickets.map((t) => t.id)).toEqual([3, 2, 1]);
    expect(next.hasMore).toBe(false);
  });

  it('orders by unread first, then newest', () => {
    const list = [ticket(1), ticket(3), ticket(2, { unreadMessages: 1 })].sort(compareTickets);
    expect(list.map((t) => t.id)).toEqual([2, 3, 1]);
  });
});

describe('applyUnreadCleared', () => {
  it('clears the badge of that ticket only, keeping the order', () => {
    const state = {
      tickets: [ticket(1, { unreadMessages: 3 }), ticket(2, { unreadMessages: 1 })],
      count: 2,
      hasMore: false,
    };
    const next = applyUnreadCleared(state, 1);
    expect(next.tickets.map((t) => [t.id, t.unreadMessages])).toEqual([
      [1, 0],
      [2, 1],
    ]);
    expect(applyUnreadCleared(next, 1)).toBe(next);
  });
});

describe('Search tab filters', () => {
  const vip = { id: 5, name: 'VIP', color: '#000', kanban: 0 };
  const stage = { id: 6, name: 'Etapa', color: '#000', kanban: 1 };
  const t = ticket(1, {
    status: 'closed',
    userId: 7,
    whatsappId: 3,
    tags: [stage],
    contact: { id: 1, name: 'Ana', number: '551190000', urlPicture: null, tags: [vip] },
  });
  const base: ListFilter = { queueIds: [], searchParam: '', showAll: true };

  it('no choice restricts nothing', () => {
    expect(matchesSearchFilters(t, base)).toBe(true);
    expect(matchesSearchFilters(t, { ...base, tagIds: [], userIds: [], whatsappIds: [], statuses: [] })).toBe(
      true,
    );
  });

  it('status, connection and attendant must be among the chosen', () => {
    expect(matchesSearchFilters(t, { ...base, statuses: ['closed', 'open'] })).toBe(true);
    expect(matchesSearchFilters(t, { ...base, statuses: ['open'] })).toBe(false);
    expect(matchesSearchFilters(t, { ...base, whatsappIds: [3] })).toBe(true);
    expect(matchesSearchFilters(t, { ...base, whatsappIds: [4] })).toBe(false);
    expect(matchesSearchFilters(t, { ...base, userIds: [7] })).toBe(true);
    expect(matchesSearchFilters(t, { ...base, userIds: [8] })).toBe(false);
    expect(matchesSearchFilters({ ...t, userId: null }, { ...base, userIds: [7] })).toBe(false);
  });

  it('a tag matches on the ticket or on its contact, like the server', () => {
    expect(matchesSearchFilters(t, { ...base, tagIds: [5] })).toBe(true);
    expect(matchesSearchFilters(t, { ...base, tagIds: [6] })).toBe(true);
    expect(matchesSearchFilters(t, { ...base, tagIds: [9] })).toBe(false);
  });

  it('live updates respect them', () => {
    expect(matchesList(t, { ...base, statuses: ['open'] }, admin)).toBe(false);
    expect(matchesList(t, { ...base, statuses: ['closed'] }, admin)).toBe(true);
  });
});

describe('count badge', () => {
  it('shows the count up to the server cap, then 99+', () => {
    expect(countBadge(0)).toBe('0');
    expect(countBadge(99)).toBe('99');
    expect(countBadge(100)).toBe('99+');
    expect(countBadge(101)).toBe('99+');
  });
});

describe('pageArrived', () => {
  const page = (tickets: TicketDto[], hasMore = false) => stateOf(tickets, hasMore);

  it('keeps a ticket that arrived live while the first page was on its way (the page was read before it)', () => {
    const heard = [{ action: 'update' as const, ticket: ticket(3) }];
    const next = pageArrived(stateOf([ticket(3)]), page([ticket(2), ticket(1)]), 1, heard, pending, admin);
    expect(next.tickets.map((t) => t.id)).toEqual([3, 2, 1]);
    expect(next.count).toBe(3);
  });

  it('drops a ticket the page still lists but that left the list meanwhile', () => {
    const heard = [
      { action: 'delete' as const, ticketId: 2 },
      { action: 'update' as const, ticket: ticket(1, { status: 'open', userId: 9 }) },
    ];
    const next = pageArrived(EMPTY_LIST, page([ticket(2), ticket(1)]), 1, heard, pending, attendant);
    expect(next).toEqual({ tickets: [], count: 0, hasMore: false });
  });

  it('changes nothing for events the page already reflects', () => {
    const read = ticket(2, { unreadMessages: 0 });
    const heard = [
      { action: 'update' as const, ticket: read },
      { action: 'updateUnread' as const, ticketId: 2 },
    ];
    const next = pageArrived(EMPTY_LIST, page([read, ticket(1)]), 1, heard, pending, attendant);
    expect(next).toEqual(page([read, ticket(1)]));
  });

  it('replays onto an appended page as well, in the order heard', () => {
    const first = stateOf([ticket(4), ticket(3)], true);
    const heard = [
      { action: 'update' as const, ticket: ticket(2, { lastMessage: 'first' }) },
      { action: 'update' as const, ticket: ticket(2, { lastMessage: 'second' }) },
    ];
    const next = pageArrived(
      first,
      { tickets: [ticket(2), ticket(1)], count: 4, hasMore: false },
      2,
      heard,
      pending,
      attendant,
    );
    expect(next.tickets.map((t) => [t.id, t.lastMessage])).toEqual([
      [4, 'Olá'],
      [3, 'Olá'],
      [2, 'second'],
      [1, 'Olá'],
    ]);
    expect(next.count).toBe(4);
  });
});
