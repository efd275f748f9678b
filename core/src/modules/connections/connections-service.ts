import { randomInt } from 'node:crypto';
import {
  AppError,
  type ConnectionDto,
  type ConnectionInput,
  type ConnectionUpdateInput,
  channelCapabilities,
  channelTraits,
  companyChannel,
  IMPORT_DATE_ERRORS,
  importDateIssues,
  type QueueRef,
  type RealtimePort,
} from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { flushOrConflict } from '../../db/sql-helpers.js';
import type { BotEngineRegistry } from '../bots/bot-engine-registry.js';
import { Company } from '../companies/company.entity.js';
import type { ChannelRegistry } from '../conversations/outbound.js';
import { removeOwnMedia, type UploadedFile } from '../messages/media-storage.js';
import { Plan } from '../plans/plan.entity.js';
import type { PlanGate } from '../plans/plan-gate.js';
import { channelOffered } from './channel-plan.js';
import type { IConnection } from './connection.entity.js';
import { Connection } from './connection.entity.js';
import { toConnectionDto, withoutSecrets } from './connection-presenter.js';
import { reachingConnections } from './connection-reach.js';
import { storeGreetingMedia } from './greeting-media.js';

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** The spec's connection token: 30 characters A–Z and 0–9, from a CSPRNG. */
export const generateToken = (): string =>
  Array.from({ length: 30 }, () => TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)]).join('');

/** Names are unique per company, case-insensitively: the index decides, so two racing saves answer alike. */
const NAME_CONFLICT = {
  whatsapps_company_name_unique: () => new AppError('ERR_DUPLICATED_CONNECTION', 409),
};

declare module '../../kernel/container.js' {
  interface Cradle {
    connections: ConnectionsService;
  }
}

/** Connections (channel sessions) of the current company. */
export class ConnectionsService {
  private readonly em: EntityManager;
  private readonly realtime: RealtimePort;
  private readonly channels: ChannelRegistry;
  private readonly planGate: PlanGate;
  private readonly dataDir: string;
  private readonly botEngines: BotEngineRegistry;

  constructor({
    em,
    realtime,
    channels,
    planGate,
    config,
    botEngines,
  }: {
    em: EntityManager;
    realtime: RealtimePort;
    channels: ChannelRegistry;
    planGate: PlanGate;
    config: { dataDir: string };
    botEngines: BotEngineRegistry;
  }) {
    this.botEngines = botEngines;
    this.em = em;
    this.realtime = realtime;
    this.channels = channels;
    this.planGate = planGate;
    this.dataDir = config.dataDir;
  }

  /** The company's connections by name; with a contact, only those that can write to it (ChannelTraits.reaches). */
  async list(reaching?: { companyId: number; contactId: number }): Promise<ConnectionDto[]> {
    const all = await this.em.find(Connection, {}, { orderBy: { name: 'asc', id: 'asc' } });
    const reachingIds =
      reaching && (await reachingConnections(this.em, this.channels, reaching.companyId, reaching.contactId));
    const rows = reachingIds ? all.filter((r) => reachingIds.includes(r.id)) : all;
    const queues = await this.queuesOf(rows.map((r) => r.id));
    const offered = new Map<string, boolean>();
    for (const r of rows)
      if (!offered.has(r.channel))
        offered.set(r.channel, await channelOffered(this.channels, this.planGate, r.companyId, r.channel));
    return rows.map((r) => this.present(r, queues.get(r.id) ?? [], !offered.get(r.channel)));
  }

  async get(id: number): Promise<ConnectionDto> {
    const row = await this.find(id);
    const offered = await channelOffered(this.channels, this.planGate, row.companyId, row.channel);
    return this.present(row, (await this.queuesOf([id])).get(id) ?? [], !offered);
  }

  async create(companyId: number, input: ConnectionInput): Promise<ConnectionDto> {
    await this.assertChannelOffered(companyId, input.channel);
    await this.assertWithinPlan(companyId);
    await this.assertGreeting(input);
    await this.assertOwnQueue(companyId, 'sendIdQueue', input.sendIdQueue);
    await this.assertOwnQueue(companyId, 'queueIdImportMessages', input.queueIdImportMessages);
    await this.botEngines.assertSelectable(this.planGate, companyId, input.botEngine, 'botEngine');
    const { queueIds, ...fields } = input;
    const isFirst = (await this.em.count(Connection, {})) === 0;
    const connection = await this.em.transactional(async (em) => {
      if (fields.isDefault) await em.nativeUpdate(Connection, { isDefault: true }, { isDefault: false });
      const created = em.create(Connection, {
        ...fields,
        companyId,
        token: generateToken(),
        isDefault: fields.isDefault || isFirst,
        // A channel without a remote session (web chat) is connected as soon as it exists.
        status: channelTraits(this.channels.get(fields.channel)).needsSession ? 'DISCONNECTED' : 'CONNECTED',
      });
      await flushOrConflict(em, NAME_CONFLICT);
      await this.setQueues(em, companyId, created.id, queueIds);
      return created;
    });
    return this.publish(await this.get(connection.id));
  }

