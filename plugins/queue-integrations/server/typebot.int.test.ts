import webchat from '@balcao/plugin-webchat/server/index.js';
import type { ConnectionDto, QueueDto, TicketDto } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationDetailDto } from '../shared/integration.js';
import { createQueueIntegrationsPlugin } from './index.js';
import { apiOf, webchatVisitor } from './testing/conversation.js';
import { type MockServer, startMockServer } from './testing/mock-server.js';
import { typebotFlow } from './testing/typebot-mock.js';

/**
 * The Typebot engine end to end: a web chat visitor writes on a connection whose queue or connection selects a Typebot
 * record; the local mock plays Typebot's chat API. Bubbles, the numbered choice, variables, keywords, the bot's
 * transfer command and the failure path.
 */
let host: TestHost;
let token: string;
let api: ReturnType<typeof apiOf>;
let typebot: MockServer;
let transferQueue: QueueDto;

const bodies = (ms: { body: string }[]) => ms.map((m) => m.body);

async function typebotRecord(fields: Record<string, unknown> = {}): Promise<IntegrationDetailDto> {
  return api<IntegrationDetailDto>('/api/queueIntegration', {
    body: {
      type: 'typebot',
      name: `Typebot ${Math.random().toString(36).slice(2, 8)}`,
      urlN8N: typebot.url,
      typebotSlug: 'atendimento',
      typebotDelayMessage: 0,
      typebotExpires: 10,
      ...fields,
    },
  });
}

async function siteFor(record: IntegrationDetailDto): Promise<ConnectionDto> {
  return api<ConnectionDto>('/api/whatsapp', {
    body: {
      name: `Site ${record.id}`,
      channel: 'webchat',
      botEngine: 'queue-integrations:typebot',
      integrationId: record.id,
    },
  });
}

beforeAll(async () => {
  typebot = await startMockServer(() => ({ status: 500 }));
  const flow = typebotFlow(
    () => typebot.url,
    () => transferQueue.id,
  );
  // The bot 'lento' never answers in time.
  typebot.answer((req) => (req.path.includes('/typebots/lento/') ? { delayMs: 4_000, json: {} } : flow(req)));
  // One call to Typebot may take 1.5 s here (8 s in production), so the timeout is seen in a test.
  const integrations = createQueueIntegrationsPlugin({ requestTimeoutMs: 1_500 });
  host = await createTestHost({
    plugins: [webchat, integrations],
    env: { BALCAO_EGRESS_ALLOW: '127.0.0.1' },
  });
  ({ token } = await host.login(host.admin.email, host.admin.password));
  api = apiOf(host, token);
  transferQueue = await api<QueueDto>('/api/queue', { body: { name: 'Financeiro', color: '#aa3344' } });
});
afterAll(async () => {
  await host?.stop();
  await typebot?.close();
});

