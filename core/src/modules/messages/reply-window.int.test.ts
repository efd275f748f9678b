import {
  type ConnectionDto,
  defineChannel,
  definePlugin,
  type MessageDto,
  type TicketDto,
} from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationsService } from '../conversations/conversations-service.js';

/**
 * A channel that lets replies through only for 24 hours after the contact's last message (ChannelTraits
 * .replyWindowHours, as Meta's): core refuses an attendant's later reply with a clear error instead of letting the
 * outbox fail; private notes, and channels without a window, are never held back.
 */
const sent: string[] = [];
const windowed = definePlugin({
  name: 'window-test',
  contributes: {
    channels: [
      defineChannel({
        kind: 'echo',
        traits: { replyWindowHours: 24, needsSession: false, reaches: 'own-contacts', groups: false },
        async send(message) {
          sent.push(message.body);
          return { ack: 1 };
        },
      }),
    ],
  },
});

let host: TestHost;
let token: string;
let userId: number;
let connection: ConnectionDto;
let orm: MikroORM;

beforeAll(async () => {
  host = await createTestHost({ plugins: [windowed] });
  const login = await host.login(host.admin.email, host.admin.password);
  token = login.token;
  userId = login.user.id;
  connection = (await (
    await host.request('/api/whatsapp', { token, body: { name: 'Janela', channel: 'echo' } })
  ).json()) as ConnectionDto;
  orm = host.resolve<MikroORM>('orm');
});
afterAll(() => host?.stop());

/** A contact writes on the connection; the admin accepts the ticket. */
async function openTicket(contact: string): Promise<number> {
  const conversations = host.resolve<ConversationsService>('conversations');
  const channel = await conversations.connectionByToken(connection.token as string, 'echo');
  if (!channel) throw new Error('connection not found');
  const result = await conversations.ingest(channel, {
    externalId: `in-${contact}`,
    from: { id: contact, name: contact },
    body: 'Oi',
  });
  if (result.outcome !== 'stored') throw new Error(result.outcome);
  const put = await host.request(`/api/tickets/${result.ticketId}`, {
    method: 'PUT',
    token,
    body: { status: 'open', userId },
  });
  expect(put.status).toBe(200);
  return result.ticketId;
}

/** The contact's last message is `hours` old. */
const age = (ticketId: number, hours: number) =>
  orm.em
    .getConnection()
    .execute(
      `update messages set created_at = now() - interval '${hours} hours' where ticket_id = ? and not from_me`,
      [ticketId],
    );

const reply = (ticketId: number, body: Record<string, unknown>) =>
  host.request(`/api/messages/${ticketId}`, { token, body });

describe('reply window', () => {
  it('within 24 hours of the contact’s last message the attendant’s reply is sent', async () => {
    const ticketId = await openTicket('janela-1');
    await age(ticketId, 23);
    const res = await reply(ticketId, { body: 'Dentro da janela' });
    expect(res.status).toBe(201);
    await eventually(() => sent.find((b) => b.includes('Dentro da janela')));
  });

  it('after 24 hours the reply is refused with 400 ERR_OUTSIDE_REPLY_WINDOW and nothing is stored', async () => {
    const ticketId = await openTicket('janela-2');
    await age(ticketId, 25);
    const res = await reply(ticketId, { body: 'Fora da janela' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'ERR_OUTSIDE_REPLY_WINDOW', hours: 24 });
    const { messages } = (await (await host.request(`/api/messages/${ticketId}`, { token })).json()) as {
      messages: MessageDto[];
    };
    expect(messages.some((m) => m.body.includes('Fora da janela'))).toBe(false);
  });

  it('a private note is never held back by the window', async () => {
    const ticketId = await openTicket('janela-3');
    await age(ticketId, 48);
    const res = await reply(ticketId, { body: 'Nota interna', isPrivate: true });
    expect(res.status).toBe(201);
  });

  it('a new message from the contact opens the window again', async () => {
    const ticketId = await openTicket('janela-4');
    await age(ticketId, 30);
    expect((await reply(ticketId, { body: 'Ainda não' })).status).toBe(400);
    const conversations = host.resolve<ConversationsService>('conversations');
    const channel = await conversations.connectionByToken(connection.token as string, 'echo');
    if (!channel) throw new Error('connection not found');
    await conversations.ingest(channel, {
      externalId: 'in-janela-4b',
      from: { id: 'janela-4', name: '' },
      body: 'Voltei',
    });
    const tickets = (await (
      await host.request('/api/tickets?status=open&showAll=true', { token })
    ).json()) as {
      tickets: TicketDto[];
    };
    expect(tickets.tickets.some((t) => t.id === ticketId)).toBe(true);
    expect((await reply(ticketId, { body: 'Agora sim' })).status).toBe(201);
  });
});
