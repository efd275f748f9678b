import type { SessionUserDto } from '@balcao/sdk';
import { isRecord } from '../api/api-error';

/**
 * Whether a `company-{id}-user` frame is a change to the signed-in user (an admin edited their queues, allTicket,
 * allowGroup…): the session then reads `/api/auth/me` again. Other users' changes and deletes leave it as it is.
 */
export function isChangeOfSelf(data: unknown, userId: number): boolean {
  return isRecord(data) && data.action === 'update' && isRecord(data.user) && data.user.id === userId;
}

/**
 * Whether a `company-{id}-queue` frame changes one of the user's own queues (renamed, recoloured or removed): the
 * session's queue list is what an attendant's queue select and dialogs show.
 */
export function touchesOwnQueues(data: unknown, user: Pick<SessionUserDto, 'queues'>): boolean {
  if (!isRecord(data)) return false;
  const id =
    data.action === 'update' && isRecord(data.queue)
      ? data.queue.id
      : data.action === 'delete'
        ? data.queueId
        : undefined;
  return typeof id === 'number' && user.queues.some((q) => q.id === id);
}

/**
 * The session with `/api/auth/me`'s answer merged in, or null when it changes nothing (no re-render) or answers for
 * another user (signed out or switched meanwhile).
 */
export function mergedSession(current: SessionUserDto | null, me: SessionUserDto): SessionUserDto | null {
  if (!current || current.id !== me.id) return null;
  const next = { ...current, ...me };
  return JSON.stringify(next) === JSON.stringify(current) ? null : next;
}
