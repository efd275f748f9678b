import {
  type BotEngine,
  type ConnectionDto,
  definePlugin,
  type MessageDto,
  type TicketDto,
} from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueue, joinQueue, sql } from '../../testing/attendance-fixtures.js';
import { fakeWhatsappPlugin } from '../../testing/fake-whatsapp-plugin.js';

/**
 * Bot engines through the whole path: a message reaches the fake WhatsApp's inbound route, ingest stores it, the bots
 * module runs the engine the contact's number routes to, and the outcome shows on the ticket, its log and the outbox.
 */

/** Which engine wants which contact (by number): each engine takes only its own contacts. */
const route = new Map<string, string>();
const seen: { engine: string; body: string; start: number; end: number }[] = [];
let handoffQueueId = 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Deps = { messages: import('@balcao/sdk').MessagesPort };
const engine = (name: string, rest: Omit<BotEngine<Deps>, 'name' | 'wants'>): BotEngine<Deps> => ({
  name,
  wants: (_ticket, contact) => route.get(contact.number) === name,
  ...rest,
});

const testBots = definePlugin({
  name: 'test-bots',
  requires: ['messages'],
  contributes: {
    botEngines: [
      engine('echo', {
        async handle({ message, ticket, deps }) {
          await deps.messages.send({ ticketId: ticket.id, body: `eco: ${message.body}` });
          return { type: 'reply-sent' };
        },
      }),
      engine('triage', {
        async handle({ message }) {
          if (message.body === 'humano') return { type: 'handoff', queueId: handoffQueueId };
          if (message.body === 'tchau') return { type: 'close' };
          return { type: 'continue' };
        },
      }),
      engine('passer', {
        async handle() {
          return { type: 'pass' };
        },
      }),
      engine('slow', {
        timeoutMs: 300,
        async handle({ signal }) {
          await new Promise((resolve) => {
            const timer = setTimeout(resolve, 3_000);
            signal.addEventListener('abort', () => {
              clearTimeout(timer);
              resolve(undefined);
            });
          });
          return { type: 'continue' };
        },
      }),
      engine('broken', {
        async handle() {
          throw new Error('boom');
        },
      }),
      engine('serial', {
        async handle({ message }) {
          const start = Date.now();
          await sleep(250);
          seen.push({ engine: 'serial', body: message.body, start, end: Date.now() });
          return { type: 'continue' };
        },
      }),
      engine('gated', {
        planFlag: 'useKanban',
        async handle({ message, ticket, deps }) {
          await deps.messages.send({ ticketId: ticket.id, body: `premium: ${message.body}` });
          return { type: 'reply-sent' };
        },
      }),
    ],
  },
});

let host: TestHost;
let token: string;
let planId: number;
let agentId: number;
let connection: ConnectionDto;
let seq = 0;

