import {
  type BotEngine,
  type BotSelection,
  type ConnectionDto,
  definePlugin,
  type MessageDto,
  type QueueDetailDto,
  type TicketDto,
} from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../testing/attendance-fixtures.js';
import { fakeWhatsappPlugin } from '../../testing/fake-whatsapp-plugin.js';

/**
 * Bot engines the admin selects (bot-selection.ts): two engines, `alpha` volunteering for every contact (but those of
 * the 55119770 range, so the queue menu and a chatbot tree get their messages) and `beta`, which has no `wants` and
 * answers only where it is selected. Messages reach the fake WhatsApp's inbound route, as a phone would send them.
 */
type Deps = { messages: import('@balcao/sdk').MessagesPort };
const calls: { engine: string; body: string; ticketId: number; selection: BotSelection }[] = [];
const callsOf = (ticketId: number, engine?: string) =>
  calls.filter((c) => c.ticketId === ticketId && (!engine || c.engine === engine));

const replying = (name: string): Pick<BotEngine<Deps>, 'handle'> => ({
  async handle({ message, ticket, deps, selection }) {
    calls.push({ engine: name, body: message.body, ticketId: ticket.id, selection });
    await deps.messages.send({ ticketId: ticket.id, body: `${name}: ${message.body}` });
    return { type: 'reply-sent' };
  },
});

const engines = definePlugin({
  name: 'pick-bots',
  requires: ['messages'],
  contributes: {
    botEngines: [
      {
        name: 'alpha',
        label: 'Alpha volunteer',
        wants: (_ticket, contact) => !contact.number.startsWith('55119770'),
        ...replying('alpha'),
      },
      { name: 'beta', label: 'Beta', ...replying('beta') },
      { name: 'gated', planFlag: 'useKanban', ...replying('gated') },
    ],
  },
});

let host: TestHost;
let token: string;
let phone: ConnectionDto;
let seq = 0;

