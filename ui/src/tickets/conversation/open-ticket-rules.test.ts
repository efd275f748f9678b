import type { TicketDto } from '@balcao/sdk';
import { describe, expect, it } from 'vitest';
import { ticketFixture } from '../../testing/ticket-fixture';
import type { ListEvent, TicketEvent } from '../list/list-rules';
import {
  fresherTicket,
  isTicketUuid,
  mergeConcerns,
  reloadConcerns,
  ticketLoaded,
} from './open-ticket-rules';

const at = (minute: number) => new Date(2026, 0, 1, 11, minute).toISOString();
const ticket = (id: number, minute: number, extra: Partial<TicketDto> = {}): TicketDto =>
  ticketFixture(id, { updatedAt: at(minute), ...extra });

describe('fresherTicket', () => {
  it('takes a newer version, and one as new (a change within the same millisecond)', () => {
    const shown = ticket(1, 0);
    const accepted = ticket(1, 5, { status: 'open', userId: 7 });
    expect(fresherTicket(shown, accepted)).toBe(accepted);
    const same = ticket(1, 0, { lastMessage: 'outra' });
    expect(fresherTicket(shown, same)).toBe(same);
  });

  it('keeps the shown ticket against an older version (a read answered before the change)', () => {
    const accepted = ticket(1, 5, { status: 'open', userId: 7 });
    expect(fresherTicket(accepted, ticket(1, 0))).toBe(accepted);
  });

  it("ignores another ticket's version", () => {
    const shown = ticket(1, 0);
    expect(fresherTicket(shown, ticket(2, 9))).toBe(shown);
  });
});

describe('ticketLoaded (events heard while the open ticket loads)', () => {
  it('applies an update committed after the server read the ticket', () => {
    const accepted = ticket(1, 5, { status: 'open', userId: 7 });
    const heard: TicketEvent[] = [{ action: 'update', ticket: accepted }];
    expect(ticketLoaded(ticket(1, 0), heard)).toEqual({ ticket: accepted, recheck: false });
  });

  it('does not let an update the loaded ticket already includes undo a later one', () => {
    const loaded = ticket(1, 5, { status: 'open', userId: 7 });
    const heard: TicketEvent[] = [{ action: 'update', ticket: ticket(1, 0) }];
    expect(ticketLoaded(loaded, heard).ticket).toBe(loaded);
  });

  it('applies the updates in order and ignores the other tickets', () => {
    const heard: TicketEvent[] = [
      { action: 'update', ticket: ticket(1, 1, { lastMessage: 'first' }) },
      { action: 'update', ticket: ticket(2, 9) },
      { action: 'updateUnread', ticketId: 1 },
      { action: 'delete', ticketId: 2 },
      { action: 'update', ticket: ticket(1, 2, { lastMessage: 'second' }) },
    ];
    expect(ticketLoaded(ticket(1, 0), heard)).toEqual({
      ticket: ticket(1, 2, { lastMessage: 'second' }),
      recheck: false,
    });
  });

  it('asks for a check with the server after a delete of it heard meanwhile', () => {
    const heard: TicketEvent[] = [{ action: 'delete', ticketId: 1 }];
    expect(ticketLoaded(ticket(1, 0), heard)).toEqual({ ticket: ticket(1, 0), recheck: true });
  });
});

describe('ticketLoaded (contact events heard while the open ticket loads)', () => {
  const ana = { id: 5, name: 'Ana Lima', number: '5511999990005', urlPicture: null, tags: [] };

  it('shows a contact saved meanwhile: the server may have read the ticket before the save', () => {
    const heard: ListEvent[] = [{ action: 'contactUpdate', contact: ana }];
    const { ticket: shown, recheck } = ticketLoaded(ticket(1, 0, { contactId: 5 }), heard);
    expect(shown.contact.name).toBe('Ana Lima');
    expect(recheck).toBe(false);
  });

  it("ignores another contact's save, and checks with the server after its own contact's removal", () => {
    const loaded = ticket(1, 0, { contactId: 6 });
    expect(ticketLoaded(loaded, [{ action: 'contactUpdate', contact: ana }]).ticket).toBe(loaded);
    expect(ticketLoaded(loaded, [{ action: 'contactDelete', contactId: 6 }]).recheck).toBe(true);
    expect(ticketLoaded(loaded, [{ action: 'contactDelete', contactId: 5 }]).recheck).toBe(false);
  });
});

describe('isTicketUuid', () => {
  it('takes a uuid in either case and refuses ids, fragments and padding', () => {
    expect(isTicketUuid('0b7c7f0e-8f8e-4d1c-9a55-1d2b3c4d5e6f')).toBe(true);
    expect(isTicketUuid('0B7C7F0E-8F8E-4D1C-9A55-1D2B3C4D5E6F')).toBe(true);
    for (const bad of [
      '99999',
      'abc',
      '0b7c7f0e-8f8e-4d1c-9a55',
      ' 0b7c7f0e-8f8e-4d1c-9a55-1d2b3c4d5e6f',
      '',
    ]) {
      expect(isTicketUuid(bad)).toBe(false);
    }
  });
});

describe('mergeConcerns', () => {
  const merged = { action: 'merged', contactId: 4, mergedContactId: 9 };
  it('is a merge of the open ticket’s contact, as the one left or the one that went', () => {
    expect(mergeConcerns(merged, 4)).toBe(true);
    expect(mergeConcerns(merged, 9)).toBe(true);
  });

  it('is not another contact’s merge, another contact frame, a malformed frame, or no ticket open', () => {
    expect(mergeConcerns(merged, 5)).toBe(false);
    expect(mergeConcerns({ action: 'delete', contactId: 4 }, 4)).toBe(false);
    expect(mergeConcerns({ action: 'merged', contactId: 'x', mergedContactId: 9 }, 9)).toBe(false);
    expect(mergeConcerns(merged, null)).toBe(false);
  });
});

describe('reloadConcerns', () => {
  it('is a reload of the open ticket’s messages (a group member now named by their number)', () => {
    expect(reloadConcerns({ action: 'reload', ticketId: 7 }, 7)).toBe(true);
  });

  it('is not another ticket’s reload, another message frame, a malformed frame, or no ticket open', () => {
    expect(reloadConcerns({ action: 'reload', ticketId: 8 }, 7)).toBe(false);
    expect(reloadConcerns({ action: 'remove', messageId: 1, ticketId: 7, keptId: 2 }, 7)).toBe(false);
    expect(reloadConcerns({ action: 'reload', ticketId: '7' }, 7)).toBe(false);
    expect(reloadConcerns({ action: 'reload', ticketId: 7 }, null)).toBe(false);
  });
});