describe('typebot engine', () => {
  it('offers the four engines to the admin', async () => {
    const engines = await api<{ key: string; label: string }[]>('/api/bot-engines');
    expect(engines.map((e) => e.key)).toEqual([
      'queue-integrations:typebot',
      'queue-integrations:n8n',
      'queue-integrations:webhook',
      'queue-integrations:dialogflow',
    ]);
  });

  it('starts a session with the contact variables and renders bubbles, image and a numbered choice', async () => {
    const record = await typebotRecord({ typebotUnknownMessage: 'Não entendi, escolha 1 ou 2.' });
    const visitor = webchatVisitor(host, token, await siteFor(record), 'Ana');
    await visitor.write('oi');
    const first = await visitor.received(3);
    expect(bodies(first)[0]).toBe('Olá, *Ana*!');
    expect(first[1].mediaType).toBe('image');
    expect(first[1].mediaUrl).toMatch(/^\/api\/media\//);
    expect(bodies(first)[2]).toBe('1 - Vendas\n2 - Suporte');
    const start = typebot.requests.find((r) => r.path.endsWith('/startChat'));
    const ticket = (await visitor.ticket()) as TicketDto;
    expect(start?.json()).toMatchObject({
      prefilledVariables: { name: 'Ana', number: ticket.contact.number, ticketId: ticket.id },
    });

    await visitor.write('7');
    // Typebot's own refusal text becomes the record's unknown message; the choice is offered again.
    expect(bodies(await visitor.received(5)).slice(3)).toEqual([
      'Não entendi, escolha 1 ou 2.',
      '1 - Vendas\n2 - Suporte',
    ]);

    await visitor.write('1');
    const chosen = bodies(await visitor.received(8)).slice(5);
    expect(chosen).toEqual([
      '_Você escolheu Vendas. Veja:_',
      'https://www.youtube.com/watch?v=abc',
      'Qual é o seu nome?',
    ]);
    await visitor.write('Ana Souza');
    expect(bodies(await visitor.received(9))[8]).toBe(`Obrigado, Ana Souza, ticket ${ticket.id}.`);
    expect((await visitor.ticket())?.isBot).toBe(true);
  });

  it('sends the bubbles of one answer typebotDelayMessage apart', async () => {
    const record = await typebotRecord({ typebotDelayMessage: 400 });
    const visitor = webchatVisitor(host, token, await siteFor(record), 'Gil');
    await visitor.write('oi');
    const sent = (await visitor.received(3)).map((m) => new Date(m.createdAt).getTime());
    // A lower bound only: the pause is at least the record's, however slow the machine.
    expect(sent[1] - sent[0]).toBeGreaterThanOrEqual(390);
    expect(sent[2] - sent[1]).toBeGreaterThanOrEqual(390);
  });

  it('the restart keyword starts over; the finish keyword closes the ticket', async () => {
    const record = await typebotRecord({
      typebotKeywordRestart: '#reiniciar',
      typebotRestartMessage: 'Vamos recomeçar.',
      typebotKeywordFinish: '#sair',
    });
    const visitor = webchatVisitor(host, token, await siteFor(record), 'Bruno');
    await visitor.write('oi');
    await visitor.received(3);
    await visitor.write('#REINICIAR');
    expect(bodies(await visitor.received(4))[3]).toBe('Vamos recomeçar.');
    await visitor.write('oi de novo');
    // A new session: the welcome again.
    expect(bodies(await visitor.received(7))[4]).toBe('Olá, *Bruno*!');
    await visitor.write('#sair');
    await eventually(async () => ((await visitor.ticket())?.status === 'closed' ? true : undefined), 15_000);
  });

  it('a session quiet for longer than typebotExpires minutes starts over', async () => {
    const visitor = webchatVisitor(
      host,
      token,
      await siteFor(await typebotRecord({ typebotExpires: 5 })),
      'Eva',
    );
    await visitor.write('oi');
    await visitor.received(3);
    const ticket = (await visitor.ticket()) as TicketDto;
    // Six minutes pass without a message (the session's clock moved back rather than the test waiting).
    const db = new pg.Client({ connectionString: host.databaseUrl });
    await db.connect();
    await db.query(
      "update queue_integrations_sessions set started_at = now() - interval '6 minutes' where ticket_id = $1",
      [ticket.id],
    );
    await db.end();
    await visitor.write('1');
    // Not "Vendas" in the old session: a new one greets again.
    expect(bodies(await visitor.received(6)).slice(3)).toEqual([
      'Olá, *Eva*!',
      expect.anything(),
      '1 - Vendas\n2 - Suporte',
    ]);
  });

  it("the bot's #{queueId} command hands the ticket to that queue's humans", async () => {
    const visitor = webchatVisitor(host, token, await siteFor(await typebotRecord()), 'Carla');
    await visitor.write('oi');
    await visitor.received(3);
    await visitor.write('transferir');
    const moved = await eventually(async () => {
      const t = await visitor.ticket();
      return t && !t.isBot && t.queueId === transferQueue.id ? t : undefined;
    }, 15_000);
    expect(moved.status).toBe('pending');
    // The command is never shown to the contact.
    expect(bodies(await visitor.received(3)).some((b) => b.startsWith('#'))).toBe(false);
  });

  it('a Typebot that fails leaves a note, hands the ticket to humans and is not called again', async () => {
    const record = await typebotRecord({ typebotSlug: 'nao-existe' });
    const visitor = webchatVisitor(host, token, await siteFor(record), 'Davi');
    const before = typebot.requests.length;
    await visitor.write('oi');
    expect(await visitor.note()).toMatch(/queue-integrations:typebot.*404/);
    const ticket = (await visitor.ticket()) as TicketDto;
    expect(ticket.status).toBe('pending');
    expect(ticket.isBot).toBe(false);
    const calls = typebot.requests.length;
    expect(calls).toBeGreaterThan(before);
    await visitor.write('alô?');
    await eventually(async () => ((await visitor.messages()).length >= 3 ? true : undefined), 15_000);
    expect(typebot.requests.length).toBe(calls);
  });

  it('a Typebot that does not answer in time: a note says so, the humans take the ticket, no session is kept', async () => {
    const record = await typebotRecord({ typebotSlug: 'lento' });
    const visitor = webchatVisitor(host, token, await siteFor(record), 'Fred');
    await visitor.write('oi');
    expect(await visitor.note()).toMatch(/queue-integrations:typebot falhou: .*ERR_EGRESS_TIMEOUT/);
    const ticket = (await visitor.ticket()) as TicketDto;
    expect([ticket.status, ticket.isBot]).toEqual(['pending', false]);
    const db = new pg.Client({ connectionString: host.databaseUrl });
    await db.connect();
    const { rows } = await db.query('select 1 from queue_integrations_sessions where ticket_id = $1', [
      ticket.id,
    ]);
    await db.end();
    expect(rows).toEqual([]);
  });
});