const api = async <T>(path: string, opts: { method?: string; body?: unknown } = {}): Promise<T> => {
  const res = await host.request(path, { ...opts, token });
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

async function inbound(on: ConnectionDto, number: string, body: string): Promise<number> {
  seq += 1;
  const res = await host.request(`/test-channel/${on.token}/inbound`, {
    body: { externalId: `pick-${seq}-${Date.now()}`, from: { id: number, name: `Cliente ${number}` }, body },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { ticketId: number }).ticketId;
}

const messagesOf = async (id: number) =>
  (await api<{ messages: MessageDto[] }>(`/api/messages/${id}`)).messages;
const answered = (id: number, body: string) =>
  eventually(async () => (await messagesOf(id)).find((m) => m.fromMe && m.body === body));
const queue = (body: Record<string, unknown>) => api<QueueDetailDto>('/api/queue', { body });

beforeAll(async () => {
  host = await createTestHost({ plugins: [fakeWhatsappPlugin, engines] });
  const login = await host.login(host.admin.email, host.admin.password);
  token = login.token;
  phone = await api<ConnectionDto>('/api/whatsapp', { body: { name: 'Fone', channel: 'whatsapp' } });
  // The plan lacks the gated engine's flag.
  await api(`/api/plans/${login.user.company.planId}`, { method: 'PUT', body: { useKanban: false } });
});
afterAll(() => host?.stop());

describe('bot engines the admin selects', () => {
  it('lists the engines the plan allows, to admins only', async () => {
    expect(await api('/api/bot-engines')).toEqual([
      { key: 'pick-bots:alpha', plugin: 'pick-bots', name: 'alpha', label: 'Alpha volunteer' },
      { key: 'pick-bots:beta', plugin: 'pick-bots', name: 'beta', label: 'Beta' },
    ]);
    const email = `agent.${Date.now()}@pick.test`;
    await api('/api/users', { body: { name: 'Ana', email, password: 'agent-pass' } });
    const agent = await host.login(email, 'agent-pass');
    expect((await host.request('/api/bot-engines', { token: agent.token })).status).toBe(403);
  });

  it('refuses an unknown engine, one the plan lacks, or a malformed key, with a code', async () => {
    const refused = async (path: string, method: string, body: unknown) => {
      const res = await host.request(path, { method, token, body });
      return { status: res.status, body: await res.json() };
    };
    for (const botEngine of ['pick-bots:nobody', 'pick-bots:gated', 'gone:alpha'])
      expect(
        await refused('/api/queue', 'POST', { name: `Fila ${botEngine}`, color: '#101010', botEngine }),
      ).toEqual({
        status: 400,
        body: expect.objectContaining({
          error: 'ERR_BOT_ENGINE_UNAVAILABLE',
          fields: [{ path: 'botEngine', message: 'Invalid option' }],
        }),
      });
    const malformed = await refused('/api/queue', 'POST', {
      name: 'Fila X',
      color: '#101011',
      botEngine: 'Beta\u0000',
    });
    expect(malformed).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(await refused(`/api/whatsapp/${phone.id}`, 'PUT', { botEngine: 'pick-bots:gated' })).toMatchObject(
      { status: 400, body: { error: 'ERR_BOT_ENGINE_UNAVAILABLE' } },
    );
    const option = { name: 'Robô', queueType: 'integration', optBotEngine: 'pick-bots:nobody' };
    expect(
      await refused('/api/queue', 'POST', { name: 'Fila árvore', color: '#101012', chatbots: [option] }),
    ).toMatchObject({
      status: 400,
      body: { error: 'ERR_BOT_ENGINE_UNAVAILABLE', fields: [{ path: 'chatbots.0.optBotEngine' }] },
    });
    const q = await queue({ name: 'Fila avulsa', color: '#101013' });
    expect(
      await refused('/api/chatbot', 'POST', { queueId: q.id, ...option, optBotEngine: 'pick-bots:gated' }),
    ).toMatchObject({ status: 400, body: { error: 'ERR_BOT_ENGINE_UNAVAILABLE' } });
  });

  it("a queue's engine takes its tickets' messages, never the volunteer", async () => {
    const q = await queue({
      name: 'Beta atende',
      color: '#202020',
      botEngine: 'pick-bots:beta',
      integrationId: 41,
      promptId: 42,
    });
    expect(q).toMatchObject({ botEngine: 'pick-bots:beta', integrationId: 41, promptId: 42 });
    const contact = await api<{ id: number }>('/api/contacts', {
      body: { name: 'Na fila', number: '5511900000101' },
    });
    const created = await api<TicketDto>('/api/tickets', {
      body: { contactId: contact.id, queueId: q.id, whatsappId: phone.id, status: 'pending' },
    });
    await sql(host, 'update tickets set user_id = null, status = $1 where id = $2', ['pending', created.id]);
    const id = await inbound(phone, '5511900000101', 'oi');
    expect(id).toBe(created.id);
    await answered(id, 'beta: oi');
    await inbound(phone, '5511900000101', 'de novo');
    await answered(id, 'beta: de novo');
    expect(callsOf(id, 'alpha')).toEqual([]);
    expect(callsOf(id).map((c) => c.selection)).toEqual([
      { by: 'queue', id: q.id, integrationId: 41, promptId: 42 },
      { by: 'queue', id: q.id, integrationId: 41, promptId: 42 },
    ]);

    // Meanwhile the volunteer still answers tickets nobody selected an engine for.
    const other = await inbound(phone, '5511900000102', 'olá');
    await answered(other, 'alpha: olá');
    expect(callsOf(other)[0]).toMatchObject({ engine: 'alpha', selection: { by: 'volunteer', id: null } });
  });

  it("a connection's engine takes its new conversations", async () => {
    const desk = await api<ConnectionDto>('/api/whatsapp', {
      body: { name: 'Beta fone', channel: 'whatsapp', botEngine: 'pick-bots:beta', promptId: 9 },
    });
    expect(desk.botEngine).toBe('pick-bots:beta');
    const id = await inbound(desk, '5511900000201', 'bom dia');
    await answered(id, 'beta: bom dia');
    expect(callsOf(id)).toEqual([
      {
        engine: 'beta',
        body: 'bom dia',
        ticketId: id,
        selection: { by: 'connection', id: desk.id, integrationId: null, promptId: 9 },
      },
    ]);
    // Cleared, the connection's tickets go back to the volunteers.
    expect(
      (await api<ConnectionDto>(`/api/whatsapp/${desk.id}`, { method: 'PUT', body: { botEngine: null } }))
        .botEngine,
    ).toBeNull();
  });

  it('a chatbot option of type integration hands the ticket to its engine', async () => {
    const q = await queue({
      name: 'Com árvore',
      color: '#303030',
      greetingMessage: 'Escolha:',
      chatbots: [
        {
          name: 'Falar com o robô',
          greetingMessage: 'Um momento',
          queueType: 'integration',
          optBotEngine: 'pick-bots:beta',
          optIntegrationId: 7,
        },
        { name: 'Outra coisa', queueType: 'text' },
      ],
    });
    expect(q.chatbots[0]).toMatchObject({ optBotEngine: 'pick-bots:beta', optIntegrationId: 7 });
    const other = await queue({ name: 'Sem robô', color: '#303031' });
    const menu = await api<ConnectionDto>('/api/whatsapp', {
      body: { name: 'Menu', channel: 'whatsapp', greetingMessage: 'Olá!', queueIds: [q.id, other.id] },
    });
    const number = '5511977000301';
    const id = await inbound(menu, number, 'oi');
    await eventually(async () =>
      (await messagesOf(id)).find((m) => m.fromMe && m.body.includes('Com árvore')),
    );
    await inbound(menu, number, '1');
    await eventually(async () =>
      (await messagesOf(id)).find((m) => m.fromMe && m.body.includes('Falar com o robô')),
    );
    await inbound(menu, number, '1');
    // The option's text (automatic messages begin with a left-to-right mark), then the engine holds the ticket.
    // The text is stored as it is sent; the hold is stored when the turn ends, a moment later.
    await eventually(async () =>
      (await messagesOf(id)).find((m) => m.fromMe && m.body.endsWith('Um momento')),
    );
    const held = await eventually(async () => {
      const [row] = await sql<{ bot_engine: string | null }>(
        host,
        'select bot_engine from tickets where id = $1',
        [id],
      );
      return row.bot_engine ?? undefined;
    });
    expect(held).toBe('pick-bots:beta');
    await inbound(menu, number, 'meu pedido');
    await answered(id, 'beta: meu pedido');
    expect(callsOf(id)).toEqual([
      {
        engine: 'beta',
        body: 'meu pedido',
        ticketId: id,
        selection: { by: 'chatbot-option', id: q.chatbots[0].id, integrationId: 7, promptId: null },
      },
    ]);
  });

  it('a selected engine that is gone hands the ticket to humans', async () => {
    const q = await queue({ name: 'Robô sumiu', color: '#404040', botEngine: 'pick-bots:beta' });
    await sql(host, "update queues set bot_engine = 'gone:beta' where id = $1", [q.id]);
    const contact = await api<{ id: number }>('/api/contacts', {
      body: { name: 'Órfão', number: '5511900000401' },
    });
    const created = await api<TicketDto>('/api/tickets', {
      body: { contactId: contact.id, queueId: q.id, whatsappId: phone.id, status: 'pending' },
    });
    await sql(host, 'update tickets set user_id = null, status = $1 where id = $2', ['pending', created.id]);
    await inbound(phone, '5511900000401', 'alô');
    await eventually(async () =>
      (await messagesOf(created.id)).find((m) => m.isPrivate && m.body.includes('gone:beta')),
    );
    expect(calls.filter((c) => c.ticketId === created.id)).toEqual([]);
    const [row] = await sql<{ status: string; bot_handoff_at: Date | null }>(
      host,
      'select status, bot_handoff_at from tickets where id = $1',
      [created.id],
    );
    expect(row).toMatchObject({ status: 'pending', bot_handoff_at: expect.any(Date) });
  });
});
