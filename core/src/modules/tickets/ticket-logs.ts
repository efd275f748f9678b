import type { TicketLogDto, TicketLogType } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { TicketLog } from './ticket.entity.js';
import type { LogEntry } from './ticket-transitions.js';

/** The ticket log (spec part 1 §3 "Ticket log entry", peer §4.7): written by transitions, read by the timeline. */

/** Writes a transition's entries, each with the ticket's current queue. */
export async function writeTicketLogs(
  em: EntityManager,
  ticket: { id: number; companyId: number; queueId?: number | null },
  entries: LogEntry[],
): Promise<void> {
  for (const { type, userId, bot, plugin } of entries) {
    em.create(TicketLog, {
      companyId: ticket.companyId,
      ticketId: ticket.id,
      type,
      userId,
      bot: bot ?? null,
      plugin: plugin ?? null,
      queueId: ticket.queueId ?? null,
    });
  }
  if (entries.length) await em.flush();
}

/** A ticket's log, oldest first, with the user's and queue's names. */
export async function readTicketLogs(
  em: EntityManager,
  companyId: number,
  ticketId: number,
): Promise<TicketLogDto[]> {
  const rows = await em.getConnection().execute<
    {
      id: number;
      type: string;
      bot: string | null;
      plugin: string | null;
      created_at: Date;
      user_id: number | null;
      user_name: string | null;
      queue_id: number | null;
      queue_name: string | null;
      queue_color: string | null;
    }[]
  >(
    `select l.id, l.type, l.bot, l.plugin, l.created_at, l.user_id, u.name as user_name, l.queue_id, q.name as queue_name, q.color as queue_color
       from ticket_logs l left join users u on u.id = l.user_id left join queues q on q.id = l.queue_id
      where l.company_id = ? and l.ticket_id = ? order by l.created_at, l.id`,
    [companyId, ticketId],
  );
  return rows.map((r) => ({
    id: r.id,
    type: r.type as TicketLogType,
    user: r.user_id ? { id: r.user_id, name: r.user_name ?? '' } : null,
    queue: r.queue_id ? { id: r.queue_id, name: r.queue_name ?? '', color: r.queue_color ?? '' } : null,
    bot: r.bot,
    plugin: r.plugin,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** A user's reloads of a conversation within this many minutes leave one 'access' entry, not one each. */
export const ACCESS_LOG_WINDOW_MINUTES = 5;

/**
 * Peer §4.7 'access' (ticket opened in the UI): logs that a user opened a ticket's conversation, unless they already
 * did within ACCESS_LOG_WINDOW_MINUTES. A transaction-scoped lock on (ticket, user) makes two loads at once (a
 * reconnect's re-read beside the first) write one entry: the second checks after the first has committed.
 */
export async function recordAccess(
  em: EntityManager,
  a: { companyId: number; ticketId: number; userId: number; queueId: number | null },
): Promise<void> {
  await em.transactional(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [
      `ticket-access:${a.ticketId}:${a.userId}`,
    ]);
    await tx.execute(
      `insert into ticket_logs (company_id, ticket_id, user_id, queue_id, type, created_at)
       select ?, ?, ?, ?, 'access', now()
        where not exists (select 1 from ticket_logs
                           where ticket_id = ? and user_id = ? and type = 'access'
                             and created_at > now() - make_interval(mins => ?))`,
      [a.companyId, a.ticketId, a.userId, a.queueId, a.ticketId, a.userId, ACCESS_LOG_WINDOW_MINUTES],
    );
  });
}
