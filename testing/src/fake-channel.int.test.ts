import { createTestHost, type TestHost } from '@balcao/core/testing';
import type { MessageDto } from '@balcao/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeChannel, type FakeConnection } from './fake-channel.js';
import { connectSocket, type TestSocket } from './test-socket.js';

// The helpers a plugin author's test starts from: a fake channel (the contact's side and the channel's servers) and a
// user's realtime socket, against a real host.

const fake = createFakeChannel();
let host: TestHost;
let token: string;
let userId: number;
let line: FakeConnection;
let socket: TestSocket;

const messageFrame = (data: unknown) => data as { action: string; message: MessageDto };

beforeAll(async () => {
  host = await createTestHost({
    plugins: [fake.plugin],
    env: { OUTBOX_POLL_MS: '50', OUTBOX_RETRY_BASE_MS: '50', OUTBOX_MAX_ATTEMPTS: '2' },
  });
  const login = await host.login(host.admin.email, host.admin.password);
  token = login.token;
  userId = login.user.id;
  line = await fake.connect(host, token);
  socket = await connectSocket(host, token);
});
afterAll(async () => {
  socket?.close();
  await host?.stop();
});

async function reply(ticketId: number, body: string): Promise<MessageDto> {
  const res = await host.request(`/api/messages/${ticketId}`, { token, body: { body } });
  expect(res.status).toBe(201);
  return (await res.json()) as MessageDto;
}

describe('fake channel and socket helpers', () => {
  it("the contact's message reaches the attendant's socket; the reply is what the channel sent; acks land", async () => {
    const inbound = await line.receive({ from: '5511912340001', body: 'Oi, tudo bem?', name: 'Ana' });
    expect(inbound.outcome).toBe('stored');
    const ticketId = (inbound as { ticketId: number }).ticketId;
    const created = await socket.waitFor(
      'company-1-appMessage',
      (d) => messageFrame(d).action === 'create' && messageFrame(d).message.body === 'Oi, tudo bem?',
    );
    expect(messageFrame(created.data).message.ticketId).toBe(ticketId);

    const accept = await host.request(`/api/tickets/${ticketId}`, {
      method: 'PUT',
      token,
      body: { status: 'open', userId },
    });
    expect(accept.status).toBe(200);
    const message = await reply(ticketId, 'Tudo ótimo!');
    const sent = await line.waitForSent((m) => m.messageId === message.id);
    expect(sent).toMatchObject({
      to: '5511912340001',
      body: expect.stringContaining('Tudo ótimo!'),
      ticketId,
    });

    // The channel acks what the product knows it sent: the outbox stores the channel's id once the send returns (the
    // fake's record of the send comes first; on a loaded machine an ack sent at once found no message by that id).
    await socket.waitFor(
      'company-1-appMessage',
      (d) => messageFrame(d).message?.id === message.id && (messageFrame(d).message.ack ?? 0) >= 1,
    );
    expect(await line.ack(message.id, 3)).toBe(true);
    await socket.waitFor(
      'company-1-appMessage',
      (d) => messageFrame(d).message?.id === message.id && messageFrame(d).message.ack === 3,
    );
    // An ack of a message the channel never sent finds nothing.
    expect(await line.ack(message.id + 1000, 3)).toBe(false);
  });

  it('failSends makes the channel unreachable: the message ends failed with the reason, seen on the socket', async () => {
    const inbound = await line.receive({ from: '5511912340002', body: 'Alô' });
    const ticketId = (inbound as { ticketId: number }).ticketId;
    await host.request(`/api/tickets/${ticketId}`, {
      method: 'PUT',
      token,
      body: { status: 'open', userId },
    });
    line.failSends('Servers down');
    const message = await reply(ticketId, 'Vai falhar');
    const failed = await socket.waitFor(
      'company-1-appMessage',
      (d) =>
        messageFrame(d).message?.id === message.id &&
        messageFrame(d).message.deliveryError === 'Servers down',
    );
    expect(messageFrame(failed.data).action).toBe('update');
    expect(line.sent().some((m) => m.messageId === message.id)).toBe(false);
    line.failSends(null);
  });

  it("a contact's file is stored in the company's media and the message carries it", async () => {
    const voice = Buffer.from('OggS fake voice note');
    const inbound = await line.receive({
      from: '5511912340003',
      body: '',
      media: { data: voice, fileName: 'nota.ogg', mimeType: 'audio/ogg', mediaType: 'audio' },
    });
    const ticketId = (inbound as { ticketId: number }).ticketId;
    const res = await host.request(`/api/messages/${ticketId}`, { token });
    const { messages } = (await res.json()) as { messages: MessageDto[] };
    const [message] = messages;
    expect(message).toMatchObject({ mediaType: 'audio', fromMe: false });
    expect(message.mediaUrl).toMatch(/^\/api\/media\//);
    const file = await host.request(message.mediaUrl as string, { token });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(voice);
  });
});
