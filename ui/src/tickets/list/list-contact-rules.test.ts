import type { TicketDto } from '@balcao/sdk';
import { describe, expect, it } from 'vitest';
import { ticketFixture } from '../../testing/ticket-fixture';
import {
  applyContactDelete,
  applyContactUpdate,
  applyTicketEvent,
  type ListEvent,
  type ListFilter,
  type ListState,
  pageArrived,
  type TicketContact,
  type Viewer,
  withContact,
} from './list-rules';
import { parseContactChange } from './use-ticket-list';

// Spec part 1 §2 and §4: a ticket row shows its contact's name, picture and tags, kept live by contact events.

const ticket = ticketFixture;
const admin: Viewer = { id: 1, isAdmin: true, allTicket: false, allowGroup: false, queueIds: [] };
const pending: ListFilter = { queueIds: [], searchParam: '', showAll: false, status: 'pending' };
const vip = { id: 10, name: 'VIP', color: '#ff0000', kanban: 0 };
const late = { id: 11, name: 'Atrasado', color: '#00ff00', kanban: 0 };
const byVip: ListFilter = { queueIds: [], searchParam: '', showAll: true, tagIds: [vip.id] };
const stateOf = (tickets: TicketDto[], count = tickets.length): ListState => ({
  tickets,
  count,
  hasMore: false,
});
const ana = (extra: Partial<TicketContact> = {}): TicketContact => ({
  id: 5,
  name: 'Ana Souza',
  number: '5511999990005',
  urlPicture: 'https://cdn.test/ana.jpg',
  tags: [vip],
  ...extra,
});

describe('withContact', () => {
  it("takes the contact's name, number, picture and tags, and leaves another contact's ticket alone", () => {
    const mine = ticket(1, { contactId: 5 });
    expect(withContact(mine, ana()).contact).toEqual(ana());
    const other = ticket(2);
    expect(withContact(other, ana())).toBe(other);
  });

  it('keeps only what a ticket carries of its contact (not the whole contact of the event)', () => {
    const saved = { ...ana(), email: 'ana@x.test', extraInfo: [] } as TicketContact;
    expect(Object.keys(withContact(ticket(1, { contactId: 5 }), saved).contact).sort()).toEqual(
      ['id', 'name', 'number', 'tags', 'urlPicture'].sort(),
    );
  });
});

describe('applyContactUpdate', () => {
  it('patches every loaded ticket of the contact in place, and only those', () => {
    const state = stateOf([ticket(1, { contactId: 5 }), ticket(2), ticket(3, { contactId: 5 })]);
    const next = applyContactUpdate(state, ana({ name: 'Ana Lima' }), pending, admin);
    expect(next.tickets.map((t) => [t.id, t.contact.name])).toEqual([
      [1, 'Ana Lima'],
      [2, 'Contact 2'],
      [3, 'Ana Lima'],
    ]);
    expect(next.tickets[1]).toBe(state.tickets[1]);
    expect(next.count).toBe(3);
  });

  it("changes nothing when no loaded ticket is the contact's", () => {
    const state = stateOf([ticket(1), ticket(2)]);
    expect(applyContactUpdate(state, ana(), pending, admin)).toBe(state);
  });

  it('drops from a tag-filtered list the ticket whose contact no longer carries the tag', () => {
    const state = stateOf([ticket(1, { contactId: 5, contact: ana() }), ticket(2, { tags: [vip] })], 9);
    const next = applyContactUpdate(state, ana({ tags: [late] }), byVip, admin);
    expect(next.tickets.map((t) => t.id)).toEqual([2]);
    expect(next.count).toBe(8);
  });

  it("keeps it when the ticket's own tags still match, or when the list filters no tag", () => {
    const tagged = ticket(1, { contactId: 5, contact: ana(), tags: [vip] });
    const next = applyContactUpdate(stateOf([tagged]), ana({ tags: [] }), byVip, admin);
    expect(next.tickets.map((t) => t.contact.tags)).toEqual([[]]);
    const plain = applyContactUpdate(
      stateOf([ticket(1, { contactId: 5 })]),
      ana({ tags: [] }),
      pending,
      admin,
    );
    expect(plain.tickets).toHaveLength(1);
  });
});

describe('applyContactDelete', () => {
  it("removes the contact's tickets (the database removed them with it) and counts them out", () => {
    const state = stateOf([ticket(1, { contactId: 5 }), ticket(2), ticket(3, { contactId: 5 })], 12);
    const next = applyContactDelete(state, 5);
    expect(next.tickets.map((t) => t.id)).toEqual([2]);
    expect(next.count).toBe(10);
    expect(applyContactDelete(next, 5)).toBe(next);
  });
});

describe('contact events in a ticket list', () => {
  it('reads contact frames; an import reload or a malformed frame is none', () => {
    expect(parseContactChange({ action: 'update', contact: ana() })).toEqual({
      action: 'contactUpdate',
      contact: ana(),
    });
    expect(parseContactChange({ action: 'delete', contactId: 5 })).toEqual({
      action: 'contactDelete',
      contactId: 5,
    });
    expect(parseContactChange({ action: 'reload' })).toBeNull();
    expect(parseContactChange({ action: 'update' })).toBeNull();
  });

  it('dispatches them with the ticket events', () => {
    const state = stateOf([ticket(1, { contactId: 5 })]);
    const renamed = applyTicketEvent(state, { action: 'contactUpdate', contact: ana() }, pending, admin);
    expect(renamed.tickets[0].contact.name).toBe('Ana Souza');
    expect(
      applyTicketEvent(state, { action: 'contactDelete', contactId: 5 }, pending, admin).tickets,
    ).toEqual([]);
  });

  it('applies a contact saved while a page was loading again once it lands (the server may have read it before)', () => {
    const heard: ListEvent[] = [{ action: 'contactUpdate', contact: ana({ name: 'Ana Lima' }) }];
    const page = stateOf([ticket(2), ticket(1, { contactId: 5, contact: ana() })]);
    const next = pageArrived(stateOf([]), page, 1, heard, pending, admin);
    expect(next.tickets.map((t) => t.contact.name)).toEqual(['Contact 2', 'Ana Lima']);
  });
});
