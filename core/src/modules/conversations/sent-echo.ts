import { type EventsPort, lastMessagePreview } from '@balcao/sdk';
import type { MikroORM } from '@mikro-orm/postgresql';
import { sqlIn, type TransactionSql } from '../../db/sql-helpers.js';

/** The echo a send's id was already ingested as, and what its removal changed. */
interface EchoRow {
  id: string;
  company_id: number;
  ticket_id: number;
  created_at: Date;
}

/**
 * A send whose echo overtook it: the channel's echo of the message (the same id, ingested as the account's own message,
 * fromMe, with no user) was stored before the outbox recorded the id, so the conversation holds it twice. The two are
 * one message: Balcão's own is kept (it has the user, the quoted message, the outbox history) and takes the id, quotes
 * of the echo point at it, and the echo's row goes, in one transaction. The ticket's last message is read again when
 * the echo was its newest; a bot's message (no user) gets back the unread count the echo's ingest cleared; a ticket
 * the echo's ingest opened, left empty, is deleted. Emits `message.removed` (open conversations drop the echo) and
 * `ticket.deleted` for a deleted ticket, or `ticket.updated` when the ticket changed. Answers the ack
 * before and after, as recordSent does, or null when no such echo holds the id (it is someone else's message).
 */
export async function adoptEcho(
  deps: { orm: MikroORM; events: EventsPort },
  companyId: number,
  messageId: number,
  ack: number,
  externalId: string,
): Promise<{ ack: number; before: number } | null> {
  const done = await deps.orm.em.fork().transactional(async (em) => {
    const run = sqlIn(em);
    const [echo] = await run<EchoRow>(
      `select e.id, e.company_id, e.ticket_id, e.created_at
         from messages m
         join tickets mt on mt.id = m.ticket_id
         join messages e on e.whatsapp_id = m.whatsapp_id and e.external_id = ? and e.id <> m.id
         join tickets et on et.id = e.ticket_id
        where m.company_id = ? and m.id = ? and e.company_id = m.company_id and e.from_me and e.user_id is null and not e.is_private
          and et.contact_id = mt.contact_id
        for update of e`,
      [externalId, companyId, messageId],
    );
    if (!echo) return null;
    await run('update messages set quoted_msg_id = ? where company_id = ? and quoted_msg_id = ?', [
      messageId,
      companyId,
      echo.id,
    ]);
    await run('delete from messages where company_id = ? and id = ?', [companyId, echo.id]);
    const [changed] = await run<{ ack: number; before: number; ticket_id: number; user_id: number | null }>(
      `update messages m set ack = greatest(m.ack, ?), external_id = ?, delivery_error = null
         from (select id, ack from messages where company_id = ? and id = ?) old
        where m.id = old.id
        returning m.ack, old.ack as before, m.ticket_id, m.user_id`,
      [ack, externalId, companyId, messageId],
    );
    if (!changed) return null;
    const deleted = echo.ticket_id === changed.ticket_id ? null : await deleteIfEmpty(run, echo);
    const ticketChanged = !deleted && (await repairTicket(run, echo, changed.user_id === null));
    return { changed, echo, deleted, ticketChanged };
  });
  if (!done) return null;
  const { changed, echo, deleted, ticketChanged } = done;
  await deps.events.emit('message.removed', {
    companyId,
    ticketId: echo.ticket_id,
    messageId: Number(echo.id),
    keptId: messageId,
  });
  if (deleted)
    await deps.events.emit('ticket.deleted', { companyId, ticketId: echo.ticket_id, was: deleted });
  else if (ticketChanged) await deps.events.emit('ticket.updated', { companyId, ticketId: echo.ticket_id });
  return { ack: changed.ack, before: changed.before };
}

/**
 * The echo's ticket, when it is not the kept message's, holds no message any more (private notes count) and nobody has
 * acted on it (no owner, no log entry by a user), deleted: the echo's ingest opened it because the attendant closed
 * theirs between the send and the echo, and without the echo it would stay, empty, in someone's list. A ticket an
 * attendant opened for the contact meanwhile (by hand, still empty) is theirs, and stays. What hangs on it goes with it
 * (every foreign key to tickets cascades: tags, logs, ratings, notes, messages, bot turns owed, automation assignments;
 * the dashboard's rollup trigger records the delete as a negative delta). The ticket is locked first, in a statement of
 * its own: a message being written to it meanwhile holds a lock on it, so it is waited for and then seen by the
 * delete's newer snapshot (the ticket stays); an ingest after the lock waits, then finds no open ticket and opens one.
 * Answers who saw the ticket (the `was` of `ticket.deleted`), or null when it stays.
 */
async function deleteIfEmpty(run: TransactionSql, echo: EchoRow) {
  await run('select id from tickets where company_id = ? and id = ? for update', [
    echo.company_id,
    echo.ticket_id,
  ]);
  const [gone] = await run<{ user_id: number | null; queue_id: number | null; is_group: boolean }>(
    `delete from tickets t where t.company_id = ? and t.id = ? and t.user_id is null
        and not exists (select 1 from messages m where m.ticket_id = t.id)
        and not exists (select 1 from ticket_logs l where l.ticket_id = t.id and l.user_id is not null)
      returning t.user_id, t.queue_id, t.is_group`,
    [echo.company_id, echo.ticket_id],
  );
  return gone ? { userId: gone.user_id, queueId: gone.queue_id, isGroup: gone.is_group } : null;
}

/**
 * The echo's ticket without the echo: its last message read again when the echo was its newest message; for a bot's
 * message (`restoreUnread`), the unread count the echo's ingest cleared is counted again (the contact's unread messages
 * since an attendant last wrote). Answers whether the ticket changed.
 */
async function repairTicket(run: TransactionSql, echo: EchoRow, restoreUnread: boolean) {
  let changed = false;
  const [newest] = await run<{ body: string; media_type: string; created_at: Date; id: string }>(
    `select body, media_type, created_at, id from messages
      where company_id = ? and ticket_id = ? and not is_private order by created_at desc, id desc limit 1`,
    [echo.company_id, echo.ticket_id],
  );
  const echoWasNewest =
    !newest ||
    new Date(newest.created_at).getTime() < new Date(echo.created_at).getTime() ||
    (new Date(newest.created_at).getTime() === new Date(echo.created_at).getTime() &&
      Number(newest.id) < Number(echo.id));
  if (echoWasNewest) {
    const preview = newest ? lastMessagePreview({ body: newest.body, mediaType: newest.media_type }) : '';
    const rows = await run(
      `update tickets set last_message = ?
        where company_id = ? and id = ? and last_message is distinct from ? returning id`,
      [preview, echo.company_id, echo.ticket_id, preview],
    );
    changed ||= rows.length > 0;
  }
  if (restoreUnread) {
    const rows = await run(
      `update tickets t set unread_messages = n.count
         from (select count(*)::int as count from messages m
                where m.ticket_id = ? and not m.from_me and not m.read and not m.is_private
                  and m.created_at > coalesce((select max(created_at) from messages
                                                where ticket_id = ? and user_id is not null), '-infinity')) n
        where t.company_id = ? and t.id = ? and t.unread_messages <> n.count
        returning t.id`,
      [echo.ticket_id, echo.ticket_id, echo.company_id, echo.ticket_id],
    );
    changed ||= rows.length > 0;
  }
  return changed;
}
