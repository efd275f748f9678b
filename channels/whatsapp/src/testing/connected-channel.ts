import type { ChannelSendContext, OutboundMessage, RealtimePort } from '@balcao/sdk';
import { expect, vi } from 'vitest';
import { type WhatsappChannelOptions, whatsappChannel } from '../channel.js';
import { fakeSockets } from './fake-socket.js';
import { recordingSessionContext } from './memory-session-store.js';

/** The contact most adapter tests write to. */
export const ANA = '5511999990001';
const realtime: RealtimePort = { publish: async () => {}, defineRoom() {}, defineGuest() {} };

/**
 * The adapter with a session connected on a fake socket, for unit tests: its session context (recording), the send
 * context core would give (the same company's media store), and `outbound` to build numbered messages.
 * @example const { channel, socket, sendCtx, outbound } = await connectedChannel()
 */
export async function connectedChannel(options: WhatsappChannelOptions = {}) {
  const fake = fakeSockets();
  const channel = whatsappChannel({ makeSocket: fake.makeSocket, ...options });
  const rec = recordingSessionContext();
  await channel.start?.(rec.ctx);
  fake.last().openAs('5511999990000');
  await vi.waitFor(() => expect(rec.statuses()).toContain('CONNECTED'));
  const sendCtx: ChannelSendContext = {
    connection: rec.ctx.connection,
    realtime,
    session: rec.ctx.session,
    media: rec.media,
  };
  let n = 0;
  const outbound = (fields: Partial<OutboundMessage>): OutboundMessage => {
    n += 1;
    return {
      messageId: n,
      ticketId: 1,
      to: ANA,
      body: '',
      createdAt: new Date().toISOString(),
      mediaType: 'chat',
      mediaUrl: null,
      idempotencyKey: `key-${n}`,
      ...fields,
    };
  };
  return { fake, channel, socket: fake.last(), ...rec, sendCtx, outbound };
}
