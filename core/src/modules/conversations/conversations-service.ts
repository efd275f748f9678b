import type {
  Channel,
  ChannelConnection,
  ContactMergeResult,
  ContactPresence,
  ConversationMessage,
  ConversationsPort,
  EventsPort,
  HistoryIngestResult,
  InboundCall,
  InboundMessage,
  IngestResult,
  StoredFile,
} from '@balcao/sdk';
import { AppError } from '@balcao/sdk';
import type { MikroORM } from '@mikro-orm/postgresql';
import { preparedRows } from '../../db/prepared.js';
import type { Config } from '../../kernel/config.js';
import { CompanyMediaPort } from '../messages/media-port.js';
import { ownMediaType } from '../messages/media-storage.js';
import type { PlanGate } from '../plans/plan-gate.js';
import { asHandle, boundConversations, type ConversationsBinding } from './bound-conversations.js';
import type { CallLog } from './call-log.js';
import { ContactMerger } from './contact-merge.js';
import type { EarlyAcks } from './early-acks.js';
import { HistoryIngester } from './history-ingest.js';
import type { IngestService } from './ingest-service.js';
import type { ChannelRegistry } from './outbound.js';
import { sendsOnTheirWay } from './sends-on-their-way.js';

/** What a deleted message shows in its ticket's row, and its stored text under LGPD (peer §6, GB's). */
export const DELETED_MESSAGE_TEXT = '🚫 _Mensagem Apagada_';

const TOKEN_CACHE_MS = 5_000;
const TOKEN_CACHE_SIZE = 10_000;

/** A `whatsapps` row as channels read it. */
export interface ConnectionRow {
  id: number;
  company_id: number;
  channel: Channel;
  name: string;
  token: string;
  greeting_message: string | null;
  group_as_ticket: string;
  embed_origins: string[] | null;
}

/** A connection as channels see it, from its row: a handle bound ports take as read (bound-conversations.ts). */
export const toChannelConnection = (r: ConnectionRow): ChannelConnection =>
  asHandle({
    id: r.id,
    companyId: r.company_id,
    channel: r.channel,
    name: r.name,
    token: r.token,
    greetingMessage: r.greeting_message,
    embedOrigins: r.embed_origins ?? [],
  });

/**
 * The port channels use: ingest, connections by their public token, a contact's view of the conversation. It believes
 * the connection it is passed: plugins and channel sessions get it only through `boundTo`, which does not.
 */
export class ConversationsService implements ConversationsPort {
  private readonly events: EventsPort;
  private readonly orm: MikroORM;
  private readonly ingestService: IngestService;
  private readonly historyIngester: HistoryIngester;
  private readonly merger: ContactMerger;
  private readonly callLog: CallLog;
  private readonly channels: ChannelRegistry;
  private readonly planGate: PlanGate;
  private readonly dataDir: string;
  private readonly earlyAcks: EarlyAcks;
  private readonly byToken = new Map<string, { connection: ChannelConnection; until: number }>();
  private readonly tokenReads = new Map<string, Promise<ChannelConnection | null>>();

  constructor({
    orm,
    ingest,
    events,
    channels,
    planGate,
    config,
    callLog,
    earlyAcks,
  }: {
    orm: MikroORM;
    ingest: IngestService;
    events: EventsPort;
    channels: ChannelRegistry;
    planGate: PlanGate;
    config: Pick<Config, 'dataDir'>;
    callLog: CallLog;
    earlyAcks: EarlyAcks;
  }) {
    this.callLog = callLog;
    this.earlyAcks = earlyAcks;
    this.events = events;
    this.orm = orm;
    this.ingestService = ingest;
    this.historyIngester = new HistoryIngester(orm);
    this.merger = new ContactMerger(orm, events);
    this.channels = channels;
    this.planGate = planGate;
    this.dataDir = config.dataDir;
  }

  /** This port as a plugin or a channel session gets it: bound to a company, connections taken as handles. */
  boundTo(binding: ConversationsBinding): ConversationsPort {
    return boundConversations(this, (companyId, id) => this.connectionOf(companyId, id), binding);
  }

