import type { Cradle } from '../../kernel/container.js';
import type { ITicket } from '../tickets/ticket.entity.js';
import { withinWorkHours } from '../users/work-hours.js';
import { companyTimeZone } from './automation-facts.js';

/** A user the automation may give a queue's ticket to. */
export interface Attendant {
  id: number;
  name: string;
}

/**
 * The queue's attendants who may get a ticket now (peer §5.3, GB's rotation and userRandom): profile `user` (admins
 * are not handed tickets), online (a socket open), and within their working hours; by name, then id (GB's order).
 */
export async function availableAttendants(
  scope: Cradle,
  companyId: number,
  queueId: number,
): Promise<Attendant[]> {
  const rows = await scope.em
    .getConnection()
    .execute<{ id: number; name: string; start_work: string; end_work: string }[]>(
      `select u.id, u.name, u.start_work, u.end_work
       from user_queues uq
       join queues q on q.id = uq.queue_id and q.company_id = ?
       join users u on u.id = uq.user_id and u.company_id = q.company_id
      where uq.queue_id = ? and u.profile = 'user' and u.online
      order by u.name asc, u.id asc`,
      [companyId, queueId],
    );
  const now = scope.clock.now();
  const zone = companyTimeZone(companyId);
  return rows
    .filter((r) => withinWorkHours(r.start_work, r.end_work, now, zone))
    .map((r) => ({ id: r.id, name: r.name }));
}

/**
 * The next attendant in turn after `lastUserId` (round-robin over the list's order, wrapping); the first when the last
 * one is unknown or gone. `except` (the ticket's current user) is skipped; none left: undefined.
 * @example nextInTurn([{ id: 1, name: 'A' }, { id: 2, name: 'B' }], 2) // { id: 1, name: 'A' }
 */
export function nextInTurn(
  list: readonly Attendant[],
  lastUserId: number | null,
  except?: number | null,
): Attendant | undefined {
  const candidates = list.filter((a) => a.id !== except);
  if (!candidates.length) return undefined;
  const last = list.find((a) => a.id === lastUserId);
  if (!last) return candidates[0];
  // The first one after the last in the list's order (name, id), wrapping round.
  const after = candidates.find((a) => a.name > last.name || (a.name === last.name && a.id > last.id));
  return after ?? candidates[0];
}

/**
 * Where a ticket waits in its queue (peer §2.1 step 6, §5.5): the pending private tickets with no user in the queue,
 * this one included, at least 1. Counted over the whole queue: its attendants serve every connection.
 */
export async function queuePosition(scope: Cradle, companyId: number, queueId: number): Promise<number> {
  const [row] = await scope.em.getConnection().execute<{ n: string | number }[]>(
    `select count(*) as n from tickets
      where company_id = ? and queue_id = ? and status = 'pending' and user_id is null and not is_group`,
    [companyId, queueId],
  );
  return Math.max(1, Number(row?.n ?? 0));
}

/**
 * The automation gives the ticket to `userId` in its queue: **open** with that user through the bots' hand-off (as a
 * chatbot option's attendant: our transitions give a ticket to a user only as open), log 'receivedTransfer' (and
 * 'transfered' for a previous user), seen live. Recorded in automation_assignments so the rotation can tell whether
 * the user acted (wrote) since.
 */
export async function assignTicket(
  scope: Cradle,
  ticket: ITicket,
  userId: number,
  actor: string,
): Promise<void> {
  await scope.ticketBotActions.handoff(ticket, actor, { userId });
  await scope.em.getConnection().execute(
    `insert into automation_assignments (ticket_id, company_id, user_id, assigned_at, message_id)
     values (?, ?, ?, ?, (select coalesce(max(id), 0) from messages where ticket_id = ?))
     on conflict (ticket_id) do update
       set user_id = excluded.user_id, assigned_at = excluded.assigned_at, message_id = excluded.message_id`,
    [ticket.id, ticket.companyId, userId, scope.clock.now(), ticket.id],
  );
}
