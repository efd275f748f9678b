import type { Cradle } from '../../kernel/container.js';
import { Ticket } from '../tickets/ticket.entity.js';
import { sendAutomatic } from './send-automatic.js';

/** The name the timers' ticket log entries and transitions carry as their `bot`. */
export const IDLE_TIMERS = 'automation:idle-tickets';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A ticket the timers may act on, with its connection's timer fields and the times of its last messages. */
interface IdleRow {
  id: number;
  status: 'open' | 'pending';
  queue_id: number | null;
  warning_id: string | number | null;
  created_at: Date;
  expires_ticket: number;
  when_expires_ticket: string;
  time_inactive_message: number;
  inactive_message: string | null;
  expires_inactive_message: string | null;
  time_send_queue: number;
  send_id_queue: number | null;
  last_id: string | number | null;
  last_at: Date | null;
  contact_at: Date | null;
  ours_at: Date | null;
}

/**
 * The company's open and pending private tickets on connections with a timer set, each with the id and time of its
 * last message, the contact's last message and ours (the inactivity warning left out). Private notes are not
 * messages to the contact: they count for nothing. Each lookup is one step of messages_ticket_created_index.
 */
const IDLE_SQL = `
  select t.id, t.status, t.queue_id, t.inactive_warning_id as warning_id, t.created_at,
         w.expires_ticket, w.when_expires_ticket, w.time_inactive_message, w.inactive_message,
         w.expires_inactive_message, w.time_send_queue, w.send_id_queue,
         last.id as last_id, last.created_at as last_at,
         (select m.created_at from messages m
           where m.ticket_id = t.id and not m.from_me and not m.is_private
           order by m.created_at desc, m.id desc limit 1) as contact_at,
         (select m.created_at from messages m
           where m.ticket_id = t.id and m.from_me and not m.is_private and m.id is distinct from t.inactive_warning_id
           order by m.created_at desc, m.id desc limit 1) as ours_at
    from tickets t
    join whatsapps w on w.id = t.whatsapp_id and w.company_id = t.company_id
    left join lateral (select m.id, m.created_at from messages m where m.ticket_id = t.id and not m.is_private
                        order by m.created_at desc, m.id desc limit 1) last on true
   where t.company_id = ? and t.status in ('open', 'pending') and not t.is_group
     and (w.expires_ticket > 0 or w.time_inactive_message > 0 or (w.time_send_queue > 0 and w.send_id_queue is not null))
   order by t.id`;

/**
 * When the ticket's idle time starts (docs/automation.md "Idle tickets"): with whenExpiresTicket '0', the contact's
 * last message (the ticket's creation when the contact never wrote); with '1', our last message, and only while it is
 * the last word (a contact who answered is waiting for us: no timer runs).
 */
function idleSince(row: IdleRow): Date | null {
  if (row.when_expires_ticket === '1') {
    if (!row.ours_at) return null;
    return row.contact_at && row.contact_at > row.ours_at ? null : row.ours_at;
  }
  return row.contact_at ?? row.created_at;
}

/**
 * The connection timers of idle tickets (issue 15; peer-server-behaviour §5.1, §5.2), run every minute per company by
 * the `automation:idle-tickets` agenda job, at the kernel clock's now:
 * - inactivity warning: `inactiveMessage` once `timeInactiveMessage` minutes passed idle (open and pending tickets);
 * - auto-close: open tickets idle `expiresTicket` hours (plus the warning's minutes when a warning is set, so the
 *   contact has the full hours to answer it; never before the warning went), `expiresInactiveMessage` sent first,
 *   closed without farewell or rating, log 'autoClose';
 * - redirect: pending tickets with no queue, idle `timeSendQueue` minutes, move to `sendIdQueue` (log 'redirect'),
 *   silently.
 * A ticket that fails is logged and left for the next run; the others go on.
 */
export async function sweepIdleTickets(scope: Cradle, companyId: number): Promise<void> {
  // Timestamps come back as the driver's text: read as dates.
  const at = (v: Date | string | null) => (v == null ? null : new Date(v));
  const rows = (await scope.em.getConnection().execute<IdleRow[]>(IDLE_SQL, [companyId])).map((r) => ({
    ...r,
    created_at: at(r.created_at) as Date,
    last_at: at(r.last_at),
    contact_at: at(r.contact_at),
    ours_at: at(r.ours_at),
  }));
  const now = scope.clock.now().getTime();
  for (const row of rows) {
    try {
      await actOn(scope, companyId, row, now);
    } catch (err) {
      scope.logger.error({ err, companyId, ticketId: row.id }, 'idle ticket timer failed');
    } finally {
      // Each ticket is its own unit of work: the ORM session forgets it before the next, so a flush never walks the
      // tickets already done (one session kept them all, and a sweep of N tickets cost ~N² server CPU).
      scope.em.clear();
    }
  }
}

async function actOn(scope: Cradle, companyId: number, row: IdleRow, now: number): Promise<void> {
  const { em } = scope;
  let warned = row.warning_id != null;
  // Any message after the warning (the contact answered, an attendant wrote) starts the count again. A warning still
  // being sent (0) is left alone.
  if (warned && Number(row.warning_id) !== 0 && Number(row.last_id) !== Number(row.warning_id)) {
    await em
      .getConnection()
      .execute('update tickets set inactive_warning_id = null where id = ? and inactive_warning_id = ?', [
        row.id,
        row.warning_id,
      ]);
    warned = false;
  }
  const idle = (since: Date | null) => (since ? now - since.getTime() : -1);
  const since = idleSince(row);
  const warning = row.time_inactive_message > 0 && Boolean(row.inactive_message?.trim());

  if (
    row.status === 'pending' &&
    row.queue_id == null &&
    row.time_send_queue > 0 &&
    row.send_id_queue != null
  ) {
    if (idle(row.last_at ?? row.created_at) >= row.time_send_queue * MINUTE) {
      const ticket = await em.findOneOrFail(Ticket, { id: row.id, companyId });
      if (ticket.status !== 'pending' || ticket.queueId != null) return;
      await scope.ticketBotActions.redirect(ticket, IDLE_TIMERS, row.send_id_queue);
      return;
    }
  }

  const closeAfter = row.expires_ticket * HOUR + (warning ? row.time_inactive_message * MINUTE : 0);
  if (row.status === 'open' && row.expires_ticket > 0 && (warned || !warning) && idle(since) >= closeAfter) {
    if (row.expires_inactive_message?.trim())
      await sendAutomatic(scope, companyId, row.id, row.expires_inactive_message);
    const ticket = await em.findOneOrFail(Ticket, { id: row.id, companyId });
    if (ticket.status !== 'open') return;
    ticket.inactiveWarningId = null;
    await scope.ticketBotActions.close(ticket, IDLE_TIMERS, 'autoClose');
    return;
  }

  if (warning && !warned && idle(since) >= row.time_inactive_message * MINUTE) {
    // Claimed first (0), so the warning goes once even if two runs meet; a crash before it is sent loses the warning,
    // not the close.
    const connection = em.getConnection();
    const claimed = await connection.execute(
      'update tickets set inactive_warning_id = 0 where id = ? and inactive_warning_id is null returning id',
      [row.id],
    );
    if (!claimed.length) return;
    const sent = await sendAutomatic(scope, companyId, row.id, row.inactive_message ?? '');
    await connection.execute(
      'update tickets set inactive_warning_id = ? where id = ? and inactive_warning_id = 0',
      [sent?.id ?? null, row.id],
    );
  }
}
