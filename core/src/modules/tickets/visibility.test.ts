import { describe, expect, it } from 'vitest';
import { canSeeTicket, inOwnView, seesAllTickets, type TicketAccess } from './visibility.js';

const attendant: TicketAccess = {
  userId: 7,
  isAdmin: false,
  allTicket: false,
  allowGroup: false,
  queueIds: [1],
};
/** Every kind of ticket: owner (me, another, nobody) × queue (mine, another, none) × chat or group. */
const tickets = [7, 9, null].flatMap((userId) =>
  [1, 2, null].flatMap((queueId) => [false, true].map((isGroup) => ({ userId, queueId, isGroup }))),
);

describe('ticket visibility (spec part 1 §6)', () => {
  it.each([
    ['admin', { isAdmin: true }],
    ['allTicket', { allTicket: true }],
    ['allowGroup', { allowGroup: true }],
  ] as const)(
    '"admin, or users with allTicket enable or allowGroup, see all loaded tickets": %s',
    (_, flag) => {
      const access = { ...attendant, ...flag };
      expect(seesAllTickets(access)).toBe(true);
      expect(tickets.filter((t) => !canSeeTicket(access, t))).toEqual([]);
    },
  );

  it('"others see only tickets whose queue is among their own queues and tickets owned by them or unassigned"', () => {
    expect(seesAllTickets(attendant)).toBe(false);
    expect(tickets.filter((t) => canSeeTicket(attendant, t))).toEqual([
      { userId: 7, queueId: 1, isGroup: false },
      { userId: 7, queueId: 1, isGroup: true },
      { userId: 7, queueId: 2, isGroup: false },
      { userId: 7, queueId: 2, isGroup: true },
      { userId: 7, queueId: null, isGroup: false },
      { userId: 7, queueId: null, isGroup: true },
      { userId: null, queueId: 1, isGroup: false },
      { userId: null, queueId: null, isGroup: false },
    ]);
  });

  it("with Show all off, an allowGroup attendant's own view still holds every group", () => {
    const groups = { ...attendant, allowGroup: true };
    expect(tickets.filter((t) => t.isGroup).every((t) => inOwnView(groups, t))).toBe(true);
    expect(inOwnView(groups, { userId: 9, queueId: 2, isGroup: false })).toBe(false);
  });
});