  async update(companyId: number, id: number, input: ConnectionUpdateInput): Promise<ConnectionDto> {
    const connection = await this.find(id);
    await this.assertGreeting({ ...connection, ...input, queueIds: input.queueIds });
    this.assertImportWindow(connection, input);
    await this.assertOwnQueue(companyId, 'sendIdQueue', input.sendIdQueue);
    await this.assertOwnQueue(companyId, 'queueIdImportMessages', input.queueIdImportMessages);
    await this.botEngines.assertSelectable(this.planGate, companyId, input.botEngine, 'botEngine');
    // Spec ERR_NO_OTHER_WHATSAPP: a company keeps a default connection; another one is made default instead.
    if (connection.isDefault && input.isDefault === false) throw new AppError('ERR_NO_OTHER_WHATSAPP', 400);
    const { queueIds, channel: _channel, ...fields } = input;
    await this.em.transactional(async (em) => {
      if (fields.isDefault)
        await em.nativeUpdate(Connection, { isDefault: true, id: { $ne: id } }, { isDefault: false });
      em.assign(connection, Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)));
      await flushOrConflict(em, NAME_CONFLICT);
      if (queueIds) await this.setQueues(em, companyId, id, queueIds);
    });
    return this.publish(await this.get(id));
  }

  async remove(companyId: number, id: number): Promise<void> {
    const connection = await this.find(id);
    // The default goes: the oldest remaining connection takes its place, so new tickets still have one.
    const promoted = await this.em.transactional(async (em) => {
      em.remove(connection);
      await em.flush();
      // The plugins' settings for it (ConfigPort.forConnection: keys under `connection:<id>:`) go with it.
      await em
        .getConnection()
        .execute(
          "delete from plugin_config where company_id = ? and key like ? escape '\\'",
          [companyId, `connection:${id}:%`],
          'run',
        );
      if (!connection.isDefault) return null;
      const [next] = await em.find(Connection, {}, { orderBy: { id: 'asc' }, limit: 1 });
      if (next) next.isDefault = true;
      await em.flush();
      return next?.id ?? null;
    });
    // Its greeting media goes with it (the row is gone: nothing refers to the file any more).
    await removeOwnMedia(this.dataDir, companyId, connection.greetingMediaAttachment ?? null);
    if (promoted) await this.publish(await this.get(promoted));
    await this.realtime.publish({
      companyId,
      channel: companyChannel(companyId, 'whatsapp'),
      data: { action: 'delete', whatsappId: id },
    });
  }

  /**
   * `POST /whatsapp/{id}/media-upload`: the greeting's media (a JPEG, PNG, MP4 or PDF of at most 16 MB) is stored in
   * the company's media store; a previous one is replaced and its file removed.
   */
  async setGreetingMedia(companyId: number, id: number, file: UploadedFile): Promise<ConnectionDto> {
    const connection = await this.find(id);
    const stored = await storeGreetingMedia(this.dataDir, companyId, file);
    const previous = connection.greetingMediaAttachment ?? null;
    connection.greetingMediaAttachment = stored.mediaUrl;
    connection.greetingMediaName = stored.originalName.slice(0, 255);
    await this.em.flush();
    await removeOwnMedia(this.dataDir, companyId, previous);
    return this.publish(await this.get(id));
  }

  /** `DELETE /whatsapp/{id}/media-upload`: the greeting goes back to text alone; the file is removed. */
  async removeGreetingMedia(companyId: number, id: number): Promise<ConnectionDto> {
    const connection = await this.find(id);
    const previous = connection.greetingMediaAttachment ?? null;
    connection.greetingMediaAttachment = null;
    connection.greetingMediaName = null;
    await this.em.flush();
    await removeOwnMedia(this.dataDir, companyId, previous);
    return this.publish(await this.get(id));
  }

  /** The web chat connection a public token opens, whatever the company (the token is the credential). */
  async findByToken(token: string) {
    return this.em.findOne(Connection, { token }, { filters: false });
  }

  private present(row: IConnection, queues: QueueRef[], notInPlan: boolean): ConnectionDto {
    const adapter = this.channels.get(row.channel);
    return toConnectionDto(row, queues, channelCapabilities(adapter), channelTraits(adapter), notInPlan);
  }

  private async find(id: number) {
    const row = await this.em.findOne(Connection, { id });
    if (!row) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    return row;
  }

  private async publish(dto: ConnectionDto): Promise<ConnectionDto> {
    const companyId = (await this.find(dto.id)).companyId;
    await this.realtime.publish({
      companyId,
      channel: companyChannel(companyId, 'whatsapp'),
      data: { action: 'update', whatsapp: withoutSecrets(dto) },
    });
    return dto;
  }

  private async queuesOf(ids: number[]): Promise<Map<number, QueueRef[]>> {
    const out = new Map<number, QueueRef[]>();
    if (!ids.length) return out;
    const rows = await this.em.getConnection().execute<(QueueRef & { whatsappId: number })[]>(
      `select wq.whatsapp_id as "whatsappId", q.id, q.name, q.color
         from whatsapp_queues wq join queues q on q.id = wq.queue_id
        where wq.whatsapp_id in (${ids.map(() => '?').join(',')}) order by q.order_queue nulls last, q.name`,
      ids,
    );
    for (const { whatsappId, ...q } of rows) out.set(whatsappId, [...(out.get(whatsappId) ?? []), q]);
    return out;
  }

  private async setQueues(
    em: EntityManager,
    companyId: number,
    id: number,
    queueIds: number[],
  ): Promise<void> {
    const conn = em.getConnection();
    const trx = em.getTransactionContext();
    if (queueIds.length) {
      const owned = await conn.execute<{ id: number }[]>(
        `select id from queues where company_id = ? and id in (${queueIds.map(() => '?').join(',')})`,
        [companyId, ...queueIds],
        'all',
        trx,
      );
      if (owned.length !== new Set(queueIds).size) {
        throw new AppError('ERR_VALIDATION', 400, {
          fields: [{ path: 'queueIds', message: 'Unknown queue' }],
        });
      }
    }
    await conn.execute('delete from whatsapp_queues where whatsapp_id = ?', [id], 'run', trx);
    for (const queueId of new Set(queueIds)) {
      await conn.execute(
        'insert into whatsapp_queues (whatsapp_id, queue_id) values (?, ?)',
        [id, queueId],
        'run',
        trx,
      );
    }
  }

  /** Spec: a greeting is required when the connection serves more than one queue. */
  private async assertGreeting(input: {
    greetingMessage?: string | null;
    queueIds?: number[];
  }): Promise<void> {
    if ((input.queueIds?.length ?? 0) > 1 && !input.greetingMessage?.trim()) {
      throw new AppError('ERR_WAPP_GREETING_REQUIRED', 400);
    }
  }

  /** An update sending one import date is checked against the other as stored (the schema saw only one). */
  private assertImportWindow(connection: IConnection, input: ConnectionUpdateInput): void {
    const sentOld = input.importOldMessages !== undefined;
    if (sentOld === (input.importRecentMessages !== undefined)) return;
    const issues = importDateIssues(
      input.importOldMessages === undefined ? connection.importOldMessages : input.importOldMessages,
      input.importRecentMessages === undefined ? connection.importRecentMessages : input.importRecentMessages,
      // A stored old date that aged past the limit is not what this update says.
    ).filter((i) => sentOld || i.message !== IMPORT_DATE_ERRORS.tooOld);
    if (issues.length) throw new AppError('ERR_VALIDATION', 400, { fields: issues });
  }

  /** A queue a field names (redirect of unqueued tickets, imported tickets) is one of the company's. */
  private async assertOwnQueue(
    companyId: number,
    field: string,
    queueId: number | null | undefined,
  ): Promise<void> {
    if (queueId == null) return;
    const [owned] = await this.em
      .getConnection()
      .execute<{ id: number }[]>('select id from queues where company_id = ? and id = ?', [
        companyId,
        queueId,
      ]);
    if (!owned)
      throw new AppError('ERR_VALIDATION', 400, {
        fields: [{ path: field, message: 'Unknown queue' }],
      });
  }

  /** A channel whose plugin (or the channel itself) carries a plan flag the company lacks is not offered. */
  async assertChannelOffered(companyId: number, channel: string): Promise<void> {
    // Kinds come from the loaded channels (and the SDK's CHANNELS, which rows may hold without their plugin).
    if (!this.channels.knows(channel))
      throw new AppError('ERR_VALIDATION', 400, { fields: [{ path: 'channel', message: 'Invalid option' }] });
    for (const flag of this.channels.planFlagsOf(channel)) {
      if (!(await this.planGate.allows(companyId, flag))) {
        throw new AppError('ERR_CHANNEL_NOT_IN_PLAN', 403, { channel, planFlag: flag });
      }
    }
  }

  private async assertWithinPlan(companyId: number): Promise<void> {
    const company = await this.em.findOneOrFail(Company, { id: companyId });
    const plan = await this.em.findOneOrFail(Plan, { id: company.planId });
    if ((await this.em.count(Connection, {})) >= plan.connections) {
      // A limit of the plan, not a permission: 409, so the UI shows it rather than refreshing its token (a 403).
      throw new AppError('ERR_CONNECTION_LIMIT_REACHED', 409);
    }
  }
}
