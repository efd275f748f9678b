import type { EventsPort, SettingsPort } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventBus } from '../../events/event-bus.js';
import { companyTexts, textsIn } from '../automation/customer-texts.js';
import { renderVariables, ticketVariables } from '../automation/message-variables.js';
import { outgoingTicket, storeOutgoing } from '../messages/outgoing.js';
import { Ticket } from './ticket.entity.js';

/** Automatic texts start with U+200E so the inbound side recognises their echoes (peer-server-behaviour). */
const AUTOMATIC = '\u200e';

/** The greeting an attendant's accept sends (the peers' frontend text, pt-BR; the company's language is used). */
export const ACCEPT_GREETING = textsIn('pt-BR').acceptGreeting;

/**
 * What the customer hears when their ticket is transferred with sendMsgTransfTicket on (peer §4.3 customer notice).
 * The spec has no setting for the text itself, so it is fixed: pt-BR here, the company's language is used.
 */
export const TRANSFER_NOTICE = textsIn('pt-BR').transferNotice;

export interface AutomaticDeps {
  em: EntityManager;
  events: EventsPort;
  settings: SettingsPort;
}

interface TicketFacts {
  id: number;
  companyId: number;
  contactId: number;
  whatsappId?: number | null;
  queueId?: number | null;
  userId?: number | null;
  isGroup: boolean;
}

async function connectionOf(em: EntityManager, t: TicketFacts) {
  if (!t.whatsappId) return null;
  const [row] = await em
    .getConnection()
    .execute<{ group_as_ticket: string; complation_message: string | null }[]>(
      'select group_as_ticket, complation_message from whatsapps where company_id = ? and id = ?',
      [t.companyId, t.whatsappId],
    );
  return row ?? null;
}

/** Groups hear automatic texts only when their connection treats groups as tickets (spec part 1 §4). */
const reachesGroup = (t: TicketFacts, conn: { group_as_ticket: string } | null) =>
  !t.isGroup || conn?.group_as_ticket === 'enabled';

async function userField(em: EntityManager, companyId: number, userId: number | null | undefined) {
  if (!userId) return null;
  const [row] = await em
    .getConnection()
    .execute<{ name: string; farewell_message: string | null }[]>(
      'select name, farewell_message from users where company_id = ? and id = ?',
      [companyId, userId],
    );
  return row ?? null;
}

async function send(
  deps: AutomaticDeps,
  t: TicketFacts,
  userId: number | null,
  text: string,
  userName: string,
) {
  const vars = await ticketVariables(deps.em, t.companyId, t.id, userName);
  const texts = await companyTexts(deps.settings, t.companyId);
  await storeOutgoing(deps, {
    companyId: t.companyId,
    ticket: outgoingTicket(t),
    userId,
    body: `${AUTOMATIC}${renderVariables(text, { ...vars, texts })}`,
  });
}

/** Spec part 1 §4 Accept: with sendGreetingAccepted on, a ticket taken from pending greets the contact. */
export async function greetOnAccept(deps: AutomaticDeps, t: TicketFacts, agentId: number): Promise<void> {
  if (!(await deps.settings.isEnabled(t.companyId, 'sendGreetingAccepted'))) return;
  if (!reachesGroup(t, await connectionOf(deps.em, t))) return;
  const agent = await userField(deps.em, t.companyId, agentId);
  const { acceptGreeting } = await companyTexts(deps.settings, t.companyId);
  await send(deps, t, agentId, acceptGreeting, agent?.name ?? '');
}

/**
 * Spec part 1 §4 Close with farewell (peer-server-behaviour §4.2): the closing user's farewellMessage, else the
 * ticket user's, else the connection's complationMessage; a pending ticket only with sendFarewellWaitingTicket on.
 * Sent before the ticket closes, so it is the conversation's last message.
 */
export async function farewellOnClose(
  deps: AutomaticDeps,
  t: TicketFacts & { status: string },
  /** Null: a plugin closes it (TicketsPort with 'plugin'): the connection's text, sent as Balcão. */
  closerId: number | null,
): Promise<void> {
  if (t.status === 'pending' && !(await deps.settings.isEnabled(t.companyId, 'sendFarewellWaitingTicket')))
    return;
  const conn = await connectionOf(deps.em, t);
  if (!reachesGroup(t, conn)) return;
  const closer = await userField(deps.em, t.companyId, closerId);
  const owner = t.userId && t.userId !== closerId ? await userField(deps.em, t.companyId, t.userId) : null;
  const text =
    closer?.farewell_message?.trim() || owner?.farewell_message?.trim() || conn?.complation_message?.trim();
  if (!text) return;
  await send(deps, t, closerId, ` ${text}`, closer?.name ?? '');
}

/**
 * Peer §4.3 customer notice: with sendMsgTransfTicket on, a transfer that lands in a queue and changes the queue or
 * the attendant tells the contact, from the attendant who transferred. Groups only as for the other automatic texts.
 */
export async function noticeOnTransfer(
  deps: AutomaticDeps,
  t: TicketFacts,
  before: { queueId: number | null; userId: number | null },
  senderId: number,
): Promise<void> {
  const moved = (t.queueId ?? null) !== before.queueId || (t.userId ?? null) !== before.userId;
  if (!t.queueId || !moved) return;
  if (!(await deps.settings.isEnabled(t.companyId, 'sendMsgTransfTicket'))) return;
  if (!reachesGroup(t, await connectionOf(deps.em, t))) return;
  const sender = await userField(deps.em, t.companyId, senderId);
  const { transferNotice } = await companyTexts(deps.settings, t.companyId);
  await send(deps, t, senderId, ` ${transferNotice}`, sender?.name ?? '');
}

/**
 * The automatic texts that follow a ticket's change, as subscribers of the event catalogue: the accept greeting on
 * `ticket.accepted`, the transfer notice on `ticket.transferred` (to a user or a queue, by a user). Each runs in a
 * scope of its own, after the change committed, and before the request that made it answers (the bus awaits them).
 * The farewell is not among them: it must go before the ticket closes, so the close itself sends it.
 */
export function wireAutomaticMessages(
  events: Pick<EventBus, 'on'>,
  scopeOf: (companyId: number) => AutomaticDeps,
): void {
  const ticketOf = async (deps: AutomaticDeps, companyId: number, ticketId: number) =>
    deps.em.findOne(Ticket, { id: ticketId, companyId });
  events.on('ticket.accepted', async ({ companyId, ticketId, userId }) => {
    const deps = scopeOf(companyId);
    const ticket = await ticketOf(deps, companyId, ticketId);
    if (ticket) await greetOnAccept(deps, ticket, userId);
  });
  events.on('ticket.transferred', async ({ companyId, ticketId, kind, userId, from }) => {
    if (kind === 'return' || userId === null) return;
    const deps = scopeOf(companyId);
    const ticket = await ticketOf(deps, companyId, ticketId);
    if (ticket) await noticeOnTransfer(deps, ticket, from, userId);
  });
}
