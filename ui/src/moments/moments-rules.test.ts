import type { TicketDto } from '@balcao/sdk';
import { describe, expect, it } from 'vitest';
import { elapsedParts, groupMoments } from './moments-rules';

const ticket = (id: number, status: 'open' | 'pending', user: string | null, updatedAt: string) =>
  ({
    id,
    status,
    userId: user ? user.length : null,
    user: user ? { id: user.length, name: user } : null,
    updatedAt,
  }) as TicketDto;

describe('moments board', () => {
  it('one card per user with open tickets, by name, oldest first; pending apart', () => {
    const board = groupMoments([
      ticket(1, 'open', 'Carla', '2026-01-01T10:05:00Z'),
      ticket(2, 'pending', null, '2026-01-01T10:09:00Z'),
      ticket(3, 'open', 'Ana', '2026-01-01T10:00:00Z'),
      ticket(4, 'open', 'Carla', '2026-01-01T10:01:00Z'),
      ticket(5, 'pending', null, '2026-01-01T10:02:00Z'),
    ]);
    expect(board.users.map((c) => [c.user.name, c.tickets.map((t) => t.id)])).toEqual([
      ['Ana', [3]],
      ['Carla', [4, 1]],
    ]);
    expect(board.pending.map((t) => t.id)).toEqual([5, 2]);
  });

  it('an open ticket without a user has no card to go to', () => {
    expect(groupMoments([ticket(1, 'open', null, '2026-01-01T10:00:00Z')]).users).toEqual([]);
  });

  it('elapsed time as H:MM with whole days apart', () => {
    const now = new Date('2026-01-03T12:30:00Z');
    expect(elapsedParts('2026-01-03T12:25:30Z', now)).toEqual({ days: 0, clock: '0:04' });
    expect(elapsedParts('2026-01-03T10:00:00Z', now)).toEqual({ days: 0, clock: '2:30' });
    expect(elapsedParts('2026-01-01T11:00:00Z', now)).toEqual({ days: 2, clock: '1:30' });
    expect(elapsedParts('2026-01-04T00:00:00Z', now)).toEqual({ days: 0, clock: '0:00' });
  });
});
