import type { SessionUserDto } from '@balcao/sdk';

/**
 * The ticket list's queue filter as used: an admin's stored choice as it is; an attendant's without the queues they
 * have left since it was stored.
 */
export function listQueueIds(user: Pick<SessionUserDto, 'profile' | 'queues'>, stored: number[]): number[] {
  if (user.profile === 'admin') return stored;
  return stored.filter((id) => user.queues.some((q) => q.id === id));
}

/**
 * Spec part 1 §7 GET /messages/{ticketId} `selectedQueues`: the ticket list's selected queues, which keep the
 * messages handled in them and in none. No selection sends none, so every message loads (a ticket opened from a link
 * before any choice). The ticket's own queue is always added: a ticket opened from a link or a notification may sit
 * in a queue the list does not show, and its conversation would lose the messages of the queue it is in now.
 * @example messageQueueIds([1, 2], 3) // [1, 2, 3]
 */
export function messageQueueIds(selected: readonly number[], ticketQueueId: number | null): number[] {
  if (selected.length === 0) return [];
  if (ticketQueueId === null || selected.includes(ticketQueueId)) return [...selected];
  return [...selected, ticketQueueId];
}
