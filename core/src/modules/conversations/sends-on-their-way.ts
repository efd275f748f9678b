import type { ChannelConnection } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { preparedRows } from '../../db/prepared.js';

/**
 * Whether a delivery the contact sees as a message (a send or a reaction) to `to` on the connection is being made now,
 * by any process (ConversationsPort.sendsOnTheirWay): its outbox row is claimed by a worker whose lease has not run
 * out. A claimed row is deleted only after recordDelivered stored the channel's id on the message (outbox-worker.ts),
 * so once none is left the echo of such a send is a duplicate for ingest. A row still waiting (due or backing off) is
 * not on its way: no echo of it can exist yet. The connection and contact are the ticket's, as the delivery reads
 * them (outbound.ts); every table is scoped by the connection's company.
 *
 * The company's claimed rows come first (a handful, by the partial index message_outbox_claimed), each joined to its
 * message and ticket by their keys; `materialized` keeps it that way: left to itself the planner started from the
 * contact and walked every message of their tickets (thousands for a long conversation) to find the few claimed.
 */
export async function sendsOnTheirWay(
  em: EntityManager,
  connection: Pick<ChannelConnection, 'id' | 'companyId' | 'channel'>,
  to: string,
): Promise<boolean> {
  if (!to || to.length > 255) return false;
  const { companyId } = connection;
  const rows = await preparedRows<{ one: number }>(
    em,
    `with claimed as materialized (
       select t.contact_id
         from message_outbox o
         join messages m on m.id = o.message_id
         join tickets t on t.id = m.ticket_id
        where o.company_id = ? and o.locked_until > now() and o.status = 'pending' and o.action in ('send', 'react')
          and m.company_id = ? and t.company_id = ? and t.whatsapp_id = ?)
     select 1 as one
       from claimed k join contacts c on c.id = k.contact_id
      where c.company_id = ? and c.channel = ? and c.number = ?
      limit 1`,
    [companyId, companyId, companyId, connection.id, companyId, connection.channel, to],
  );
  return rows.length > 0;
}
