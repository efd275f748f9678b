import {
  CHATBOT_MAX_DEPTH,
  type ChatbotDto,
  defaultWeeklySchedule,
  type QueueDetailDto,
  type QueueDto,
} from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket, type TenantWithAgent, tenantWithAgent } from '../../../testing/tenant-fixtures.js';

let host: TestHost;
let shop: TenantWithAgent;
let other: TenantWithAgent;
let queue: QueueDetailDto;
let target: QueueDetailDto;
let theirQueue: QueueDetailDto;

const send = (token: string, method: string, path: string, body?: unknown) =>
  host.request(`/api${path}`, { method, token, body: body as Record<string, unknown> | undefined });
const putQueue = (body: Record<string, unknown>, id = queue.id, token = shop.adminToken) =>
  send(token, 'PUT', `/queue/${id}`, { name: 'Atendimento', color: '#1565c0', ...body });
const names = (nodes: ChatbotDto[]): unknown[] =>
  nodes.map((n) => (n.options.length ? [n.name, names(n.options)] : n.name));

/** A tree `depth` levels deep, each level's option carrying a message. */
const chain = (depth: number): Record<string, unknown>[] =>
  depth === 0 ? [] : [{ name: `Nível ${depth}`, greetingMessage: 'Escolha:', options: chain(depth - 1) }];

beforeAll(async () => {
  host = await createTestHost();
  const superToken = (await host.login(host.admin.email, host.admin.password)).token;
  shop = await tenantWithAgent(host, superToken, 'Bot Loja', { queues: 5 });
  other = await tenantWithAgent(host, superToken, 'Bot Outra', { queues: 5 });
  const create = async (token: string, body: Record<string, unknown>) =>
    (await send(token, 'POST', '/queue', body)).json();
  queue = await create(shop.adminToken, { name: 'Atendimento', color: '#1565c0' });
  target = await create(shop.adminToken, { name: 'Financeiro', color: '#2e7d32' });
  theirQueue = await create(other.adminToken, { name: 'Deles', color: '#2e7d32' });
});
afterAll(() => host?.stop());

describe('queue fields', () => {
  it('a new queue has no rotation, no bot closing and the default service hours', () => {
    expect(queue).toMatchObject({
      ativarRoteador: false,
      tempoRoteador: 0,
      integrationId: null,
      fileListId: null,
      promptId: null,
      closeTicket: false,
      schedules: defaultWeeklySchedule(),
      chatbots: [],
    });
  });

  it('an admin sets rotation, close ticket, ids and hours; fields not sent stay', async () => {
    const hours = defaultWeeklySchedule().map((r, i) =>
      i === 6 ? { ...r, startTimeA: '', endTimeA: '' } : r,
    );
    const res = await putQueue({
      ativarRoteador: true,
      tempoRoteador: 15,
      closeTicket: true,
      promptId: 3,
      schedules: hours,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      ativarRoteador: true,
      tempoRoteador: 15,
      closeTicket: true,
      promptId: 3,
    });
    const kept = (await (await putQueue({ greetingMessage: 'Olá' })).json()) as QueueDetailDto;
    expect(kept).toMatchObject({
      ativarRoteador: true,
      tempoRoteador: 15,
      closeTicket: true,
      schedules: hours,
    });
  });

  it('refuses a rotation time outside 0, 2, 5, 10, 15, 30, 45, 60 and an id past the int range', async () => {
    for (const [body, path] of [
      [{ tempoRoteador: 7 }, 'tempoRoteador'],
      [{ integrationId: 2_147_483_648 }, 'integrationId'],
      [{ schedules: defaultWeeklySchedule().slice(1) }, 'schedules'],
    ] as const) {
      const res = await putQueue(body);
      expect(res.status).toBe(400);
      expect((await res.json()).fields[0].path).toBe(path);
    }
  });
});

