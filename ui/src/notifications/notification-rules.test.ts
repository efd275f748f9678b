import type { MessageDto, TicketDto } from '@balcao/sdk';
import { describe, expect, it } from 'vitest';
import { ticketFixture } from '../testing/ticket-fixture';
import {
  addNotification,
  initialNotifications,
  type NotificationEvent,
  type NotifyViewer,
  notificationsLoaded,
  parseMessageCreated,
  removeNotification,
  shouldAlert,
  shouldNotify,
  titleWithCount,
} from './notification-rules';

const ticket = (id: number, extra: Partial<TicketDto> = {}): TicketDto =>
  ticketFixture(id, { status: 'open', unreadMessages: 1, ...extra });

const message = (extra: Partial<MessageDto> = {}): MessageDto => ({
  id: 1,
  ticketId: 1,
  body: 'Olá',
  fromMe: false,
  read: false,
  ack: 0,
  mediaType: 'chat',
  mediaUrl: null,
  quotedMsg: null,
  isDeleted: false,
  isEdited: false,
  isForwarded: false,
  isPrivate: false,
  queueId: null,
  userId: null,
  deliveryError: null,
  participant: null,
  contact: null,
  createdAt: new Date(2026, 0, 1, 10, 0).toISOString(),
  ...extra,
});

const me: NotifyViewer = { id: 7, queueIds: [], allTicket: false };
const inSales: NotifyViewer = { id: 7, queueIds: [1, 2], allTicket: false };
const seesPending: NotifyViewer = { id: 7, queueIds: [], allTicket: true };
const event = (t: Partial<TicketDto> = {}, m: Partial<MessageDto> = {}) => ({
  ticket: ticket(1, t),
  message: message(m),
});

describe('shouldNotify (spec part 1 §4, first bullet)', () => {
  it('adds an unread incoming message of an unassigned open ticket', () => {
    expect(shouldNotify(event(), me)).toBe(true);
  });

  it('never for a message from me', () => {
    expect(shouldNotify(event({}, { fromMe: true }), me)).toBe(false);
  });

  it('not for a message already read, unless the ticket is pending', () => {
    expect(shouldNotify(event({}, { read: true }), me)).toBe(false);
    expect(shouldNotify(event({ status: 'pending' }, { read: true }), seesPending)).toBe(true);
  });

  it('only for tickets of the viewer or of nobody', () => {
    expect(shouldNotify(event({ userId: 7 }), me)).toBe(true);
    expect(shouldNotify(event({ userId: null }), me)).toBe(true);
    expect(shouldNotify(event({ userId: 8 }), me)).toBe(false);
  });

  it("only in one of the viewer's queues, or any when the viewer has none", () => {
    expect(shouldNotify(event({ queueId: 2 }), inSales)).toBe(true);
    expect(shouldNotify(event({ queueId: 3 }), inSales)).toBe(false);
    expect(shouldNotify(event({ queueId: null }), inSales)).toBe(false);
    expect(shouldNotify(event({ queueId: 3 }), me)).toBe(true);
  });

  it('pending tickets only for a viewer with allTicket enabled (§6)', () => {
    expect(shouldNotify(event({ status: 'pending' }), me)).toBe(false);
    expect(shouldNotify(event({ status: 'pending' }), seesPending)).toBe(true);
  });

  it('group tickets are listed (only the desktop alert skips them)', () => {
    expect(shouldNotify(event({ status: 'group', isGroup: true }), me)).toBe(true);
  });
});

describe('shouldAlert (desktop notification and sound)', () => {
  const t = ticket(1);
  it('alerts for a ticket the viewer is not looking at', () => {
    expect(shouldAlert(t, me, null)).toBe(true);
    expect(shouldAlert(t, me, ticket(2).uuid)).toBe(true);
  });
  it('not while the viewer is viewing that ticket', () => {
    expect(shouldAlert(t, me, t.uuid)).toBe(false);
  });
  it("not for someone else's ticket", () => {
    expect(shouldAlert({ ...t, userId: 8 }, me, null)).toBe(false);
    expect(shouldAlert({ ...t, userId: 7 }, me, null)).toBe(true);
  });
  it('not for a group', () => {
    expect(shouldAlert({ ...t, isGroup: true }, me, null)).toBe(false);
  });
});

