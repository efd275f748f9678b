import type { Cradle } from '../../kernel/container.js';
import {
  type ConnectionFacts,
  connectionFactsJsonSql,
  primeConnectionFacts,
  toConnectionFacts,
} from '../connections/connection-facts.js';
import { type MenuQueueRow, menuQueuesJsonSql, primeMenuQueues } from '../connections/connection-menu.js';
import { type ITicket, Ticket } from '../tickets/ticket.entity.js';
import type { TurnContact } from './inbound-stages.js';

/** The ticket's bot lease, taken when free or lapsed (parameters: seconds, ticket id); answers the ticket's row. */
export const LEASE = `update tickets set bot_lease_until = now() + make_interval(secs => ?)
  where id = ? and (bot_lease_until is null or bot_lease_until < now()) returning *`;

/** An inbound message a turn deals with. */
export interface TurnMessage {
  id: number;
  body: string;
}

/** What the turn's lease statement answers besides the ticket's row (as the lease left it). */
interface TurnExtras {
  turn_messages: TurnMessage[] | null;
  turn_contact: { id: number; disable_bot: boolean; lgpd_accepted_at: string | null } | null;
  turn_connection: Record<string, unknown> | null;
  turn_settings: { key: string; value: string }[] | null;
  turn_menu: MenuQueueRow[] | null;
}

/**
 * What a turn reads of the database before its stages decide, in the statement that takes its lease (turn-batches.ts;
 * issue 30 item 5: a turn was 7 round trips, four of them re-reading rows each turn needs), as columns beside the
 * ticket's row `t`: the inbound messages after the cursor up to the turn's own (`upto`) and the ticket's contact. Read
 * as of that statement, every turn, as is {@link TURN_SHARED}.
 */
export const TURN_OWN = (t: string, upto: string) => `
    (select jsonb_agg(jsonb_build_object('id', m.id, 'body', m.body) order by m.id) from messages m
      where m.ticket_id = ${t}.id and m.id > coalesce(${t}.bot_cursor, 0) and m.id <= ${upto}
        and not m.from_me and not m.is_private and m.media_type <> 'reactionMessage') as turn_messages,
    (select jsonb_build_object('id', c.id, 'disable_bot', c.disable_bot, 'lgpd_accepted_at', c.lgpd_accepted_at)
      from contacts c where c.id = ${t}.contact_id and c.company_id = ${t}.company_id) as turn_contact`;

/**
 * What the turns of one company and connection read alike, once per such pair of a lease statement (`p`, with
 * `company_id` and `whatsapp_id`): the connection, its menu queues and the company's settings. An admin's change of a
 * setting or a connection is seen by the next turn, on any instance, with no cache to invalidate.
 */
export const TURN_SHARED = (p: string) => `
    ${connectionFactsJsonSql(`${p}.whatsapp_id`, `${p}.company_id`)} as turn_connection,
    (select jsonb_agg(jsonb_build_object('key', s.key, 'value', s.value)) from company_settings s
      where s.company_id = ${p}.company_id) as turn_settings,
    ${menuQueuesJsonSql(`${p}.whatsapp_id`, `${p}.company_id`)} as turn_menu`;

/**
 * Splits the lease statement's row and puts what it read where the turn's code looks for it: the ticket in the scope's
 * identity map (the turn writes it through it), the contact's facts for the stages (TurnContact), the connection's
 * facts and menu queues in the scope's reads (connections/connection-facts.ts, connection-menu.ts), the company's
 * settings in the scope's settings. Null when the ticket is not the company's (nothing is kept then).
 */
export function primeTurn(
  scope: Cradle,
  companyId: number,
  row: Record<string, unknown>,
): { ticket: ITicket; contact: TurnContact | null; messages: TurnMessage[] } | null {
  const { turn_messages, turn_contact, turn_connection, turn_settings, turn_menu, ...ticketRow } =
    row as Record<string, unknown> & TurnExtras;
  if (Number(ticketRow.company_id) !== companyId) return null;
  const ticket = scope.em.map(Ticket, ticketRow);
  const contact: TurnContact | null = turn_contact && {
    id: turn_contact.id,
    disableBot: turn_contact.disable_bot,
    lgpdAcceptedAt: turn_contact.lgpd_accepted_at == null ? null : new Date(turn_contact.lgpd_accepted_at),
  };
  if (turn_connection) {
    // Its facts as plain values (connections/connection-facts.ts), and its menu queues for the queue menu stage.
    const connection: ConnectionFacts = toConnectionFacts(turn_connection);
    primeConnectionFacts(scope, companyId, connection);
    if (turn_menu) primeMenuQueues(scope, companyId, connection.id, turn_menu);
  }
  scope.settings.prime(companyId, turn_settings ?? []);
  return {
    ticket,
    contact,
    messages: (turn_messages ?? []).map((m) => ({ id: Number(m.id), body: m.body })),
  };
}
