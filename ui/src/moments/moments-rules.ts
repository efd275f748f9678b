import type { TicketDto } from '@balcao/sdk';

/** One attendant's card: their open tickets, longest-waiting first. */
export interface UserCard {
  user: { id: number; name: string };
  tickets: TicketDto[];
}

export interface MomentsBoard {
  pending: TicketDto[];
  users: UserCard[];
}

const oldestFirst = (a: TicketDto, b: TicketDto) => a.updatedAt.localeCompare(b.updatedAt) || a.id - b.id;

/** Spec part 1 "Real-time panel": one card per user with open tickets, plus the pending tickets. */
export function groupMoments(tickets: TicketDto[]): MomentsBoard {
  const pending = tickets.filter((t) => t.status === 'pending').sort(oldestFirst);
  const byUser = new Map<number, UserCard>();
  for (const t of tickets) {
    if (t.status !== 'open' || !t.user) continue;
    const card = byUser.get(t.user.id) ?? { user: t.user, tickets: [] };
    card.tickets.push(t);
    byUser.set(t.user.id, card);
  }
  const users = [...byUser.values()]
    .map((c) => ({ ...c, tickets: c.tickets.sort(oldestFirst) }))
    .sort((a, b) => a.user.name.localeCompare(b.user.name) || a.user.id - b.user.id);
  return { pending, users };
}

/** Time since `iso` as H:MM (days apart when a day or more): how long it waits, or has been attended. */
export function elapsedParts(iso: string, now: Date): { days: number; clock: string } {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(iso).getTime()) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  return { days, clock: `${hours}:${String(mins).padStart(2, '0')}` };
}
