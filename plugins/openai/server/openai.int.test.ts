import { randomUUID } from 'node:crypto';
import webchat from '@balcao/plugin-webchat/server/index.js';
import type { BotEngineDto, ConnectionDto, MessageDto, QueueDto, TicketDto } from '@balcao/sdk';
import { createTenant, createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PromptDto, PromptPageDto } from '../shared/prompt.js';
import openai from './index.js';
import { type MockAnswer, startMockOpenAi } from './mock-openai.js';

/**
 * The OpenAI engine end to end: web chat visitors write to a connection whose queue selects the engine and a prompt;
 * the model is a local mock server (no test reaches the internet), reached through the platform's egress port.
 */
let host: TestHost;
let token: string;
let mock: Awaited<ReturnType<typeof startMockOpenAi>>;
let queue: QueueDto;
let site: ConnectionDto;
let prompt: PromptDto;

const SYSTEM = 'Você é o assistente da Padaria Central. Responda com educação sobre horários e pedidos.';

/** The contact's last message decides what the mock model does. */
const script = (last: string): MockAnswer => {
  if (last.includes('quebrado')) return { status: 500 };
  if (last.includes('demora')) return { hang: true };
  if (last.includes('reclamação')) return { text: 'Entendo. Ação: Transferir para o setor de atendimento' };
  return { text: `Modelo: ${last}` };
};

