import type { Cradle } from '../../kernel/container.js';
import { withTicketLease } from '../bots/bot-dispatch.js';
import { Ticket } from '../tickets/ticket.entity.js';
import { type Attendant, assignTicket, availableAttendants, nextInTurn } from './queue-attendants.js';

/** What the ticket log names behind the rotation's assignments. */
export const ROTATION_ACTOR = 'automation:queue-rotation';

/** A ticket of a rotating queue: waiting for an attendant (user null) or given by the automation to one who did not act. */
interface RotationRow {
  id: number;
  queue_id: number;
  user_id: number | null;
}

/**
 * The company's pending private tickets nobody has in queues with the rotation on (`ativarRoteador`, `tempoRoteador`
 * set), not held by a bot (the menu, a tree, an engine); and its open tickets the automation gave to a user
 * (automation_assignments, still that user's) `tempoRoteador` minutes ago or more, with no message from that user
 * since.
 */
const ROTATION_SQL = `
  select t.id, t.queue_id, t.user_id
    from tickets t
    join queues q on q.id = t.queue_id and q.company_id = t.company_id
   where t.company_id = ? and q.ativar_roteador and q.tempo_roteador > 0 and not t.is_group
     and ((t.status = 'pending' and t.user_id is null and not t.is_bot)
       or (t.status = 'open' and exists (
             select 1 from automation_assignments a
              where a.ticket_id = t.id and a.user_id = t.user_id
                and a.assigned_at + make_interval(mins => q.tempo_roteador) <= ?
                and not exists (select 1 from messages m
                                 where m.ticket_id = t.id and m.id > a.message_id and m.from_me
                                   and m.user_id = t.user_id))))
   order by t.queue_id, t.id`;

/**
 * Queue rotation (peer §5.3, GB's round-robin mode "ORDENADO"), the `automation:queue-rotation` agenda job, every
 * minute per company, at the kernel clock's now:
 * - a ticket waiting in a rotating queue goes, open, to the queue's next available attendant (profile user, online,
 *   in working hours) in turn (by name, after the one served last; automation_queue_rotation keeps who that was);
 * - a ticket the automation gave to a user who has not written in it for `tempoRoteador` minutes goes to the next
 *   one (never back to the same); alone in the queue, they keep it.
 * Each ticket is taken under the turn's lease and read again: one an attendant took or a bot holds meanwhile is left
 * alone. A ticket that fails is logged and tried again on the next run.
 */
export async function rotateQueues(scope: Cradle, companyId: number): Promise<void> {
  const conn = scope.em.getConnection();
  const rows = await conn.execute<RotationRow[]>(ROTATION_SQL, [companyId, scope.clock.now()]);
  const attendants = new Map<number, Attendant[]>();
  for (const row of rows) {
    try {
      let list = attendants.get(row.queue_id);
      if (!list) {
        list = await availableAttendants(scope, companyId, row.queue_id);
        attendants.set(row.queue_id, list);
      }
      await rotate(scope, companyId, row, list);
    } catch (err) {
      scope.logger.error({ err, companyId, ticketId: row.id }, 'queue rotation failed');
    }
  }
}

async function rotate(scope: Cradle, companyId: number, row: RotationRow, list: Attendant[]): Promise<void> {
  const conn = scope.em.getConnection();
  const [state] = await conn.execute<{ last_user_id: number | null }[]>(
    'select last_user_id from automation_queue_rotation where queue_id = ?',
    [row.queue_id],
  );
  const next = nextInTurn(list, state?.last_user_id ?? null, row.user_id);
  if (!next) return;
  await withTicketLease(conn, row.id, async () => {
    const ticket = await scope.em.findOne(Ticket, { id: row.id, companyId }, { refresh: true });
    if (!ticket || ticket.queueId !== row.queue_id || ticket.isGroup) return;
    const waiting = ticket.status === 'pending' && ticket.userId == null && !ticket.isBot;
    const idle = row.user_id != null && ticket.status === 'open' && ticket.userId === row.user_id;
    if (!waiting && !idle) return;
    await assignTicket(scope, ticket, next.id, ROTATION_ACTOR);
    await conn.execute(
      `insert into automation_queue_rotation (queue_id, company_id, last_user_id) values (?, ?, ?)
       on conflict (queue_id) do update set last_user_id = excluded.last_user_id`,
      [row.queue_id, companyId, next.id],
    );
  });
}