describe('the chatbot tree saved with the queue', () => {
  it('round-trips a two-level tree in order; ids sent back are kept, options left out are deleted', async () => {
    const res = await putQueue({
      chatbots: [
        {
          name: 'Boletos',
          greetingMessage: 'Qual boleto?',
          options: [{ name: 'Segunda via' }, { name: 'Negociar' }],
        },
        { name: 'Falar com financeiro', queueType: 'queue', optQueueId: target.id },
        { name: 'Falar com Ana', queueType: 'attendent', optUserId: shop.agentId, closeTicket: true },
      ],
    });
    expect(res.status).toBe(200);
    const saved = ((await res.json()) as QueueDetailDto).chatbots;
    expect(names(saved)).toEqual([
      ['Boletos', ['Segunda via', 'Negociar']],
      'Falar com financeiro',
      'Falar com Ana',
    ]);
    expect(saved[0]).toMatchObject({
      queueId: queue.id,
      parentId: null,
      position: 0,
      greetingMessage: 'Qual boleto?',
    });
    expect(saved[0].options[1]).toMatchObject({ parentId: saved[0].id, position: 1, queueType: 'text' });
    expect(saved[1]).toMatchObject({ optQueueId: target.id, optUserId: null });
    expect(saved[2]).toMatchObject({ optUserId: shop.agentId, closeTicket: true });

    const [boletos, , ana] = saved;
    // Reordered: Ana first; "Negociar" moves to the root; "Segunda via" and the queue option go.
    const again = await putQueue({
      chatbots: [
        { ...ana, options: [] },
        { id: boletos.options[1].id, name: 'Negociar dívida' },
        { id: boletos.id, name: 'Boletos', greetingMessage: 'Qual?', options: [{ name: 'Novo boleto' }] },
      ],
    });
    const tree = ((await again.json()) as QueueDetailDto).chatbots;
    expect(names(tree)).toEqual(['Falar com Ana', 'Negociar dívida', ['Boletos', ['Novo boleto']]]);
    expect(tree.map((n) => n.id)).toEqual([ana.id, boletos.options[1].id, boletos.id]);
    const read = (await (await send(shop.agentToken, 'GET', `/queue/${queue.id}`)).json()) as QueueDetailDto;
    expect(read.chatbots).toEqual(tree);
    const untouched = (await (await putQueue({ greetingMessage: 'Oi' })).json()) as QueueDetailDto;
    expect(untouched.chatbots).toEqual(tree);
  });

  it('refuses names under 4 characters and a level without a message, naming the option', async () => {
    const short = await putQueue({ chatbots: [{ name: 'Ok', greetingMessage: 'x' }] });
    expect(short.status).toBe(400);
    expect((await short.json()).fields).toEqual([{ path: 'chatbots.0.name', message: 'Too Short!' }]);
    const nested = await putQueue({
      chatbots: [{ name: 'Raiz', greetingMessage: 'Oi', options: [{ name: 'Sub' }] }],
    });
    expect((await nested.json()).fields).toEqual([
      { path: 'chatbots.0.options.0.name', message: 'Too Short!' },
    ]);
    const silent = await putQueue({ chatbots: [{ name: 'Raiz', options: [{ name: 'Filho' }] }] });
    expect(silent.status).toBe(400);
    expect((await silent.json()).fields).toEqual([
      { path: 'chatbots.0.greetingMessage', message: 'ERR_CHATBOT_MESSAGE_REQUIRED' },
    ]);
    const noTarget = await putQueue({ chatbots: [{ name: 'Para fila', queueType: 'queue' }] });
    expect((await noTarget.json()).fields).toEqual([{ path: 'chatbots.0.optQueueId', message: 'Required' }]);
  });

  it(`refuses more than ${CHATBOT_MAX_DEPTH} levels, too many options, NUL and repeated ids`, async () => {
    expect((await putQueue({ chatbots: chain(CHATBOT_MAX_DEPTH) })).status).toBe(200);
    const deep = await putQueue({ chatbots: chain(CHATBOT_MAX_DEPTH + 1) });
    expect(deep.status).toBe(400);
    expect((await deep.json()).fields).toEqual([{ path: 'chatbots', message: 'Too deep' }]);
    // Nested thousands deep (too deep for JSON.stringify here): refused before any recursive walk.
    const level = '[{"name":"Nível","greetingMessage":"x","options":';
    const hostile = await fetch(`${host.url}/api/queue/${queue.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${shop.adminToken}`, 'content-type': 'application/json' },
      body: `{"name":"Atendimento","color":"#1565c0","chatbots":${level.repeat(20_000)}[]${'}]'.repeat(20_000)}}`,
    });
    expect(hostile.status).toBe(400);
    const wide = Array.from({ length: 31 }, (_, i) => ({ name: `Opção ${i}` }));
    expect((await (await putQueue({ chatbots: wide })).json()).fields[0].message).toBe('Too many options');
    expect((await putQueue({ chatbots: [{ name: 'Nul\u0000l' }] })).status).toBe(400);
    expect(
      (
        await putQueue({
          chatbots: [
            { id: 5, name: 'Uma' },
            { id: 5, name: 'Duas' },
          ],
        })
      ).status,
    ).toBe(400);
  });

  it("refuses another company's queue, user or option ids", async () => {
    const queueRes = await putQueue({
      chatbots: [{ name: 'Deles', queueType: 'queue', optQueueId: theirQueue.id }],
    });
    expect(queueRes.status).toBe(400);
    expect(await queueRes.json()).toEqual({
      error: 'ERR_VALIDATION',
      fields: [{ path: 'chatbots.0.optQueueId', message: 'Unknown queue' }],
    });
    const userRes = await putQueue({
      chatbots: [{ name: 'Outro', queueType: 'attendent', optUserId: other.agentId }],
    });
    expect((await userRes.json()).fields).toEqual([
      { path: 'chatbots.0.optUserId', message: 'Unknown user' },
    ]);
    const theirs = (await (
      await putQueue({ chatbots: [{ name: 'Delas' }] }, theirQueue.id, other.adminToken)
    ).json()) as QueueDetailDto;
    const stolen = await putQueue({ chatbots: [{ id: theirs.chatbots[0].id, name: 'Roubada' }] });
    expect((await stolen.json()).fields).toEqual([{ path: 'chatbots.0.id', message: 'Unknown option' }]);
    const mine = (await (await send(shop.adminToken, 'GET', `/queue/${queue.id}`)).json()) as QueueDetailDto;
    expect(mine.chatbots.length).toBeGreaterThan(0);
  });

  it('an attendant cannot change the tree', async () => {
    expect((await putQueue({ chatbots: [] }, queue.id, shop.agentToken)).status).toBe(403);
  });

  it("the queue's realtime frame carries the new fields (the tree is read with the queue)", async () => {
    const socket = await openSocket(host.url, shop.agentToken);
    await putQueue({ ativarRoteador: false, tempoRoteador: 30, chatbots: [{ name: 'Ao vivo' }] });
    const frame = await eventually(() =>
      socket.frames.find((f) => f.channel === `company-${shop.companyId}-queue`),
    );
    expect((frame.data as { queue: QueueDto }).queue).toMatchObject({
      id: queue.id,
      tempoRoteador: 30,
      ativarRoteador: false,
    });
    socket.close();
  });
});

