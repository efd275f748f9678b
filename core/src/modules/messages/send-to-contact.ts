import {
  AppError,
  type MessageDto,
  type SendToContactInput,
  sendToContactSchema,
  validate,
} from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { assertConnectionOffered } from '../connections/channel-plan.js';
import { assertReaches } from '../connections/connection-reach.js';
import { writeTicketLogs } from '../tickets/ticket-logs.js';
import { ownMediaType } from './media-storage.js';
import { findMessageDto } from './message-queries.js';
import type { MessagesPortDeps } from './messages-port.js';
import { announceOutgoing, type OutgoingMessage, writeOutgoing } from './outgoing.js';

/** What the send did to the contact's ticket, told to attendants after the commit. */
type TicketChange = 'opened' | 'openedHeld' | 'released' | 'none';

/** The key's message, when the key was used before (null: its message was removed since). */
async function firstSend(
  em: EntityManager,
  key: { companyId: number; plugin: string; idempotencyKey: string },
): Promise<{ messageId: number | null } | null> {
  const [row] = await em.execute<{ message_id: string | null }[]>(
    'select message_id from plugin_sends where company_id = ? and plugin = ? and idempotency_key = ?',
    [key.companyId, key.plugin, key.idempotencyKey],
  );
  if (!row) return null;
  return { messageId: row.message_id === null ? null : Number(row.message_id) };
}

/** The contact's ticket in progress on the connection, opened (by the plugin, held if asked) when there is none. */
async function ticketFor(
  tx: EntityManager,
  a: { companyId: number; plugin: string; contact: ContactRow; connectionId: number; hold: boolean },
): Promise<{ id: number; change: TicketChange }> {
  const status = a.contact.is_group ? 'group' : a.hold ? 'held' : 'pending';
  // The unique index on the contact's non-closed ticket decides between concurrent sends: the later one waits for the
  // first's commit and then finds its ticket.
  const [opened] = await tx.execute<{ id: number }[]>(
    `insert into tickets (company_id, contact_id, whatsapp_id, channel, status, is_group)
     values (?, ?, ?, ?, ?, ?)
     on conflict (company_id, contact_id, coalesce(whatsapp_id, 0)) where status <> 'closed' do nothing
     returning id`,
    [a.companyId, a.contact.id, a.connectionId, a.contact.channel, status, a.contact.is_group],
  );
  if (opened) {
    const ticket = { id: opened.id, companyId: a.companyId, queueId: null };
    await writeTicketLogs(tx, ticket, [{ type: 'create', userId: null, plugin: a.plugin }]);
    return { id: opened.id, change: status === 'held' ? 'openedHeld' : 'opened' };
  }
  const [found] = await tx.execute<{ id: number; status: string }[]>(
    `select id, status from tickets
      where company_id = ? and contact_id = ? and coalesce(whatsapp_id, 0) = ? and status <> 'closed' for update`,
    [a.companyId, a.contact.id, a.connectionId],
  );
  if (!found) throw new AppError('ERR_OTHER_OPEN_TICKET', 409);
  if (found.status === 'held' && !a.hold) {
    // A send that is not held on a ticket still waiting for the answer: attendants get it now.
    await tx.execute(
      `update tickets set status = 'pending', queued_at = now(), updated_at = now() where id = ?`,
      [found.id],
    );
    return { id: found.id, change: 'released' };
  }
  return { id: found.id, change: 'none' };
}

interface ContactRow {
  id: number;
  channel: string;
  is_group: boolean;
}

/**
 * MessagesPort.sendToContact (sdk domain-ports.ts): exactly one message per (company, plugin, key). The key is claimed
 * by an insert in the transaction that stores the message and its outbox row: a concurrent send with the key waits on
 * the key's index entry and then finds the first's message; a crash before the commit leaves nothing, after it the
 * whole send. Attendants and the delivery worker hear of it after the commit (nothing of a held ticket).
 */
export async function sendToContact(
  deps: MessagesPortDeps,
  companyId: number,
  plugin: string,
  raw: SendToContactInput,
): Promise<MessageDto> {
  const input = validate(sendToContactSchema, raw);
  const { em } = deps;
  const key = { companyId, plugin, idempotencyKey: input.idempotencyKey };
  const answer = async (messageId: number | null | undefined): Promise<MessageDto> => {
    const dto =
      messageId == null ? null : await findMessageDto(em, companyId, messageId, { maskNumbers: false });
    if (!dto) throw new AppError('ERR_NO_MESSAGE_FOUND', 404);
    return dto;
  };
  const before = await firstSend(em, key);
  if (before) return answer(before.messageId);

  const [contact] = await em.execute<ContactRow[]>(
    'select id, channel, is_group from contacts where company_id = ? and id = ?',
    [companyId, input.contactId],
  );
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
  await assertReaches(em, deps.channels, companyId, input.connectionId, contact.id);
  await assertConnectionOffered(deps, companyId, input.connectionId);
  if (input.media && !(await ownMediaType(deps.config.dataDir, companyId, input.media.url)))
    throw new AppError('ERR_VALIDATION', 400, {
      fields: [
        { path: 'media.url', message: "Not a file of the company's store: store it with MediaPort first" },
      ],
    });

  const sent = await em.transactional(async (tx) => {
    const claimed = await tx.execute<{ claimed: number }[]>(
      `insert into plugin_sends (company_id, plugin, idempotency_key) values (?, ?, ?)
       on conflict do nothing returning 1 as claimed`,
      [companyId, plugin, input.idempotencyKey],
    );
    if (!claimed.length) return { replay: (await firstSend(tx, key))?.messageId ?? null };
    const ticket = await ticketFor(tx, {
      companyId,
      plugin,
      contact,
      connectionId: input.connectionId,
      hold: input.holdUntilReply ?? false,
    });
    const message: OutgoingMessage = {
      companyId,
      ticket: { id: ticket.id, contactId: contact.id, whatsappId: input.connectionId, queueId: null },
      userId: null,
      body: input.body ?? '',
      mediaType: input.media ? input.media.type : 'chat',
      mediaUrl: input.media?.url ?? null,
    };
    const messageId = await writeOutgoing(tx, message);
    await tx.execute(
      'update plugin_sends set message_id = ? where company_id = ? and plugin = ? and idempotency_key = ?',
      [messageId, companyId, plugin, input.idempotencyKey],
    );
    return { messageId, message, change: ticket.change };
  });
  if ('replay' in sent) return answer(sent.replay);

  const ticketId = sent.message.ticket.id;
  if (sent.change === 'opened') await deps.events.emit('ticket.created', { companyId, ticketId });
  if (sent.change === 'opened' || sent.change === 'released')
    await deps.events.emit('ticket.updated', { companyId, ticketId });
  await announceOutgoing(deps.events, sent.message, sent.messageId);
  return answer(sent.messageId);
}
