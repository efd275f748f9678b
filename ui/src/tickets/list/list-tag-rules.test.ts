import type { TicketDto } from '@balcao/sdk';
import { describe, expect, it } from 'vitest';
import { ticketFixture } from '../../testing/ticket-fixture';
import { applyTicketEvent, type ListFilter, type ListState, type Viewer, withTagChange } from './list-rules';
import { parseTagChange } from './use-ticket-list';

// Spec part 1 §2: a ticket row shows its tags and its contact's; a tag renamed, recoloured or removed shows at once.

const admin: Viewer = { id: 1, isAdmin: true, allTicket: false, allowGroup: false, queueIds: [] };
const pending: ListFilter = { queueIds: [], searchParam: '', showAll: false, status: 'pending' };
const vip = { id: 10, name: 'VIP', color: '#ff0000', kanban: 0 };
const late = { id: 11, name: 'Atrasado', color: '#00ff00', kanban: 0 };
const byVip: ListFilter = { queueIds: [], searchParam: '', showAll: true, tagIds: [vip.id] };
const stateOf = (tickets: TicketDto[]): ListState => ({ tickets, count: tickets.length, hasMore: false });
const withContactTags = (id: number, tags: (typeof vip)[], own: (typeof vip)[] = []) => {
  const t = ticketFixture(id, { status: 'pending', tags: own });
  return { ...t, contact: { ...t.contact, tags } };
};

describe('withTagChange', () => {
  it("renames or recolours the tag on the ticket's own tags and its contact's", () => {
    const t = withContactTags(1, [vip, late], [vip]);
    const renamed = withTagChange(t, {
      action: 'tagUpdate',
      tag: { ...vip, name: 'Cliente VIP', color: '#0000ff' },
    });
    expect(renamed.tags).toEqual([{ ...vip, name: 'Cliente VIP', color: '#0000ff' }]);
    expect(renamed.contact.tags).toEqual([{ ...vip, name: 'Cliente VIP', color: '#0000ff' }, late]);
  });

  it('drops a removed tag, and leaves a ticket without it as it was (same object)', () => {
    const t = withContactTags(1, [vip, late]);
    expect(withTagChange(t, { action: 'tagDelete', tagId: vip.id }).contact.tags).toEqual([late]);
    const other = withContactTags(2, [late]);
    expect(withTagChange(other, { action: 'tagDelete', tagId: vip.id })).toBe(other);
  });
});

describe('tag events on a list', () => {
  it('patch the rows in place', () => {
    const state = stateOf([withContactTags(1, [vip]), withContactTags(2, [])]);
    const next = applyTicketEvent(
      state,
      { action: 'tagUpdate', tag: { ...vip, name: 'Ouro' } },
      pending,
      admin,
    );
    expect(next.tickets.map((t) => t.contact.tags?.map((g) => g.name))).toEqual([['Ouro'], []]);
    expect(next.tickets[1]).toBe(state.tickets[1]);
  });

  it('a removed tag takes its tickets out of a list filtered by it, unless another filtered tag still matches', () => {
    const state = stateOf([withContactTags(1, [vip]), withContactTags(2, [vip], [vip])]);
    const next = applyTicketEvent(state, { action: 'tagDelete', tagId: vip.id }, byVip, admin);
    expect(next.tickets).toEqual([]);
    expect(next.count).toBe(0);
    const both: ListFilter = { ...byVip, tagIds: [vip.id, late.id] };
    const kept = applyTicketEvent(
      stateOf([withContactTags(3, [vip, late])]),
      { action: 'tagDelete', tagId: vip.id },
      both,
      admin,
    );
    expect(kept.tickets.map((t) => t.contact.tags)).toEqual([[late]]);
  });

  it('an unrelated tag changes nothing', () => {
    const state = stateOf([withContactTags(1, [late])]);
    expect(applyTicketEvent(state, { action: 'tagDelete', tagId: vip.id }, pending, admin)).toBe(state);
  });
});

describe('parseTagChange', () => {
  it('reads updates and removals, and ignores a new tag (on no ticket yet) and junk', () => {
    expect(parseTagChange({ action: 'update', tag: vip })).toEqual({ action: 'tagUpdate', tag: vip });
    expect(parseTagChange({ action: 'delete', tagId: 10 })).toEqual({ action: 'tagDelete', tagId: 10 });
    expect(parseTagChange({ action: 'create', tag: vip })).toBeNull();
    expect(parseTagChange({ action: 'delete' })).toBeNull();
    expect(parseTagChange('x')).toBeNull();
  });
});
