import {
  CHANNELS,
  type ChannelDefinition,
  type ChannelSendContext,
  type EventsPort,
  type Logger,
  type PlanFlag,
  type QuotedMessage,
  type RealtimePort,
} from '@balcao/sdk';
import type { MikroORM } from '@mikro-orm/postgresql';
import { channelOffered } from '../connections/channel-plan.js';
import type { PlanGate } from '../plans/plan-gate.js';
import type { SessionManager } from '../sessions/session-manager.js';
import { channelSendContext } from './channel-context.js';
import { type ConnectionRow, toChannelConnection } from './conversations-service.js';
import type { EarlyAcks } from './early-acks.js';
import { adoptEcho } from './sent-echo.js';

/** Channel adapters contributed by plugins, by kind. */
export class ChannelRegistry {
  private readonly channels = new Map<string, ChannelDefinition>();
  private readonly flags = new Map<string, readonly PlanFlag[]>();

  /** `planFlags`: what a tenant's plan needs to be offered the channel (its plugin's flag and its own). */
  add(channel: ChannelDefinition, planFlags: readonly PlanFlag[] = []): void {
    this.channels.set(channel.kind, channel);
    this.flags.set(channel.kind, planFlags);
  }

  /** The plan flags a channel needs; none for a channel no plugin provides. */
  planFlagsOf(kind: string): readonly PlanFlag[] {
    return this.flags.get(kind) ?? [];
  }

  get(kind: string): ChannelDefinition | undefined {
    return this.channels.get(kind);
  }

  /** A kind Balcão knows: one a loaded channel provides, or one of the SDK's CHANNELS (rows may exist without it). */
  knows(kind: string): boolean {
    return this.channels.has(kind) || (CHANNELS as readonly string[]).includes(kind);
  }

  all(): ChannelDefinition[] {
    return [...this.channels.values()];
  }
}

interface OutboundRow {
  body: string;
  media_type: string;
  media_url: string | null;
  ticket_id: number;
  created_at: Date;
  is_private: boolean;
  from_me: boolean;
  user_id: number | null;
  external_id: string | null;
  number: string;
  voice_note: boolean;
  quoted_external_id: string | null;
  quoted_from_me: boolean | null;
  quoted_body: string | null;
  quoted_participant: string | null;
  /** The ticket's connection, read with the message (null: the ticket has none). */
  w_id: number | null;
  w_company_id: number;
  w_channel: ConnectionRow['channel'];
  w_name: string;
  w_token: string;
  w_greeting_message: string | null;
  w_group_as_ticket: string;
  w_embed_origins: string[] | null;
}

export interface OutboundDeps {
  orm: MikroORM;
  events: EventsPort;
  channels: ChannelRegistry;
  /** Handed to adapters in their send context (a channel with live sockets of its own, as the web chat). */
  realtime: RealtimePort;
  logger: Logger;
  /** The connection's own store (ChannelSendContext.session). */
  sessions: Pick<SessionManager, 'store'>;
  /** Where the media store is (the adapters' `media` in their send context). */
  dataDir: string;
  /** Whether the company's plan still offers the connection's channel (nothing leaves through it otherwise). */
  planGate?: Pick<PlanGate, 'allows'>;
  /** Acks that came before their message's channel id was recorded (early-acks.ts): taken when it is. */
  earlyAcks: Pick<EarlyAcks, 'take'>;
}

/** A delivery the channel could not make; the worker retries it (outbox-worker.ts), unless `final`. */
export class DeliveryError extends Error {
  /** Retrying cannot help: the message is marked not delivered at once (the attendant may retry it later). */
  readonly final: boolean = false;
}

/**
 * The company's plan no longer offers the connection's channel (a downgrade): the delivery is not attempted and the
 * message is marked not delivered at once with this reason; an attendant's retry sends it once the plan has the
 * channel again.
 */
export class NotInPlanError extends DeliveryError {
  override readonly final = true;
  constructor() {
    super('ERR_CHANNEL_NOT_IN_PLAN');
  }
}

