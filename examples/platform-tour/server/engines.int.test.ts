import { randomUUID } from 'node:crypto';
import webchat from '@balcao/plugin-webchat/server/index.js';
import type { BotEngineDto, ConnectionDto, MessageDto, QueueDto } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tour from './index.js';

/**
 * The tour's engines from the admin's side: listed for selection, selected by a connection and by a queue, and the
 * volunteer that nobody selected. Visitors write through the web chat's public route, as a browser would.
 */
let host: TestHost;
let token: string;

const api = async <T>(path: string, opts: { method?: string; body?: unknown } = {}): Promise<T> => {
  const res = await host.request(path, { ...opts, token });
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

/** A visitor of the web chat connection: each call writes one message. */
function visitor(connection: ConnectionDto, name: string) {
  const visitorId = randomUUID();
  return async (body: string): Promise<void> => {
    const res = await host.request(`/api/webchat/${connection.token}/messages`, {
      body: { visitorId, name, body, clientMessageId: randomUUID() },
    });
    expect(res.status).toBe(201);
  };
}

const answersIn = async (connection: ConnectionDto) => {
  const { tickets } = await api<{ tickets: { id: number; whatsappId: number }[] }>(
    '/api/tickets?showAll=true&status=pending',
  );
  const mine = tickets.filter((t) => t.whatsappId === connection.id);
  const out: string[] = [];
  for (const t of mine) {
    const { messages } = await api<{ messages: MessageDto[] }>(`/api/messages/${t.id}`);
    out.push(...messages.filter((m) => m.fromMe && !m.isPrivate).map((m) => m.body));
  }
  return out;
};
const answered = (connection: ConnectionDto, body: string) =>
  eventually(async () => ((await answersIn(connection)).includes(body) ? true : undefined));

beforeAll(async () => {
  host = await createTestHost({ plugins: [webchat, tour] });
  const login = await host.login(host.admin.email, host.admin.password);
  token = login.token;
  // The tour is offered on plans with integrations.
  await api(`/api/plans/${login.user.company.planId}`, { method: 'PUT', body: { useIntegration: true } });
});
afterAll(() => host?.stop());

describe('tour: bot engines the admin selects', () => {
  it('lists the tour engines for the admin to choose from', async () => {
    const listed = await api<BotEngineDto[]>('/api/bot-engines');
    expect(listed).toEqual([
      { key: 'tour:faq', plugin: 'tour', name: 'faq', label: 'Tour FAQ' },
      { key: 'tour:greeter', plugin: 'tour', name: 'greeter', label: 'Tour greeter' },
    ]);
  });

  it('a connection that selects the FAQ engine has it answer its conversations', async () => {
    const site = await api<ConnectionDto>('/api/whatsapp', {
      body: { name: 'Site FAQ', channel: 'webchat', botEngine: 'tour:faq', integrationId: 12 },
    });
    const write = visitor(site, 'Ana');
    await write('qual o horário?');
    await answered(site, `FAQ (connection ${site.id}, settings 12): qual o horário?`);
  });

  it('a queue that selects the FAQ engine has it answer once the ticket is in the queue', async () => {
    const queue = await api<QueueDto>('/api/queue', {
      body: { name: 'Dúvidas', color: '#123456', botEngine: 'tour:faq', promptId: 33 },
    });
    const site = await api<ConnectionDto>('/api/whatsapp', {
      body: { name: 'Site fila', channel: 'webchat', queueIds: [queue.id] },
    });
    const write = visitor(site, 'Bruno');
    // The first message finds no engine selected (no queue yet): the one-queue connection puts the ticket in it.
    await write('oi');
    await write('preciso de ajuda');
    await answered(site, `FAQ (queue ${queue.id}, settings 33): preciso de ajuda`);
  });

  it('the greeter volunteers where nothing is selected', async () => {
    const site = await api<ConnectionDto>('/api/whatsapp', {
      body: { name: 'Site livre', channel: 'webchat' },
    });
    const write = visitor(site, 'Tour guest Carla');
    await write('bom dia');
    await answered(site, 'Olá, Tour guest Carla (volunteer)');
  });
});