describe('the list', () => {
  it('first load keeps unread tickets the rules would have added', () => {
    const list = [
      ticket(1),
      ticket(2, { unreadMessages: 0 }),
      ticket(3, { status: 'pending' }),
      ticket(4, { userId: 8 }),
      ticket(5, { status: 'closed' }),
      ticket(6, { status: 'nps' }), // the contact's rating is the automation's to read
      ticket(7, { status: 'lgpd' }), // so is the contact's LGPD consent
    ];
    expect(initialNotifications(list, me).map((t) => t.id)).toEqual([1]);
    expect(initialNotifications(list, seesPending).map((t) => t.id)).toEqual([1, 3]);
  });

  it('adds at the top once and removes by id', () => {
    const list = addNotification(addNotification([], ticket(1)), ticket(2));
    expect(list.map((t) => t.id)).toEqual([2, 1]);
    const again = addNotification(list, ticket(1, { lastMessage: 'de novo' }));
    expect(again.map((t) => t.id)).toEqual([1, 2]);
    expect(again[0]?.lastMessage).toBe('de novo');
    expect(removeNotification(again, 1).map((t) => t.id)).toEqual([2]);
    expect(removeNotification(again, 99)).toBe(again);
  });

  it('parses only create events with a message and a ticket', () => {
    const e = event();
    expect(parseMessageCreated({ action: 'create', ...e })).toEqual(e);
    expect(parseMessageCreated({ action: 'update', ...e })).toBeNull();
    expect(parseMessageCreated({ action: 'create', message: e.message })).toBeNull();
    expect(parseMessageCreated('x')).toBeNull();
  });

  it('puts the count in the tab title', () => {
    expect(titleWithCount('Balcão', 0)).toBe('Balcão');
    expect(titleWithCount('Balcão', 3)).toBe('(3) Balcão');
  });
});

describe('notificationsLoaded (the first load lands after live events)', () => {
  const ids = (list: TicketDto[]) => list.map((t) => t.id);

  it('keeps a ticket added live while the load was on its way (the server read the list before it)', () => {
    const heard: NotificationEvent[] = [{ action: 'add', ticket: ticket(3) }];
    expect(ids(notificationsLoaded([ticket(2), ticket(1)], me, heard))).toEqual([3, 2, 1]);
  });

  it('does not bring back a ticket read or deleted meanwhile', () => {
    const heard: NotificationEvent[] = [
      { action: 'remove', ticketId: 2 },
      { action: 'add', ticket: ticket(4) },
      { action: 'remove', ticketId: 4 },
    ];
    expect(ids(notificationsLoaded([ticket(2), ticket(1)], me, heard))).toEqual([1]);
  });

  it('applies the events in the order heard: read, then a new message, is in the bell again', () => {
    const heard: NotificationEvent[] = [
      { action: 'remove', ticketId: 1 },
      { action: 'add', ticket: ticket(1, { lastMessage: 'de novo' }) },
    ];
    const next = notificationsLoaded([ticket(2), ticket(1)], me, heard);
    expect(ids(next)).toEqual([1, 2]);
    expect(next[0]?.lastMessage).toBe('de novo');
  });

  it('changes nothing for events the loaded list already reflects, and filters it by the rules', () => {
    const loaded = [ticket(2), ticket(1), ticket(5, { userId: 8 })];
    const heard: NotificationEvent[] = [
      { action: 'add', ticket: ticket(2) },
      { action: 'remove', ticketId: 9 },
    ];
    expect(notificationsLoaded(loaded, me, heard)).toEqual([ticket(2), ticket(1)]);
    expect(notificationsLoaded(loaded, me, [])).toEqual(initialNotifications(loaded, me));
  });
});
