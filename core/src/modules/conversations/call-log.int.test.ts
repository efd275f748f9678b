import type { ConnectionDto, MessageDto } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWhatsappPlugin } from '../../testing/fake-whatsapp-plugin.js';
import { CALLS_DECLINED_NOTICE } from './call-log.js';
import type { ConversationsService } from './conversations-service.js';

/** A contact's call through the channel's door (ConversationsPort.call): logged, and declined where calls are off. */
let host: TestHost;
let token: string;
let connection: ConnectionDto;
let conversations: ConversationsService;

async function api(path: string, method = 'GET', body?: unknown) {
  const res = await host.request(path, { method, token, body });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return res.json();
}

const channelConnection = async () => {
  const found = await conversations.connectionByToken(connection.token as string, 'whatsapp');
  if (!found) throw new Error('connection not found by token');
  return found;
};
const messagesOf = async (ticketId: number) =>
  (await api(`/api/messages/${ticketId}`)).messages as MessageDto[];
const ticketOf = async (number: string) => {
  const { tickets } = await api(`/api/tickets?status=pending&showAll=true&searchParam=${number}`);
  return tickets.find((t: { contact?: { number: string } }) => t.contact?.number === number) as {
    id: number;
  };
};

beforeAll(async () => {
  host = await createTestHost({ plugins: [fakeWhatsappPlugin] });
  token = (await host.login(host.admin.email, host.admin.password)).token;
  connection = await api('/api/whatsapp', 'POST', { name: 'Fone chamadas', channel: 'whatsapp' });
  conversations = host.resolve<ConversationsService>('conversations');
});
afterAll(() => host?.stop());

describe('calls', () => {
  it('a call shows in the caller’s conversation as a call log, and is not declined while the company takes calls', async () => {
    const answer = await conversations.call(await channelConnection(), {
      externalId: 'call-A1',
      from: { id: '5511955550001', name: '' },
      video: false,
    });
    expect(answer).toEqual({ reject: false });
    const ticket = await ticketOf('5511955550001');
    expect(
      (await messagesOf(ticket.id)).map((m) => ({ mediaType: m.mediaType, body: m.body, fromMe: m.fromMe })),
    ).toEqual([{ mediaType: 'call_log', body: 'voice', fromMe: false }]);
    // The ticket list previews it as a call.
    expect(((await ticketOf('5511955550001')) as { lastMessage?: string }).lastMessage).toBe('[call_log]');
  });

  it('with acceptCallWhatsapp disabled the call is declined and the caller told once to write instead', async () => {
    await api('/api/settings/acceptCallWhatsapp', 'PUT', { value: 'disabled' });
    const caller = { externalId: 'call-B1', from: { id: '5511955550002', name: '' }, video: true };
    expect(await conversations.call(await channelConnection(), caller)).toEqual({ reject: true });
    // WhatsApp tells the same call again: logged and answered once.
    expect(await conversations.call(await channelConnection(), caller)).toEqual({ reject: true });
    const ticket = await ticketOf('5511955550002');
    const messages = await messagesOf(ticket.id);
    expect(messages.map((m) => [m.mediaType, m.body === 'video' ? 'video' : ''])).toEqual([
      ['call_log', 'video'],
      ['chat', ''],
    ]);
    expect(messages[1]).toMatchObject({ fromMe: true, body: CALLS_DECLINED_NOTICE });
    // The notice goes out through the outbox, to the caller.
    await eventually(async () => {
      const { messages: out } = await (await host.request(`/test-channel/${connection.token}/outbox`)).json();
      return out.some(
        (m: { to: string; body: string }) => m.to === '5511955550002' && m.body === CALLS_DECLINED_NOTICE,
      )
        ? true
        : undefined;
    });
    await api('/api/settings/acceptCallWhatsapp', 'PUT', { value: 'enabled' });
  });
});