const api = async <T>(path: string, opts: { method?: string; body?: unknown } = {}): Promise<T> => {
  const res = await host.request(path, { ...opts, token });
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

/** A customer writes on the fake WhatsApp; answers the ticket id. */
async function inbound(number: string, body: string): Promise<number> {
  seq += 1;
  const res = await host.request(`/test-channel/${connection.token}/inbound`, {
    body: { externalId: `bots-${seq}-${Date.now()}`, from: { id: number, name: `Cliente ${number}` }, body },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { ticketId: number }).ticketId;
}

const ticket = (id: number) => api<TicketDto>(`/api/tickets/${id}`);
const messagesOf = async (id: number) =>
  (await api<{ messages: MessageDto[] }>(`/api/messages/${id}`)).messages;
const logsOf = (id: number) => api<{ type: string; bot?: string | null }[]>(`/api/tickets-log/${id}`);
const botState = async (id: number) =>
  (
    await sql<{ bot_engine: string | null; bot_handoff_at: Date | null }>(
      host,
      'select bot_engine, bot_handoff_at from tickets where id = $1',
      [id],
    )
  )[0];
/** Polls until the bots module has dealt with the ticket's last inbound message (or it is with humans for good). */
const settled = (id: number) =>
  eventually(async () => {
    const [row] = await sql<{ done: boolean }>(
      host,
      `select t.bot_handoff_at is not null
              or coalesce(t.bot_cursor, 0) >= (select max(id) from messages where ticket_id = t.id and not from_me) as done
         from tickets t where t.id = $1`,
      [id],
    );
    return row?.done ? true : undefined;
  }, 20_000);

beforeAll(async () => {
  host = await createTestHost({ plugins: [fakeWhatsappPlugin, testBots] });
  const login = await host.login(host.admin.email, host.admin.password);
  token = login.token;
  planId = login.user.company.planId;
  connection = await api<ConnectionDto>('/api/whatsapp', { body: { name: 'Fone', channel: 'whatsapp' } });
  handoffQueueId = await createQueue(host, 1, 'Suporte', '#00aa00');
  const agent = await api<{ id: number }>('/api/users', {
    body: { name: 'Bia', email: 'bia@bots.test', password: 'agent-pass' },
  });
  agentId = agent.id;
  await joinQueue(host, agentId, handoffQueueId);
});
afterAll(() => host?.stop());

describe('bot engines', () => {
  it('an engine that replies keeps the ticket, and its reply reaches the channel', async () => {
    route.set('5511900000001', 'echo');
    const id = await inbound('5511900000001', 'oi');
    const reply = await eventually(async () =>
      (await messagesOf(id)).find((m) => m.fromMe && m.body === 'eco: oi'),
    );
    await eventually(async () => {
      const { messages } = await (await host.request(`/test-channel/${connection.token}/outbox`)).json();
      return messages.find((m: { messageId: number }) => m.messageId === reply.id);
    });
    await settled(id);
    expect(await ticket(id)).toMatchObject({ status: 'pending', isBot: true, userId: null });
    expect((await botState(id)).bot_engine).toBe('test-bots:echo');
    expect(await logsOf(id)).toContainEqual(
      expect.objectContaining({ type: 'chatBot', bot: 'test-bots:echo' }),
    );

    // The engine keeps the conversation: the next message comes to it too.
    await inbound('5511900000001', 'tudo bem?');
    await eventually(async () => (await messagesOf(id)).find((m) => m.body === 'eco: tudo bem?'));
  });

  it('a contact’s reaction, or one taken back, is no message for the engine', async () => {
    route.set('5511900000042', 'echo');
    const id = await inbound('5511900000042', 'oi');
    const first = await eventually(async () =>
      (await messagesOf(id)).find((m) => m.fromMe && m.body === 'eco: oi'),
    );
    for (const body of ['👍', '']) {
      seq += 1;
      const res = await host.request(`/test-channel/${connection.token}/inbound`, {
        body: {
          externalId: `bots-react-${seq}-${Date.now()}`,
          from: { id: '5511900000042', name: 'Cliente' },
          body,
          mediaType: 'reactionMessage',
          quotedExternalId: `fake-out-${first.id}`,
        },
      });
      expect(res.status).toBe(201);
    }
    // Turns run in order: once the next text is answered, the reactions were passed over.
    await inbound('5511900000042', 'de novo');
    await eventually(async () => (await messagesOf(id)).find((m) => m.body === 'eco: de novo'));
    const answers = (await messagesOf(id)).filter((m) => m.fromMe).map((m) => m.body);
    expect(answers).toEqual(['eco: oi', 'eco: de novo']);
  });

  it('a handoff puts the ticket pending in the queue, out of the bot, and a human accepts it', async () => {
    route.set('5511900000002', 'triage');
    const id = await inbound('5511900000002', 'preciso de ajuda');
    await settled(id);
    expect(await ticket(id)).toMatchObject({ isBot: true, status: 'pending' });

    await inbound('5511900000002', 'humano');
    await settled(id);
    expect(await ticket(id)).toMatchObject({ status: 'pending', queueId: handoffQueueId, isBot: false });
    expect(await botState(id)).toMatchObject({ bot_engine: null });
    expect(await logsOf(id)).toContainEqual(
      expect.objectContaining({ type: 'queue', bot: 'test-bots:triage' }),
    );

    // Handed over for good: the engine no longer sees the conversation, and an attendant takes it.
    await inbound('5511900000002', 'alô?');
    await settled(id);
    expect((await ticket(id)).status).toBe('pending');
    const agentToken = (await host.login('bia@bots.test', 'agent-pass')).token;
    const res = await host.request(`/api/tickets/${id}`, {
      method: 'PUT',
      token: agentToken,
      body: { status: 'open', userId: agentId },
    });
    expect(res.status).toBe(200);
    expect(await ticket(id)).toMatchObject({ status: 'open', userId: agentId, isBot: false });
  });

  it('close ends the conversation: the ticket closes, the log names the bot', async () => {
    route.set('5511900000003', 'triage');
    const id = await inbound('5511900000003', 'tchau');
    await settled(id);
    expect(await ticket(id)).toMatchObject({ status: 'closed', isBot: false });
    expect(await logsOf(id)).toContainEqual(
      expect.objectContaining({ type: 'closed', bot: 'test-bots:triage' }),
    );
  });

  it('pass gives the conversation back: no engine holds the ticket, default routing applies', async () => {
    route.set('5511900000004', 'passer');
    const id = await inbound('5511900000004', 'oi');
    await settled(id);
    expect(await ticket(id)).toMatchObject({ status: 'pending', isBot: false, userId: null });
    expect(await botState(id)).toMatchObject({ bot_engine: null, bot_handoff_at: null });
  });

  it.each([
    ['slow', '5511900000005', 'não respondeu a tempo'],
    ['broken', '5511900000006', 'falhou: boom'],
  ])('a %s engine hands the ticket to humans with a private note saying why', async (name, number, why) => {
    route.set(number, name);
    const id = await inbound(number, 'oi');
    await settled(id);
    expect(await ticket(id)).toMatchObject({ status: 'pending', isBot: false });
    expect(await botState(id)).toMatchObject({ bot_engine: null });
    // The note follows the handoff (a step of its own): wait for it rather than for the handoff only.
    const note = await eventually(async () => (await messagesOf(id)).find((m) => m.isPrivate));
    expect(note.body).toContain(`O robô test-bots:${name} ${why}`);
    // The note stays in Balcão: nothing of it reached the channel.
    const { messages } = await (await host.request(`/test-channel/${connection.token}/outbox`)).json();
    expect(messages.find((m: { messageId: number }) => m.messageId === note.id)).toBeUndefined();
  });

  it('two quick messages of one ticket reach the engine one after the other, in order', async () => {
    route.set('5511900000007', 'serial');
    const id = await inbound('5511900000007', 'primeira');
    await Promise.all([inbound('5511900000007', 'segunda'), inbound('5511900000007', 'terceira')]);
    await settled(id);
    const calls = seen.filter((s) => s.engine === 'serial');
    expect(calls).toHaveLength(3);
    expect(calls[0]?.body).toBe('primeira');
    // In the order the ticket took them (ids follow the ticket's row lock; created_at is each transaction's start).
    const stored = (await messagesOf(id))
      .filter((m) => !m.fromMe)
      .sort((a, b) => a.id - b.id)
      .map((m) => m.body);
    expect(calls.map((c) => c.body)).toEqual(stored);
    for (let i = 1; i < calls.length; i += 1)
      expect(calls[i]?.start).toBeGreaterThanOrEqual(calls[i - 1]?.end ?? Number.POSITIVE_INFINITY);
  });

  it('a contact with the bot disabled never reaches an engine', async () => {
    route.set('5511900000008', 'echo');
    const contact = await api<{ id: number }>('/api/contacts', {
      body: { name: 'Sem robô', number: '5511900000008' },
    });
    await api(`/api/contacts/toggleDisableBot/${contact.id}`, { method: 'PUT' });
    const id = await inbound('5511900000008', 'oi');
    await settled(id);
    expect(await ticket(id)).toMatchObject({ isBot: false, status: 'pending' });
    expect((await messagesOf(id)).filter((m) => m.fromMe)).toHaveLength(0);
  });

  it("the engine's plan flag gates it per tenant", async () => {
    const superToken = token;
    const setFlag = (on: boolean) =>
      host.request(`/api/plans/${planId}`, { method: 'PUT', token: superToken, body: { useKanban: on } });
    expect((await setFlag(false)).status).toBe(200);
    route.set('5511900000009', 'gated');
    const off = await inbound('5511900000009', 'oi');
    await settled(off);
    expect(await ticket(off)).toMatchObject({ isBot: false });
    expect((await messagesOf(off)).filter((m) => m.fromMe)).toHaveLength(0);

    expect((await setFlag(true)).status).toBe(200);
    route.set('5511900000010', 'gated');
    const on = await inbound('5511900000010', 'oi');
    await eventually(async () => (await messagesOf(on)).find((m) => m.body === 'premium: oi'));
  });
});