/** An outgoing message with its contact, connection and channel adapter (ARCHITECTURE "The channel contract"). */
async function outboundOf(
  deps: OutboundDeps,
  companyId: number,
  messageId: number,
): Promise<{ row: OutboundRow; adapter: ChannelDefinition; ctx: ChannelSendContext } | null> {
  const conn = deps.orm.em.getConnection();
  const [row] = await conn.execute<OutboundRow[]>(
    `select m.body, m.media_type, m.media_url, m.ticket_id, m.created_at, m.is_private, m.from_me, m.user_id,
            m.external_id, c.number, m.voice_note, q.external_id as quoted_external_id, q.from_me as quoted_from_me,
            q.body as quoted_body, q.participant as quoted_participant,
            w.id as w_id, w.company_id as w_company_id, w.channel as w_channel, w.name as w_name,
            w.token as w_token, w.greeting_message as w_greeting_message, w.group_as_ticket as w_group_as_ticket,
            w.embed_origins as w_embed_origins
       from messages m join tickets t on t.id = m.ticket_id join contacts c on c.id = t.contact_id
       left join messages q on q.id = m.quoted_msg_id and q.company_id = m.company_id
       left join whatsapps w on w.id = t.whatsapp_id
      where m.company_id = ? and m.id = ?`,
    [companyId, messageId],
  );
  // Private notes never get a delivery row; this guards a hand-made one.
  if (!row || row.is_private || !row.from_me) return null;
  const connection: ConnectionRow | undefined =
    row.w_id === null
      ? undefined
      : {
          id: row.w_id,
          company_id: row.w_company_id,
          channel: row.w_channel,
          name: row.w_name,
          token: row.w_token,
          greeting_message: row.w_greeting_message,
          group_as_ticket: row.w_group_as_ticket,
          embed_origins: row.w_embed_origins,
        };
  return { row, ...(await channelOf(deps, connection)) };
}

/** The channel adapter of a ticket's connection, and the context it sends in. */
export async function channelOfTicket(
  deps: OutboundDeps,
  ticketId: number,
): Promise<{ adapter: ChannelDefinition; ctx: ChannelSendContext }> {
  const [connection] = await deps.orm.em
    .getConnection()
    .execute<ConnectionRow[]>(
      'select w.* from whatsapps w join tickets t on t.whatsapp_id = w.id where t.id = ?',
      [ticketId],
    );
  return channelOf(deps, connection);
}

/** The adapter and send context of a connection row (undefined: the ticket has none). */
async function channelOf(
  deps: OutboundDeps,
  connection: ConnectionRow | undefined,
): Promise<{ adapter: ChannelDefinition; ctx: ChannelSendContext }> {
  if (!connection) throw new DeliveryError('The ticket has no connection');
  if (
    deps.planGate &&
    !(await channelOffered(deps.channels, deps.planGate, connection.company_id, connection.channel))
  )
    throw new NotInPlanError();
  const adapter = deps.channels.get(connection.channel);
  if (!adapter) throw new DeliveryError(`No channel adapter for ${connection.channel}`);
  return { adapter, ctx: channelSendContext(toChannelConnection(connection), deps) };
}

/** The message an outgoing one answers, when the channel knows it (it has the channel's id). */
const quotedOf = (row: OutboundRow): QuotedMessage | null =>
  row.quoted_external_id
    ? {
        externalId: row.quoted_external_id,
        fromMe: row.quoted_from_me === true,
        body: row.quoted_body ?? '',
        participant: row.quoted_participant,
      }
    : null;

/**
 * Sends an outgoing message through its ticket's channel, with the delivery's idempotency key, and records the ack it
 * reached (never lower than one already recorded: a read receipt may arrive before the send returns).
 */
export async function deliverOutbound(
  deps: OutboundDeps,
  companyId: number,
  messageId: number,
  idempotencyKey: string,
): Promise<void> {
  const found = await outboundOf(deps, companyId, messageId);
  if (!found) return;
  const { row, adapter, ctx } = found;
  const result = await adapter.send(
    {
      messageId,
      ticketId: row.ticket_id,
      to: row.number,
      body: row.body,
      createdAt: new Date(row.created_at).toISOString(),
      mediaType: row.media_type,
      mediaUrl: row.media_url,
      voiceNote: row.voice_note,
      quoted: quotedOf(row),
      idempotencyKey,
    },
    ctx,
  );
  await recordDelivered(deps, companyId, row.ticket_id, messageId, result, ctx.connection.id);
}

/**
 * Records what a channel answered for a delivered message (send or react): the ack it reached, never lower than one
 * already recorded, nor than one the channel sent for that id before the send returned (held by `earlyAcks` for the
 * connection), and the channel's id for it — taken over from the send's echo when that was ingested first (adoptEcho).
 */