describe('/api/chatbot', () => {
  let root: ChatbotDto;

  it('an admin adds an option under the queue and one under it, reads, changes and deletes it', async () => {
    await putQueue({ chatbots: [] });
    const created = await send(shop.adminToken, 'POST', '/chatbot', {
      queueId: queue.id,
      name: 'Menu raiz',
      greetingMessage: 'Escolha',
    });
    expect(created.status).toBe(201);
    root = await created.json();
    expect(root).toMatchObject({ queueId: queue.id, parentId: null, position: 0, options: [] });
    const child = (await (
      await send(shop.adminToken, 'POST', '/chatbot', {
        chatbotId: root.id,
        name: 'Filha',
        queueType: 'queue',
        optQueueId: target.id,
      })
    ).json()) as ChatbotDto;
    expect(child).toMatchObject({ parentId: root.id, queueId: queue.id, optQueueId: target.id });
    const read = (await (await send(shop.agentToken, 'GET', `/chatbot/${root.id}`)).json()) as ChatbotDto;
    expect(names([read])).toEqual([['Menu raiz', ['Filha']]]);
    const silenced = await send(shop.adminToken, 'PUT', `/chatbot/${root.id}`, { name: 'Menu raiz' });
    expect((await silenced.json()).fields).toEqual([
      { path: 'greetingMessage', message: 'ERR_CHATBOT_MESSAGE_REQUIRED' },
    ]);
    const renamed = await send(shop.adminToken, 'PUT', `/chatbot/${root.id}`, {
      name: 'Menu principal',
      greetingMessage: 'Escolha',
      options: [
        { id: child.id, name: 'Filha', queueType: 'queue', optQueueId: target.id },
        { name: 'Nova filha' },
      ],
    });
    expect(names([await renamed.json()])).toEqual([['Menu principal', ['Filha', 'Nova filha']]]);
    expect((await send(shop.adminToken, 'DELETE', `/chatbot/${root.id}`)).status).toBe(204);
    expect((await send(shop.adminToken, 'GET', `/chatbot/${child.id}`)).status).toBe(404);
    const after = (await (await send(shop.adminToken, 'GET', `/queue/${queue.id}`)).json()) as QueueDetailDto;
    expect(after.chatbots).toEqual([]);
  });

  it('refuses an option under one without a message, past the depth limit, or with neither queue nor parent', async () => {
    const bare = (await (
      await send(shop.adminToken, 'POST', '/chatbot', { queueId: queue.id, name: 'Sem texto' })
    ).json()) as ChatbotDto;
    const under = await send(shop.adminToken, 'POST', '/chatbot', { chatbotId: bare.id, name: 'Filha' });
    expect(under.status).toBe(400);
    const tree = (await (await putQueue({ chatbots: chain(CHATBOT_MAX_DEPTH) })).json()) as QueueDetailDto;
    let deepest = tree.chatbots[0];
    while (deepest.options[0]) deepest = deepest.options[0];
    const tooDeep = await send(shop.adminToken, 'POST', '/chatbot', {
      chatbotId: deepest.id,
      name: 'Mais um',
    });
    expect(tooDeep.status).toBe(400);
    expect((await send(shop.adminToken, 'POST', '/chatbot', { name: 'Solta' })).status).toBe(400);
  });

  it("an attendant cannot write; another company neither reads nor writes this company's options", async () => {
    const tree = (await (await send(shop.adminToken, 'GET', `/queue/${queue.id}`)).json()) as QueueDetailDto;
    const id = tree.chatbots[0].id;
    expect(
      (await send(shop.agentToken, 'POST', '/chatbot', { queueId: queue.id, name: 'Minha' })).status,
    ).toBe(403);
    expect((await send(shop.agentToken, 'PUT', `/chatbot/${id}`, { name: 'Minha' })).status).toBe(403);
    expect((await send(shop.agentToken, 'DELETE', `/chatbot/${id}`)).status).toBe(403);
    expect((await send(other.adminToken, 'GET', `/chatbot/${id}`)).status).toBe(404);
    expect((await send(other.adminToken, 'PUT', `/chatbot/${id}`, { name: 'Tomada' })).status).toBe(404);
    expect((await send(other.adminToken, 'DELETE', `/chatbot/${id}`)).status).toBe(404);
    const into = await send(other.adminToken, 'POST', '/chatbot', { queueId: queue.id, name: 'Intrusa' });
    expect(into.status).toBe(404);
    const under = await send(other.adminToken, 'POST', '/chatbot', { chatbotId: id, name: 'Intrusa' });
    expect(under.status).toBe(404);
  });

  it('deleting the queue deletes its tree', async () => {
    const tree = (await (await send(shop.adminToken, 'GET', `/queue/${queue.id}`)).json()) as QueueDetailDto;
    expect((await send(shop.adminToken, 'DELETE', `/queue/${queue.id}`)).status).toBe(204);
    expect((await send(shop.adminToken, 'GET', `/chatbot/${tree.chatbots[0].id}`)).status).toBe(404);
    const client = new pg.Client({ connectionString: host.databaseUrl });
    await client.connect();
    const left = await client.query('select count(*)::int as n from chatbots where queue_id = $1', [
      queue.id,
    ]);
    await client.end();
    expect(left.rows[0].n).toBe(0);
  });
});
