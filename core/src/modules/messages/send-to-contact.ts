import {
  AppError,
  lastMessagePreview,
  type MessageDto,
  type SendToContactInput,
  sendToContactSchema,
  validate,
} from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { channelOffered } from '../connections/channel-plan.js';
import { connectionReaches } from '../connections/connection-reach.js';
import { ownMediaType } from './media-storage.js';
import { findMessageDto } from './message-queries.js';
import type { MessagesPortDeps } from './messages-port.js';
import { announceOutgoing, type OutgoingMessage } from './outgoing.js';

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
    `with opened as (
       insert into tickets (company_id, contact_id, whatsapp_id, channel, status, is_group)
       values (?, ?, ?, ?, ?, ?)
       on conflict (company_id, contact_id, coalesce(whatsapp_id, 0)) where status <> 'closed' do nothing
       returning id, company_id),
     log as (
       insert into ticket_logs (company_id, ticket_id, user_id, queue_id, type, bot, plugin, created_at)
       select company_id, id, null, null, 'create', null, ?, now() from opened)
     select id from opened`,
    [a.companyId, a.contact.id, a.connectionId, a.contact.channel, status, a.contact.is_group, a.plugin],
  );
  if (opened) return { id: opened.id, change: status === 'held' ? 'openedHeld' : 'opened' };
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

/** What a send needs to know before it writes, read in one statement: the key's use, the contact, the connection. */
interface SendFacts {
  key_used: boolean;
  key_message_id: string | null;
  contact_id: number | null;
  contact_channel: string;
  is_group: boolean;
  connection_id: number | null;
  connection_channel: string;
  known: boolean;
}

async function sendFacts(
  em: EntityManager,
  companyId: number,
  plugin: string,
  idempotencyKey: string,
  contactId: number,
  connectionId: number,
): Promise<SendFacts> {
  const [row] = await em.execute<SendFacts[]>(
    `select s.idempotency_key is not null as key_used, s.message_id as key_message_id,
            c.id as contact_id, c.channel as contact_channel, c.is_group,
            w.id as connection_id, w.channel as connection_channel,
            exists (select 1 from tickets t where t.contact_id = c.id and t.whatsapp_id = w.id) as known
       from (select 1) one
       left join plugin_sends s on s.company_id = ? and s.plugin = ? and s.idempotency_key = ?
       left join contacts c on c.company_id = ? and c.id = ?
       left join whatsapps w on w.company_id = ? and w.id = ?`,
    [companyId, plugin, idempotencyKey, companyId, contactId, companyId, connectionId],
  );
  return row;
}

/** The connection is the company's and can write to the contact (connection-reach.ts's rule). */
const reaches = (channels: MessagesPortDeps['channels'], f: SendFacts) =>
  f.connection_id !== null &&
  connectionReaches(channels, {
    channel: f.connection_channel,
    contact_channel: f.contact_channel,
    known: f.known,
  });

/**
 * writeOutgoing's writes for a plugin's message (no user, not private) on a ticket this transaction holds by SQL, in
 * one statement: the message, its outbox row, the ticket's preview — and the key names the message.
 */
async function writeKeyedOutgoing(
  tx: EntityManager,
  m: OutgoingMessage,
  key: { companyId: number; plugin: string; idempotencyKey: string },
): Promise<number> {
  const [row] = await tx.execute<{ id: string }[]>(
    `with m as (
       insert into messages (company_id, ticket_id, contact_id, whatsapp_id, queue_id, user_id, body, from_me, read,
                             ack, is_private, media_type, media_url, quoted_msg_id, is_forwarded, voice_note,
                             created_at, updated_at)
       values (?, ?, ?, ?, null, null, ?, true, true, 0, false, ?, ?, null, false, false, now(), now())
       returning id, company_id),
     outbox as (
       insert into message_outbox (company_id, message_id, action) select company_id, id, 'send' from m
       on conflict (message_id, action) do nothing),
     preview as (update tickets set last_message = ?, updated_at = now() where id = ? and company_id = ?),
     keyed as (
       update plugin_sends set message_id = (select id from m)
        where company_id = ? and plugin = ? and idempotency_key = ?)
     select id from m`,
    [
      m.companyId,
      m.ticket.id,
      m.ticket.contactId,
      m.ticket.whatsappId,
      m.body,
      m.mediaType ?? 'chat',
      m.mediaUrl ?? null,
      lastMessagePreview(m),
      m.ticket.id,
      m.companyId,
      key.companyId,
      key.plugin,
      key.idempotencyKey,
    ],
  );
  return Number(row.id);
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
  const seen = await sendFacts(
    em,
    companyId,
    plugin,
    input.idempotencyKey,
    input.contactId,
    input.connectionId,
  );
  if (seen.key_used) return answer(seen.key_message_id === null ? null : Number(seen.key_message_id));
  if (seen.contact_id === null) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
  const contact: ContactRow = { id: seen.contact_id, channel: seen.contact_channel, is_group: seen.is_group };
  if (!reaches(deps.channels, seen))
    throw new AppError('ERR_CONNECTION_CANNOT_REACH', 400, { whatsappId: input.connectionId });
  if (!(await channelOffered(deps.channels, deps.planGate, companyId, seen.connection_channel)))
    throw new AppError('ERR_CHANNEL_NOT_IN_PLAN', 403, { channel: seen.connection_channel });
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
    const messageId = await writeKeyedOutgoing(tx, message, key);
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