export async function recordDelivered(
  deps: Pick<OutboundDeps, 'orm' | 'events' | 'logger' | 'earlyAcks'>,
  companyId: number,
  ticketId: number,
  messageId: number,
  answered: { ack: number; externalId?: string },
  connectionId: number,
): Promise<void> {
  const early = answered.externalId ? deps.earlyAcks.take(connectionId, answered.externalId) : undefined;
  const result = { ...answered, ack: Math.max(answered.ack, early ?? 0) };
  const changed = await recordSent(deps, messageId, result.ack, result.externalId ?? null).catch(
    async (err) => {
      // The channel's echo of this very send was ingested first and holds its id (unique per connection): the two are
      // one message, Balcão's own kept with the id (sent-echo.ts). Any other holder: the message went out, so it is
      // recorded without the id rather than failing the delivery, which would send it again.
      if (!isExternalIdTaken(err) || !result.externalId) throw err;
      const adopted = await adoptEcho(deps, companyId, messageId, result.ack, result.externalId);
      if (adopted) return adopted;
      deps.logger.warn(
        { messageId, externalId: result.externalId },
        'sent message’s id already held by another message of the connection: recorded without it',
      );
      return recordSent(deps, messageId, result.ack, null);
    },
  );
  if (changed && changed.ack > changed.before)
    await deps.events.emit('message.ack', { companyId, ticketId, messageId, ack: changed.ack });
}

/** Records what a send reached (never lowering the ack) and the channel's id for the message; the ack before and after. */
async function recordSent(
  deps: Pick<OutboundDeps, 'orm'>,
  messageId: number,
  ack: number,
  externalId: string | null,
): Promise<{ ack: number; before: number } | undefined> {
  const [changed] = await deps.orm.em.getConnection().execute<{ ack: number; before: number }[]>(
    `update messages m set ack = greatest(m.ack, ?), external_id = coalesce(?, m.external_id), delivery_error = null
       from (select id, ack from messages where id = ?) old
      where m.id = old.id
      returning m.ack, old.ack as before`,
    [ack, externalId, messageId],
  );
  return changed;
}

/** PostgreSQL refused the external id: another message of the connection holds it (messages_whatsapp_external_unique). */
const isExternalIdTaken = (err: unknown): boolean =>
  typeof err === 'object' &&
  err !== null &&
  (err as { code?: string }).code === '23505' &&
  String((err as { constraint?: string }).constraint ?? (err as Error).message).includes(
    'messages_whatsapp_external_unique',
  );

/** Takes back from the contact a message the attendant deleted, where the channel can (ChannelDefinition.retract). */
export async function retractOutbound(
  deps: OutboundDeps,
  companyId: number,
  messageId: number,
  idempotencyKey: string,
): Promise<void> {
  const found = await outboundOf(deps, companyId, messageId);
  const retract = found?.adapter.retract;
  if (!found || !retract) return;
  const { row, ctx } = found;
  await retract.call(
    found.adapter,
    { messageId, ticketId: row.ticket_id, to: row.number, externalId: row.external_id, idempotencyKey },
    ctx,
  );
}

/** Tells the contact an attendant read their message, where the channel sends receipts (ChannelDefinition.readReceipt). */
export async function readOutbound(
  deps: OutboundDeps,
  companyId: number,
  messageId: number,
  idempotencyKey: string,
): Promise<void> {
  const [row] = await deps.orm.em
    .getConnection()
    .execute<{ ticket_id: number; external_id: string | null; participant: string | null; number: string }[]>(
      `select m.ticket_id, m.external_id, m.participant, c.number
       from messages m join tickets t on t.id = m.ticket_id join contacts c on c.id = t.contact_id
      where m.company_id = ? and m.id = ? and not m.from_me and not m.is_private`,
      [companyId, messageId],
    );
  if (!row?.external_id) return;
  const { adapter, ctx } = await channelOfTicket(deps, row.ticket_id);
  if (!adapter.readReceipt) return;
  await adapter.readReceipt(
    {
      messageId,
      ticketId: row.ticket_id,
      to: row.number,
      externalId: row.external_id,
      participant: row.participant,
      idempotencyKey,
    },
    ctx,
  );
}
