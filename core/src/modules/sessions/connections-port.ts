import {
  type AddressCheck,
  AppError,
  addressCheckInputSchema,
  type Channel,
  type ChannelTraits,
  type ConnectionInfo,
  type ConnectionStatus,
  type ConnectionsPort,
  connectionSchema,
  type SessionStatusReport,
  type SessionStore,
  validate,
} from '@balcao/sdk';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { ConnectionsService } from '../connections/connections-service.js';
import { type AddressCheckDeps, askAddress } from '../contacts/contact-address-check.js';
import { asHandle } from '../conversations/bound-conversations.js';
import { type ConnectionRow, toChannelConnection } from '../conversations/conversations-service.js';
import type { SessionManager } from './session-manager.js';

type Row = ConnectionRow & { status: string; number: string | null; is_default: boolean };

// A handle, as every connection core gives a plugin: ConversationsPort takes it as read (bound-conversations.ts).
const toInfo = (r: Row): ConnectionInfo =>
  asHandle({
    ...toChannelConnection(r),
    status: r.status as ConnectionStatus,
    number: r.number,
    isDefault: r.is_default,
  });

/**
 * ConnectionsPort bound to one company. `reportStatus` only for connections of the channels the plugin contributes:
 * a plugin speaks for its own channel's sessions, never another's.
 */
export class CompanyConnectionsPort implements ConnectionsPort {
  constructor(
    private readonly orm: MikroORM,
    private readonly sessions: SessionManager,
    private readonly companyId: number,
    private readonly ownKinds: readonly string[],
    /** The company's connections service (plan limits, channel flags, the list's realtime update). */
    private readonly service: () => ConnectionsService,
    /** A channel's traits, from its adapter (undefined for a channel no loaded plugin provides). */
    private readonly traitsOf: (channel: string) => ChannelTraits | undefined,
    /** What asking a channel about an address needs (the channels, the session owner, a logger). */
    private readonly addressDeps: () => AddressCheckDeps,
  ) {}

  private rows(where: string, params: unknown[]): Promise<Row[]> {
    return this.orm.em
      .getConnection()
      .execute<Row[]>(`select * from whatsapps where company_id = ? ${where} order by name, id`, [
        this.companyId,
        ...params,
      ]);
  }

  async list(
    filter: { channel?: string; reaches?: ChannelTraits['reaches'] } = {},
  ): Promise<ConnectionInfo[]> {
    const rows = filter.channel
      ? await this.rows('and channel = ?', [filter.channel])
      : await this.rows('', []);
    const { reaches } = filter;
    return (reaches ? rows.filter((r) => this.traitsOf(r.channel)?.reaches === reaches) : rows).map(toInfo);
  }

  async default(): Promise<ConnectionInfo | null> {
    const [row] = await this.rows('and is_default', []);
    return row ? toInfo(row) : null;
  }

  async find(id: number): Promise<ConnectionInfo | null> {
    if (!Number.isInteger(id) || id <= 0) return null;
    const [row] = await this.rows('and id = ?', [id]);
    return row ? toInfo(row) : null;
  }

  async reportStatus(connectionId: number, report: SessionStatusReport): Promise<void> {
    const connection = await this.own(connectionId);
    await this.sessions.report(connectionId, report).catch((err) => {
      // A channel's unique account index (Meta: a page in one company only) refused the number: another company
      // linked it between checkLink and now.
      if ((err as { code?: unknown }).code === '23505')
        throw new AppError('ERR_CHANNEL_ACCOUNT_TAKEN', 409, { channel: connection.channel });
      throw err;
    });
  }

  async create(input: { name: string; channel: Channel }): Promise<ConnectionInfo> {
    if (!this.ownKinds.includes(input.channel)) throw new AppError('ERR_NO_PERMISSION', 403);
    const fields = validate(connectionSchema, { name: input.name, channel: input.channel });
    const created = await this.service().create(this.companyId, fields);
    return (await this.find(created.id)) as ConnectionInfo;
  }

  async checkLink(channel: Channel, account?: string): Promise<void> {
    if (!this.ownKinds.includes(channel)) throw new AppError('ERR_NO_PERMISSION', 403);
    await this.service().assertChannelOffered(this.companyId, channel);
    if (account === undefined) return;
    const [taken] = await this.orm.em
      .getConnection()
      .execute<{ id: number }[]>(
        'select id from whatsapps where channel = ? and number = ? and company_id <> ? limit 1',
        [channel, account, this.companyId],
      );
    if (taken) throw new AppError('ERR_CHANNEL_ACCOUNT_TAKEN', 409, { channel });
  }

  /** Any plugin may ask: the check reads nothing of the connection but whether it can ask (contact-address-check.ts). */
  async checkAddress(input: { number: string; channel?: string }): Promise<AddressCheck> {
    const { number, channel } = validate(addressCheckInputSchema, input);
    const { check } = await askAddress(
      this.addressDeps(),
      this.companyId,
      number.replace(/\D/g, ''),
      channel,
    );
    return check;
  }

  async session(connectionId: number): Promise<SessionStore> {
    await this.own(connectionId);
    return this.sessions.store(connectionId);
  }

  /** A connection of the company on a channel the plugin contributes; 404 / 403 otherwise. */
  private async own(connectionId: number): Promise<ConnectionInfo> {
    const connection = await this.find(connectionId);
    if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    if (!this.ownKinds.includes(connection.channel)) throw new AppError('ERR_NO_PERMISSION', 403);
    return connection;
  }
}
