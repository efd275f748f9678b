import {
  AppError,
  type ChannelDefinition,
  type ChannelSendContext,
  channelTraits,
  type Logger,
  type RealtimePort,
} from '@balcao/sdk';
import type { MikroORM } from '@mikro-orm/postgresql';
import { channelSendContext } from '../conversations/channel-context.js';
import { type ConnectionRow, toChannelConnection } from '../conversations/conversations-service.js';
import type { ChannelRegistry } from '../conversations/outbound.js';
import type { SessionManager } from '../sessions/session-manager.js';

/** The platform owner: its default connection sends the codes (peer-server-behaviour §10, as signup credentials go). */
export const PLATFORM_COMPANY_ID = 1;

/** A connection able to text a phone number now, with its adapter. */
export interface CodeChannel {
  adapter: ChannelDefinition;
  ctx: ChannelSendContext;
}

interface Deps {
  orm: MikroORM;
  channels: ChannelRegistry;
  realtime: RealtimePort;
  sessions: Pick<SessionManager, 'store' | 'call'>;
  config: { dataDir: string };
  logger: Logger;
}

/**
 * Sends password-reset codes as a text message through company 1's default connection, straight through its channel
 * adapter: no contact, ticket or message row is made, so the code never shows in company 1's conversations (an
 * attendant there could otherwise read it and reset somebody else's password) and is never stored in clear.
 * @example const channel = await sender.channel(); await sender.send(channel, '5511999990000', text, attemptId)
 */
export class RecoverySender {
  constructor(private readonly deps: Deps) {}

  /** Company 1's default connection, if it is connected and its channel texts phone numbers; else 503. */
  async channel(): Promise<CodeChannel> {
    const [row] = await this.deps.orm.em
      .getConnection()
      .execute<(ConnectionRow & { status: string })[]>(
        'select * from whatsapps where company_id = ? and is_default order by id limit 1',
        [PLATFORM_COMPANY_ID],
      );
    const adapter = row ? this.deps.channels.get(row.channel) : undefined;
    if (!row || !adapter || row.status !== 'CONNECTED' || channelTraits(adapter).reaches !== 'phone-numbers')
      throw new AppError('ERR_RESET_CHANNEL_UNAVAILABLE', 503);
    const { realtime, sessions, config } = this.deps;
    return {
      adapter,
      ctx: channelSendContext(toChannelConnection(row), { realtime, sessions, dataDir: config.dataDir }),
    };
  }

  /**
   * Texts `number`. The channel's own check first gives the address it writes to (WhatsApp may know a Brazilian
   * mobile without its ninth digit); a number with no account there is skipped. Never throws: a failure is logged
   * (the person asks for a new code after the minute).
   */
  async send(channel: CodeChannel, number: string, body: string, attemptId: string): Promise<void> {
    const { ctx } = channel;
    const { sessions } = this.deps;
    try {
      // Through the session's owner: with web and worker apart, the socket is in the worker (SessionManager.call).
      const to = await sessions.call(ctx.connection, 'checkAddress', { address: number });
      if (!to) return;
      const message = {
        // Outside any ticket: the contract's ids are 0; the idempotency key is the attempt's.
        messageId: 0,
        ticketId: 0,
        to,
        body,
        createdAt: new Date().toISOString(),
        mediaType: 'chat',
        mediaUrl: null,
        idempotencyKey: `password-reset:${attemptId}`,
      };
      await sessions.call(ctx.connection, 'send', { message });
    } catch (err) {
      this.deps.logger.warn(
        { err, connectionId: ctx.connection.id },
        'password-reset code could not be sent',
      );
    }
  }
}