const api = async <T>(
  path: string,
  opts: { method?: string; body?: unknown; as?: string } = {},
): Promise<T> => {
  const res = await host.request(path, { ...opts, token: opts.as ?? token });
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

function visitor(name: string) {
  const visitorId = randomUUID();
  return async (body: string): Promise<void> => {
    const res = await host.request(`/api/webchat/${site.token}/messages`, {
      body: { visitorId, name, body, clientMessageId: randomUUID() },
    });
    expect(res.status).toBe(201);
  };
}

const ticketOf = async (name: string) => {
  const { tickets } = await api<{ tickets: TicketDto[] }>('/api/tickets?showAll=true&status=pending');
  return tickets.find((t) => t.whatsappId === site.id && t.contact.name === name);
};
const messagesOf = async (ticketId: number) =>
  (await api<{ messages: MessageDto[] }>(`/api/messages/${ticketId}`)).messages;

/** Waits until the visitor's ticket has a message matching `match`; answers the ticket and its messages. */
const waitFor = (name: string, match: (m: MessageDto) => boolean) =>
  eventually(async () => {
    const ticket = await ticketOf(name);
    if (!ticket) return undefined;
    const messages = await messagesOf(ticket.id);
    return messages.some(match) ? { ticket, messages } : undefined;
  }, 15_000);

/** Waits until the engine handed the visitor's ticket on (its log names the engine for a move other than taking it). */
const handedOn = (name: string) =>
  eventually(async () => {
    const t = await ticketOf(name);
    if (!t) return undefined;
    const logs = await api<{ type: string; bot?: string | null }[]>(`/api/tickets-log/${t.id}`);
    return logs.some((l) => l.bot === 'openai:prompt' && l.type !== 'chatBot') ? t : undefined;
  }, 15_000);

const chatCalls = () => mock.calls.filter((c) => c.path.endsWith('/chat/completions'));

beforeAll(async () => {
  mock = await startMockOpenAi(script);
  host = await createTestHost({ plugins: [webchat, openai], env: { BALCAO_EGRESS_ALLOW: '127.0.0.1' } });
  token = (await host.login(host.admin.email, host.admin.password)).token;
  queue = await api<QueueDto>('/api/queue', {
    body: { name: 'Atendimento IA', color: '#224466', botEngine: 'openai:prompt' },
  });
  prompt = await api<PromptDto>('/api/prompt', {
    body: {
      name: 'Padaria',
      prompt: SYSTEM,
      queueId: queue.id,
      apiKey: 'sk-test-secret-123',
      baseUrl: mock.url,
      maxTokens: 150,
      temperature: 0.3,
      maxMessages: 3,
    },
  });
  queue = await api<QueueDto>(`/api/queue/${queue.id}`, {
    method: 'PUT',
    body: { name: queue.name, color: queue.color, botEngine: 'openai:prompt', promptId: prompt.id },
  });
  site = await api<ConnectionDto>('/api/whatsapp', {
    body: { name: 'Site Padaria', channel: 'webchat', queueIds: [queue.id] },
  });
});
afterAll(async () => {
  await host?.stop();
  await mock?.close();
});

describe('openai: prompts', () => {
  it('stores a prompt with the spec defaults and never answers its API key', async () => {
    expect(prompt).toMatchObject({ voice: 'texto', maxTokens: 150, temperature: 0.3, maxMessages: 3 });
    expect(prompt).toMatchObject({ hasApiKey: true, queue: { id: queue.id, name: 'Atendimento IA' } });
    const listed = await host.request('/api/prompt', { token });
    const text = await listed.text();
    expect(text).not.toContain('sk-test-secret-123');
    expect((JSON.parse(text) as PromptPageDto).prompts.map((p) => p.name)).toEqual(['Padaria']);
    const one = await api<Record<string, unknown>>(`/api/prompt/${prompt.id}`);
    expect(one).not.toHaveProperty('apiKey');
    // An edit without a key keeps the stored one.
    const edited = await api<PromptDto>(`/api/prompt/${prompt.id}`, {
      method: 'PUT',
      body: { ...one, apiKey: '', voice: 'pt-BR-FranciscaNeural' },
    });
    expect(edited).toMatchObject({ voice: 'pt-BR-FranciscaNeural', hasApiKey: true, maxMessages: 3 });
  });

  it('refuses hostile input with 400 and the field, never 500', async () => {
    const base = { name: 'Outro', prompt: SYSTEM, queueId: queue.id };
    const cases: [unknown, string][] = [
      [{ ...base, queueId: undefined }, 'queueId'],
      [{ ...base, queueId: 2_147_483_648 }, 'queueId'],
      [{ ...base, queueId: 999_999 }, 'queueId'],
      [{ ...base, name: 'a\u0000b' }, 'name'],
      [{ ...base, prompt: 'x'.repeat(20_001) }, 'prompt'],
      [{ ...base, temperature: 3 }, 'temperature'],
      [{ ...base, voice: 'robô' }, 'voice'],
      [{ ...base, baseUrl: 'ftp://x' }, 'baseUrl'],
    ];
    for (const [body, field] of cases) {
      const res = await host.request('/api/prompt', { token, body });
      expect(res.status, field).toBe(400);
      const answer = (await res.json()) as { error: string; fields: { path: string }[] };
      expect(answer.error).toBe('ERR_VALIDATION');
      expect(answer.fields.map((f) => f.path)).toContain(field);
    }
    expect((await host.request('/api/prompt/99999999999', { token })).status).toBe(400);
    expect((await host.request('/api/prompt/424242', { token })).status).toBe(404);
  });

  it('another company never reads, changes or uses the prompt or its key', async () => {
    const superToken = token;
    const other = await createTenant(host, superToken, { name: 'Outra IA', flags: { useOpenAi: true } });
    const { token: otherToken } = await host.login(other.email, other.password);
    const listed = await api<PromptPageDto>('/api/prompt', { as: otherToken });
    expect(listed.prompts).toEqual([]);
    expect((await host.request(`/api/prompt/${prompt.id}`, { token: otherToken })).status).toBe(404);
    const put = await host.request(`/api/prompt/${prompt.id}`, {
      token: otherToken,
      method: 'PUT',
      body: { name: 'x', prompt: 'y', queueId: queue.id },
    });
    expect([400, 404]).toContain(put.status);
    expect(
      (await host.request(`/api/prompt/${prompt.id}`, { token: otherToken, method: 'DELETE' })).status,
    ).toBe(404);
    expect((await api<PromptDto>(`/api/prompt/${prompt.id}`)).name).toBe('Padaria');
  });

  it('is for plans with useOpenAi: the routes and the engine are refused without it', async () => {
    const flagless = await createTenant(host, token, { name: 'Sem IA', flags: { useOpenAi: false } });
    const { token: flaglessToken } = await host.login(flagless.email, flagless.password);
    expect((await host.request('/api/prompt', { token: flaglessToken })).status).toBe(403);
    const engines = await api<BotEngineDto[]>('/api/bot-engines', { as: flaglessToken });
    expect(engines.map((e) => e.key)).not.toContain('openai:prompt');
    expect((await api<BotEngineDto[]>('/api/bot-engines')).map((e) => e.key)).toContain('openai:prompt');
  });
});

describe('openai: the engine', () => {
  it('answers with the model: the prompt as system message, the last maxMessages, maxTokens and temperature', async () => {
    const write = visitor('Ana');
    await write('oi');
    await write('primeira pergunta');
    await waitFor('Ana', (m) => m.fromMe && m.body === 'Modelo: primeira pergunta');
    await write('que horas vocês abrem?');
    await waitFor('Ana', (m) => m.fromMe && m.body === 'Modelo: que horas vocês abrem?');
    const call = chatCalls().at(-1);
    expect(call?.authorization).toBe('Bearer sk-test-secret-123');
    expect(call?.body).toMatchObject({ max_tokens: 150, temperature: 0.3 });
    const [system, ...history] = call?.body.messages ?? [];
    expect(system.role).toBe('system');
    expect(system.content.startsWith(SYSTEM)).toBe(true);
    // maxMessages is 3: the visitor's first 'oi' is left out.
    expect(history).toEqual([
      { role: 'user', content: 'primeira pergunta' },
      { role: 'assistant', content: 'Modelo: primeira pergunta' },
      { role: 'user', content: 'que horas vocês abrem?' },
    ]);
  });

  it('hands the ticket to the queue when the model says so, and the model is not asked again', async () => {
    const write = visitor('Bruno');
    await write('oi');
    await write('tenho uma reclamação');
    await waitFor('Bruno', (m) => m.fromMe && m.body === 'Entendo.');
    const ticket = await handedOn('Bruno');
    expect(ticket).toMatchObject({ status: 'pending', queueId: queue.id, isBot: false });
    const before = chatCalls().length;
    await write('alô?');
    await eventually(async () =>
      (await messagesOf(ticket.id)).some((m) => m.body === 'alô?') ? true : undefined,
    );
    expect(chatCalls().length).toBe(before);
  });

  it('hands the ticket to humans when the contact asks for a person, without asking the model', async () => {
    const write = visitor('Carla');
    await write('oi');
    const before = chatCalls().length;
    await write('quero falar com um atendente');
    const ticket = await handedOn('Carla');
    expect(ticket).toMatchObject({ queueId: queue.id, isBot: false, status: 'pending' });
    expect((await messagesOf(ticket.id)).filter((m) => m.fromMe)).toEqual([]);
    expect(chatCalls().length).toBe(before);
  });

  it('a model answering 500 leaves a private note, the ticket goes to humans, the next message skips the engine', async () => {
    const write = visitor('Davi');
    await write('oi');
    await write('está quebrado?');
    const { ticket } = await waitFor('Davi', (m) => m.isPrivate && m.body.includes('openai:prompt'));
    const note = (await messagesOf(ticket.id)).find((m) => m.isPrivate);
    expect(note?.body).toContain('500');
    expect(ticket).toMatchObject({ status: 'pending', isBot: false });
    const before = chatCalls().length;
    await write('alguém aí?');
    await eventually(async () =>
      (await messagesOf(ticket.id)).some((m) => m.body === 'alguém aí?') ? true : undefined,
    );
    expect(chatCalls().length).toBe(before);
  });

  it('a model that hangs times out: a private note says so and the ticket goes to humans', async () => {
    process.env.BALCAO_OPENAI_TIMEOUT_MS = '1000';
    try {
      const write = visitor('Eva');
      await write('oi');
      await write('isso demora?');
      const { messages } = await waitFor('Eva', (m) => m.isPrivate);
      expect(messages.find((m) => m.isPrivate)?.body).toContain('ERR_EGRESS_TIMEOUT');
      expect(messages.some((m) => m.fromMe && !m.isPrivate && m.body.startsWith('Modelo:'))).toBe(false);
    } finally {
      delete process.env.BALCAO_OPENAI_TIMEOUT_MS;
    }
  });
});