  private async connectionOf(companyId: number, id: unknown): Promise<ChannelConnection | null> {
    if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0 || id > 2_147_483_647) return null;
    const [row] = await this.orm.em
      .getConnection()
      .execute<ConnectionRow[]>('select * from whatsapps where id = ? and company_id = ?', [id, companyId]);
    return row ? toChannelConnection(row) : null;
  }

  /** A contact's call: logged in their conversation, declined when the company takes none (call-log.ts). */
  call(connection: ChannelConnection, call: InboundCall): Promise<{ reject: boolean }> {
    return this.callLog.received(connection, call);
  }

  /** Old messages in batches, with nothing a live message sets off (history-ingest.ts). */
  ingestHistory(
    connection: ChannelConnection,
    messages: readonly InboundMessage[],
  ): Promise<HistoryIngestResult> {
    return this.historyIngester.ingest(connection, messages);
  }

  /** Two ids of the channel's contacts are one person: one contact stays (contact-merge.ts). */
  mergeContact(connection: ChannelConnection, alias: string, id: string): Promise<ContactMergeResult> {
    return this.merger.merge(connection, alias, id);
  }

  /**
   * A webhook names the account it is for; its connection is the one of that channel whose `number` it is, and only
   * while the company's plan offers the channel (its plugin's and its own flags): another tenant's flag never opens it.
   */
  async connectionByAccount(account: string, channel: Channel): Promise<ChannelConnection | null> {
    if (!account || account.length > 100) return null;
    const [row] = await this.orm.em
      .getConnection()
      .execute<ConnectionRow[]>(
        'select * from whatsapps where channel = ? and number = ? order by id limit 1',
        [channel, account],
      );
    if (!row) return null;
    for (const flag of this.channels.planFlagsOf(channel))
      if (!(await this.planGate.allows(row.company_id, flag))) return null;
    return toChannelConnection(row);
  }

  /** A send or reaction to the contact claimed by a worker of any process, its answer not recorded yet (sends-on-their-way.ts). */
  sendsOnTheirWay(connection: ChannelConnection, to: string): Promise<boolean> {
    return sendsOnTheirWay(this.orm.em, connection, to);
  }

  async storeMedia(
    connection: ChannelConnection,
    file: { data: Uint8Array; fileName: string; mimeType: string },
  ): Promise<StoredFile> {
    return new CompanyMediaPort(this.dataDir, connection.companyId).store(file);
  }

  /**
   * A history import's file, fetched after its message was stored: set where the message has none yet (a replay or a
   * live copy with its file changes nothing) and is not deleted (LGPD may have wiped it). Only a file stored in the
   * connection's company's media is taken, so an adapter's mistake cannot point a message at another tenant's file.
   */
  async attachMedia(
    connection: ChannelConnection,
    externalId: string,
    file: Pick<StoredFile, 'url'>,
  ): Promise<boolean> {
    if (!(await ownMediaType(this.dataDir, connection.companyId, file.url)))
      throw new AppError('ERR_VALIDATION', 400, {
        fields: [{ path: 'url', message: "Not a file of the connection's company" }],
      });
    const [row] = await this.changeByExternalId(
      connection,
      externalId,
      'media_url = ?',
      'm.media_url is null and not m.is_deleted',
      [file.url],
    );
    if (!row) return false;
    await this.events.emit('message.media', row);
    return true;
  }

  async markRead(connection: ChannelConnection, contactId: string): Promise<number> {
    const rows = await this.orm.em.getConnection().execute<{ id: string; ticket_id: number }[]>(
      `update messages m set ack = 3
         from contacts c
        where c.id = m.contact_id
          and m.company_id = ? and m.whatsapp_id = ? and c.company_id = ? and c.channel = ? and c.number = ?
          and m.from_me and m.ack < 3 and not m.is_private
        returning m.id, m.ticket_id`,
      [connection.companyId, connection.id, connection.companyId, connection.channel, contactId],
    );
    for (const r of rows) {
      await this.events.emit('message.ack', {
        companyId: connection.companyId,
        ticketId: r.ticket_id,
        messageId: Number(r.id),
        ack: 3,
      });
    }
    return rows.length;
  }

  async ack(connection: ChannelConnection, externalId: string, ack: number): Promise<boolean> {
    const value = Math.trunc(ack);
    if (!(value >= 0 && value <= 5)) throw new AppError('ERR_VALIDATION', 400);
    // Only a higher ack changes the row, so the row's ack is then `value`.
    const [row] = await this.changeByExternalId(connection, externalId, 'ack = ?', 'm.ack < ?', [
      value,
      value,
    ]);
    // No message has the id yet (its send may just have returned): held for the outbox's record (early-acks.ts).
    if (!row) this.earlyAcks.hold(connection.id, externalId, value);
    else await this.events.emit('message.ack', { ...row, ack: value });
    return row !== undefined;
  }

  async edited(connection: ChannelConnection, externalId: string, body: string): Promise<boolean> {
    const text = body.replaceAll('\0', '').slice(0, 10_000);
    const [row] = await this.changeByExternalId(
      connection,
      externalId,
      'body = ?, is_edited = true',
      'not m.from_me and m.body is distinct from ?',
      [text, text],
    );
    if (!row) return false;
    await this.events.emit('message.edited', row);
    return true;
  }

  /**
   * The contact (or the phone) deleted a message: it is flagged deleted. A contact's message loses its text too when
   * the company enabled both enableLGPD and lgpdDeleteMessage (peer §6), and a ticket whose last message it was shows
   * DELETED_MESSAGE_TEXT in its list row either way (the deleted text is not left in the preview).
   */
  async revoked(connection: ChannelConnection, externalId: string): Promise<boolean> {
    const [row] = await this.changeByExternalId(
      connection,
      externalId,
      `is_deleted = true,
       body = case when not m.from_me and (select count(*) = 2 from company_settings s
                                            where s.company_id = m.company_id and s.value = 'enabled'
                                              and s.key in ('enableLGPD', 'lgpdDeleteMessage'))
                   then ? else m.body end`,
      'not m.is_deleted',
      [DELETED_MESSAGE_TEXT],
    );
    if (!row) return false;
    await this.events.emit('message.deleted', row);
    const preview = await this.orm.em.getConnection().execute(
      `update tickets t set last_message = ?
        where t.id = ? and t.company_id = ?
          and not exists (select 1 from messages m where m.ticket_id = t.id and m.id > ? and not m.is_private)
        returning t.id`,
      [DELETED_MESSAGE_TEXT, row.ticketId, row.companyId, row.messageId],
    );
    if (preview.length)
      await this.events.emit('ticket.updated', { companyId: row.companyId, ticketId: row.ticketId });
    return true;
  }

  /**
   * Sets `set` on the connection's message with that external id (the dedupe index) when `when` holds; `params` fill
   * the placeholders of `set`, then of `when`. Answers the changed message's ids.
   */
  private async changeByExternalId(
    connection: ChannelConnection,
    externalId: string,
    set: string,
    when: string,
    params: unknown[] = [],
  ): Promise<{ companyId: number; ticketId: number; messageId: number }[]> {
    if (!externalId || externalId.length > 255) return [];
    const rows = await this.orm.em.getConnection().execute<{ id: string; ticket_id: number }[]>(
      `update messages m set ${set}
          where ${when} and m.whatsapp_id = ? and m.external_id = ? and m.company_id = ?
          returning m.id, m.ticket_id`,
      [...params, connection.id, externalId, connection.companyId],
    );
    return rows.map((r) => ({
      companyId: connection.companyId,
      ticketId: r.ticket_id,
      messageId: Number(r.id),
    }));
  }

  async presence(connection: ChannelConnection, contactId: string, presence: ContactPresence): Promise<void> {
    const [ticket] = await preparedRows<{ id: number }>(
      this.orm.em,
      `select t.id
         from contacts c join tickets t on t.contact_id = c.id
        where c.company_id = ? and c.channel = ? and c.number = ? and t.company_id = ? and t.whatsapp_id = ?
          and t.status <> 'closed'
        limit 1`,
      [connection.companyId, connection.channel, contactId, connection.companyId, connection.id],
    );
    if (!ticket) return;
    await this.events.emit('contact.presence', {
      companyId: connection.companyId,
      ticketId: ticket.id,
      presence,
    });
  }

  /**
   * A group message is dropped when the connection does not take groups (allowGroup off, as the peers do), and opens
   * a 'group' ticket unless the connection treats groups as tickets (groupAsTicket). Both are read now: an adapter's
   * connection may be older than the last edit. Private messages skip that read.
   */
  async ingest(connection: ChannelConnection, inbound: InboundMessage): Promise<IngestResult> {
    const target = { id: connection.id, companyId: connection.companyId, channel: connection.channel };
    if (!inbound.isGroup) return this.ingestService.ingest(target, inbound);
    const [row] = await this.orm.em
      .getConnection()
      .execute<{ group_as_ticket: string; allow_group: boolean }[]>(
        'select group_as_ticket, allow_group from whatsapps where company_id = ? and id = ?',
        [connection.companyId, connection.id],
      );
    if (!row?.allow_group) return { outcome: 'ignored' };
    return this.ingestService.ingest({ ...target, groupAsTicket: row.group_as_ticket }, inbound);
  }

  /**
   * Every visitor post and socket starts here: a connection found by its token is remembered for a few seconds
   * (a deleted connection or a changed token stops working within TOKEN_CACHE_MS), misses are never remembered.
   */
  async connectionByToken(token: string, channel: Channel): Promise<ChannelConnection | null> {
    if (!/^[A-Z0-9]{30}$/.test(token)) return null;
    const key = `${channel}:${token}`;
    const cached = this.byToken.get(key);
    if (cached && cached.until > Date.now()) return cached.connection;
    // Requests that miss together share one read (when the entry lapses under load, every request in flight missed).
    let reading = this.tokenReads.get(key);
    if (!reading) {
      reading = this.readByToken(key, token, channel).finally(() => this.tokenReads.delete(key));
      this.tokenReads.set(key, reading);
    }
    return reading;
  }

  private async readByToken(key: string, token: string, channel: Channel): Promise<ChannelConnection | null> {
    const [row] = await this.orm.em
      .getConnection()
      .execute<ConnectionRow[]>('select * from whatsapps where token = ? and channel = ?', [token, channel]);
    if (!row) return null;
    if (this.byToken.size >= TOKEN_CACHE_SIZE) this.byToken.clear();
    const connection = toChannelConnection(row);
    this.byToken.set(key, { connection, until: Date.now() + TOKEN_CACHE_MS });
    return connection;
  }

  async history(
    connection: ChannelConnection,
    contactId: string,
    limit: number,
  ): Promise<ConversationMessage[]> {
    const rows = await this.orm.em.getConnection().execute<
      {
        id: string;
        body: string;
        from_me: boolean;
        created_at: Date;
        media_type: string;
        media_url: string | null;
      }[]
    >(
      `select m.id, m.body, m.from_me, m.created_at, m.media_type, m.media_url
         from messages m
         join contacts c on c.id = m.contact_id
        where m.company_id = ? and m.whatsapp_id = ? and c.company_id = ? and c.channel = ? and c.number = ?
          and not m.is_private and not m.is_deleted
        order by m.created_at desc, m.id desc limit ?`,
      [connection.companyId, connection.id, connection.companyId, connection.channel, contactId, limit],
    );
    return rows.reverse().map((r) => ({
      id: Number(r.id),
      body: r.body,
      fromMe: r.from_me,
      createdAt: new Date(r.created_at).toISOString(),
      mediaType: r.media_type,
      mediaUrl: r.media_url,
    }));
  }
}
