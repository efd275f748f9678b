import webchat from '@balcao/plugin-webchat/server/index.js';
import type { ConnectionDto, MessageDto, QueueDto, TagDto, TicketDto } from '@balcao/sdk';
import { createFakeChannel, createTenant, createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationDetailDto } from '../shared/integration.js';
import { signature } from './engines/webhook.js';
import { createQueueIntegrationsPlugin } from './index.js';
import { apiOf, webchatVisitor } from './testing/conversation.js';
import { dialogflowFlow, testServiceAccount } from './testing/dialogflow-mock.js';
import {
  type MockAnswer,
  type MockRequest,
  type MockServer,
  startMockServer,
} from './testing/mock-server.js';

/**
 * The n8n, webhook and Dialogflow engines end to end: a web chat visitor writes on a connection that selects the
 * engine and a record; local mocks play the flow's receiver and Google. Answers applied, the failure paths, the
 * plan's gate and another company's records.
 */
let host: TestHost;
let token: string;
let adminId: number;
let api: ReturnType<typeof apiOf>;
let flow: MockServer;
let google: MockServer;
const account = testServiceAccount();
/** A phone line whose contacts can send voice notes (the web chat sends text only). */
const phone = createFakeChannel();
/** What the flow answers, by the text the visitor wrote. */
const flowAnswers = new Map<string, MockAnswer>();

const bodies = (ms: { body: string }[]) => ms.map((m) => m.body);

async function record(body: Record<string, unknown>): Promise<IntegrationDetailDto> {
  return api<IntegrationDetailDto>('/api/queueIntegration', { body });
}

async function site(engine: string, integrationId: number, as = api): Promise<ConnectionDto> {
  return as<ConnectionDto>('/api/whatsapp', {
    body: {
      name: `Site ${engine} ${integrationId} ${Math.random()}`.slice(0, 50),
      channel: 'webchat',
      botEngine: `queue-integrations:${engine}`,
      integrationId,
    },
  });
}

const posted = (path: string) => flow.requests.filter((r) => r.path === path);

beforeAll(async () => {
  flow = await startMockServer((req: MockRequest) => {
    // The flow's own files, as a reply's mediaUrl names them.
    if (req.method === 'GET')
      return { body: Buffer.from('%PDF-1.4 catálogo'), contentType: 'application/pdf' };
    const text = req.json<{ message: { body: string } }>().message.body;
    return flowAnswers.get(text) ?? { status: 204 };
  });
  google = await startMockServer(dialogflowFlow(() => account.publicKey));
  const plugin = createQueueIntegrationsPlugin({
    google: { dialogflowUrl: google.url, tokenUrl: `${google.url}/token` },
    // One call to the flow may take 1.5 s here (8 s in production), so the timeout is seen in a test.
    requestTimeoutMs: 1_500,
  });
  host = await createTestHost({
    plugins: [webchat, phone.plugin, plugin],
    env: { BALCAO_EGRESS_ALLOW: '127.0.0.1' },
  });
  const login = await host.login(host.admin.email, host.admin.password);
  ({ token } = login);
  adminId = login.user.id;
  api = apiOf(host, token);
  // Each scripted conversation has its own connection: more than the seeded plan's (plan 1, company 1's) ten.
  await api('/api/plans/1', { method: 'PUT', body: { connections: 30 } });
});
afterAll(async () => {
  await host?.stop();
  await flow?.close();
  await google?.close();
});

describe('n8n and webhook engines', () => {
  it('posts each message signed, with contact, ticket and message, and applies text, tags and a transfer', async () => {
    const n8n = await record({ type: 'n8n', name: 'Fluxo', urlN8N: `${flow.url}/n8n` });
    const queue = await api<QueueDto>('/api/queue', { body: { name: 'Comercial', color: '#225588' } });
    const tag = await api<TagDto>('/api/tags', { body: { name: 'lead-quente', color: '#ff0000' } });
    flowAnswers.set('quero comprar', {
      json: {
        replies: [{ text: 'Ótimo!' }, { text: 'Um vendedor já vem.' }],
        tagIds: [tag.id],
        transfer: { queueId: queue.id },
      },
    });
    const visitor = webchatVisitor(host, token, await site('n8n', n8n.id), 'Elisa');
    await visitor.write('olá');
    await eventually(() => (posted('/n8n').length >= 1 ? true : undefined), 15_000);
    const [first] = posted('/n8n');
    const ticket = (await visitor.ticket()) as TicketDto;
    expect(first.json()).toMatchObject({
      event: 'message.inbound',
      integration: { id: n8n.id, type: 'n8n' },
      ticket: { id: ticket.id, connectionId: ticket.whatsappId },
      contact: { name: 'Elisa', channel: 'webchat' },
      message: { body: 'olá', mediaType: 'chat', mediaUrl: null },
    });
    const timestamp = String(first.headers['x-balcao-timestamp']);
    expect(first.headers['x-balcao-signature']).toBe(
      signature(n8n.signingSecret as string, timestamp, first.body),
    );
    // No answer: the flow keeps the ticket, silent (read once the turn is over: the post arrives before it ends).
    await eventually(async () => ((await visitor.ticket())?.isBot ? true : undefined), 15_000);
    expect((await visitor.messages()).filter((m) => m.fromMe)).toEqual([]);

    await visitor.write('quero comprar');
    expect(bodies(await visitor.received(2))).toEqual(['Ótimo!', 'Um vendedor já vem.']);
    const moved = await eventually(async () => {
      const t = await visitor.ticket();
      return t?.queueId === queue.id && !t.isBot ? t : undefined;
    }, 15_000);
    expect(moved.status).toBe('pending');
    expect(moved.tags?.map((t) => t.id)).toContain(tag.id);
  });

  it('closes the ticket when the answer says so', async () => {
    const hook = await record({ type: 'webhook', name: 'Gancho', urlN8N: `${flow.url}/hook` });
    flowAnswers.set('encerrar', { json: { text: 'Até mais!', close: true } });
    const visitor = webchatVisitor(host, token, await site('webhook', hook.id), 'Fábio');
    await visitor.write('encerrar');
    expect(bodies(await visitor.received(1))).toEqual(['Até mais!']);
    await eventually(async () => ((await visitor.ticket())?.status === 'closed' ? true : undefined), 15_000);
  });

  it('a receiver that keeps failing is retried, then a note and the humans; the next message is not posted', async () => {
    const hook = await record({ type: 'webhook', name: 'Fora do ar', urlN8N: `${flow.url}/down` });
    flowAnswers.set('socorro', { status: 503 });
    const visitor = webchatVisitor(host, token, await site('webhook', hook.id), 'Gabi');
    await visitor.write('socorro');
    expect(await visitor.note()).toMatch(/queue-integrations:webhook falhou: Fora do ar respondeu 503/);
    expect(posted('/down')).toHaveLength(3);
    const ticket = (await visitor.ticket()) as TicketDto;
    expect([ticket.status, ticket.isBot]).toEqual(['pending', false]);
    await visitor.write('alguém?');
    await eventually(async () => ((await visitor.messages()).length >= 3 ? true : undefined), 15_000);
    expect(posted('/down')).toHaveLength(3);
  });

  it('sends a file the flow names and hands the ticket to the queue and the user it names', async () => {
    const hook = await record({ type: 'webhook', name: 'Catálogo', urlN8N: `${flow.url}/catalogo` });
    const queue = await api<QueueDto>('/api/queue', { body: { name: 'Vendas diretas', color: '#117733' } });
    flowAnswers.set('me manda o catálogo', {
      json: {
        replies: [
          { mediaUrl: `${flow.url}/files/catalogo.pdf`, mediaType: 'application', caption: 'Catálogo' },
        ],
        transfer: { queueId: queue.id, userId: adminId },
      },
    });
    const visitor = webchatVisitor(host, token, await site('webhook', hook.id), 'Kátia');
    await visitor.write('me manda o catálogo');
    const [file] = await visitor.received(1);
    expect(file).toMatchObject({ mediaType: 'application', body: 'Catálogo' });
    expect(file.mediaUrl).toMatch(/^\/api\/media\//);
    const stored = await host.request(file.mediaUrl as string, { token });
    expect(Buffer.from(await stored.arrayBuffer()).toString()).toBe('%PDF-1.4 catálogo');
    const moved = await eventually(async () => {
      const t = await visitor.ticket();
      return t && !t.isBot && t.userId === adminId ? t : undefined;
    }, 15_000);
    expect(moved.queueId).toBe(queue.id);
  });

  it('a receiver that does not answer in time: every attempt timed out, a note, the humans', async () => {
    const hook = await record({ type: 'n8n', name: 'Lerdo', urlN8N: `${flow.url}/lento` });
    flowAnswers.set('alô, lento', { delayMs: 4_000, json: { text: 'tarde demais' } });
    const visitor = webchatVisitor(host, token, await site('n8n', hook.id), 'Lia');
    await visitor.write('alô, lento');
    expect(await visitor.note()).toMatch(/queue-integrations:n8n falhou: .*ERR_EGRESS_TIMEOUT/);
    expect(posted('/lento')).toHaveLength(3);
    const ticket = (await visitor.ticket()) as TicketDto;
    expect([ticket.status, ticket.isBot]).toEqual(['pending', false]);
    expect((await visitor.messages()).some((m) => m.body === 'tarde demais')).toBe(false);
  });

  it('an answer out of the contract is a failure, not a half-applied one', async () => {
    const hook = await record({ type: 'webhook', name: 'Malfeito', urlN8N: `${flow.url}/bad` });
    flowAnswers.set('oi malfeito', { json: { replies: [{ text: '' }] } });
    const visitor = webchatVisitor(host, token, await site('webhook', hook.id), 'Hugo');
    await visitor.write('oi malfeito');
    expect(await visitor.note()).toMatch(/resposta inválida \(replies\.0/);
    expect((await visitor.messages()).filter((m) => m.fromMe && !m.isPrivate)).toHaveLength(0);
  });
});

describe('dialogflow engine', () => {
  it('sends the fulfilment messages, says in the agent’s language it did not understand, and hands the ticket over at the end', async () => {
    const agent = await record({
      type: 'dialogflow',
      name: 'Agente',
      projectName: 'agente-teste',
      language: 'es',
      jsonContent: account.jsonContent,
    });
    const visitor = webchatVisitor(host, token, await site('dialogflow', agent.id), 'Iara');
    await visitor.write('oi');
    expect(bodies(await visitor.received(2))).toEqual(['Olá! (es)', 'Como posso ajudar?']);
    await visitor.write('qual o sentido da vida?');
    expect(bodies(await visitor.received(3))[2]).toBe('*Agente:* No pude entender su pregunta.');
    await visitor.write('tchau');
    expect(bodies(await visitor.received(4))[3]).toBe('Até logo! Um atendente continua daqui.');
    const handed = await eventually(async () => {
      const t = await visitor.ticket();
      return t && !t.isBot ? t : undefined;
    }, 15_000);
    expect(handed.status).toBe('pending');
    const contact = (await visitor.ticket())?.contactId;
    expect(
      google.requests.filter((r) => r.path.includes(`/sessions/contact-${contact}:detectIntent`)),
    ).toHaveLength(3);
  });

  it('hears a voice note: the audio itself goes to the agent; one it cannot hear leaves a note and the humans', async () => {
    const agent = await record({
      type: 'dialogflow',
      name: 'Agente de voz',
      projectName: 'agente-teste',
      language: 'pt-BR',
      jsonContent: account.jsonContent,
    });
    const line = await phone.connect(host, token, 'Linha Dialogflow');
    await api(`/api/whatsapp/${line.connection.id}`, {
      method: 'PUT',
      body: { botEngine: 'queue-integrations:dialogflow', integrationId: agent.id },
    });
    const note = (data: string, mimeType: string, fileName: string) => ({
      data: Buffer.from(data),
      fileName,
      mimeType,
      mediaType: 'audio',
    });
    const messagesOf = async (ticketId: number) =>
      (await api<{ messages: MessageDto[] }>(`/api/messages/${ticketId}`)).messages;

    const heard = await line.receive({
      from: '5511944440001',
      body: '',
      media: note('quero pizza', 'audio/ogg; codecs=opus', 'nota.ogg'),
    });
    const { ticketId } = heard as { ticketId: number };
    const reply = await eventually(async () => (await messagesOf(ticketId)).find((m) => m.fromMe));
    expect(reply.body).toBe('Ouvi "quero pizza" (AUDIO_ENCODING_OGG_OPUS, 16000 Hz, pt-BR)');

    const mp3 = await line.receive({
      from: '5511944440002',
      body: '',
      media: note('mp3', 'audio/mpeg', 'nota.mp3'),
    });
    const other = (mp3 as { ticketId: number }).ticketId;
    const failed = await eventually(async () => (await messagesOf(other)).find((m) => m.isPrivate));
    expect(failed.body).toMatch(/o Dialogflow não ouve áudio audio\/mpeg/);
    expect(await api<TicketDto>(`/api/tickets/${other}`)).toMatchObject({ status: 'pending', isBot: false });
  });

  it('an agent that does not answer in time leaves a note naming the timeout and the humans', async () => {
    const agent = await record({
      type: 'dialogflow',
      name: 'Agente lento',
      projectName: 'agente-teste',
      language: 'pt-BR',
      jsonContent: account.jsonContent,
    });
    const visitor = webchatVisitor(host, token, await site('dialogflow', agent.id), 'Mara');
    await visitor.write('demora');
    expect(await visitor.note()).toMatch(/queue-integrations:dialogflow falhou: .*ERR_EGRESS_TIMEOUT/);
    expect(await visitor.ticket()).toMatchObject({ status: 'pending', isBot: false });
  });

  it('a key Google refuses leaves a note and the humans', async () => {
    const agent = await record({
      type: 'dialogflow',
      name: 'Chave velha',
      projectName: 'agente-teste',
      language: 'en',
      jsonContent: testServiceAccount().jsonContent,
    });
    const visitor = webchatVisitor(host, token, await site('dialogflow', agent.id), 'João');
    await visitor.write('oi');
    expect(await visitor.note()).toMatch(/o Google recusou a conta de serviço \(400\)/);
  });
});

describe('plan and tenants', () => {
  it('another company selecting our record id gets nothing of it: a note, and no call with our secrets', async () => {
    const agent = await record({
      type: 'dialogflow',
      name: 'Só nosso',
      projectName: 'agente-teste',
      language: 'en',
      jsonContent: account.jsonContent,
    });
    const other = await createTenant(host, token, { name: 'Vizinha', flags: { useIntegration: true } });
    const { token: otherToken } = await host.login(other.email, other.password);
    const before = google.requests.length;
    const conn = await site('dialogflow', agent.id, apiOf(host, otherToken));
    const visitor = webchatVisitor(host, otherToken, conn, 'Intruso');
    await visitor.write('oi');
    expect(await visitor.note()).toMatch(`a integração #${agent.id} não existe mais`);
    expect(google.requests.length).toBe(before);
  });

  it('a plan without integrations is offered none of the engines and cannot select them', async () => {
    const flagless = await createTenant(host, token, { name: 'Basica', flags: { useIntegration: false } });
    const { token: basic } = await host.login(flagless.email, flagless.password);
    const listed = (await (await host.request('/api/bot-engines', { token: basic })).json()) as {
      key: string;
    }[];
    expect(listed.filter((e) => e.key.startsWith('queue-integrations:'))).toEqual([]);
    const refused = await host.request('/api/whatsapp', {
      token: basic,
      body: {
        name: 'Site básico',
        channel: 'webchat',
        botEngine: 'queue-integrations:typebot',
        integrationId: 1,
      },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'ERR_BOT_ENGINE_UNAVAILABLE' });
  });
});
