import type { QueueDetailDto, QueueDto, UserDto } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket, type TenantWithAgent, tenantWithAgent } from '../../testing/tenant-fixtures.js';

let host: TestHost;
let superToken: string;
let shop: TenantWithAgent;
let other: TenantWithAgent;
let sales: QueueDto;

const createQueue = (token: string, body: Record<string, unknown>) =>
  host.request('/api/queue', { token, body });

beforeAll(async () => {
  host = await createTestHost();
  superToken = (await host.login(host.admin.email, host.admin.password)).token;
  shop = await tenantWithAgent(host, superToken, 'Fila Loja', { queues: 4 });
  other = await tenantWithAgent(host, superToken, 'Fila Outra', { queues: 4 });
  sales = await (
    await createQueue(shop.adminToken, { name: 'Vendas', color: '#2E7D32', orderQueue: 2 })
  ).json();
});
afterAll(() => host?.stop());

describe('queues', () => {
  it('an admin creates queues; everyone lists them by order (unset last), then name', async () => {
    expect(sales).toMatchObject({ id: expect.any(Number), name: 'Vendas', color: '#2E7D32', orderQueue: 2 });
    await createQueue(shop.adminToken, { name: 'Suporte', color: '#1565c0', orderQueue: 1 });
    await createQueue(shop.adminToken, { name: 'Avulsa', color: '#999999' });
    const res = await host.request('/api/queue', { token: shop.agentToken });
    expect(res.status).toBe(200);
    expect((await res.json()).map((q: QueueDto) => q.name)).toEqual(['Suporte', 'Vendas', 'Avulsa']);
    const one = await host.request(`/api/queue/${sales.id}`, { token: shop.agentToken });
    expect(await one.json()).toEqual(sales);
  });

  it('an attendant cannot create, change or delete a queue', async () => {
    const create = await createQueue(shop.agentToken, { name: 'Minha', color: '#123456' });
    const put = await host.request(`/api/queue/${sales.id}`, {
      method: 'PUT',
      token: shop.agentToken,
      body: { name: 'X', color: '#000000' },
    });
    const del = await host.request(`/api/queue/${sales.id}`, { method: 'DELETE', token: shop.agentToken });
    for (const res of [create, put, del]) {
      expect(res.status).toBe(403);
      expect((await res.json()).error).toBe('ERR_NO_PERMISSION');
    }
  });

  it('validates name and colour with the form messages', async () => {
    const res = await createQueue(shop.adminToken, { name: 'V', color: '#1' });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Too Short!' },
        { path: 'color', message: 'Too Short!' },
      ]),
    );
    const missing = await createQueue(shop.adminToken, {});
    expect((await missing.json()).fields).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Required' },
        { path: 'color', message: 'Required' },
      ]),
    );
  });

  it('refuses a colour already used in the company with ERR_QUEUE_COLOR_ALREADY_EXISTS, any case', async () => {
    const dup = await createQueue(shop.adminToken, { name: 'Outra', color: '#2e7d32' });
    expect(dup.status).toBe(409);
    expect(await dup.json()).toEqual({ error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' });
    const list = (await (await host.request('/api/queue', { token: shop.adminToken })).json()) as QueueDto[];
    const support = list.find((q) => q.name === 'Suporte')!;
    const put = await host.request(`/api/queue/${support.id}`, {
      method: 'PUT',
      token: shop.adminToken,
      body: { name: 'Suporte', color: '#2E7D32' },
    });
    expect((await put.json()).error).toBe('ERR_QUEUE_COLOR_ALREADY_EXISTS');
    // Another company may use the same colour.
    expect((await createQueue(other.adminToken, { name: 'Vendas', color: '#2E7D32' })).status).toBe(201);
  });

  it('two simultaneous creates with one colour: one wins, the other gets the colour error', async () => {
    const [a, b] = await Promise.all([
      createQueue(other.adminToken, { name: 'Corrida A', color: '#abcdef' }),
      createQueue(other.adminToken, { name: 'Corrida B', color: '#ABCDEF' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const loser = a.status === 409 ? a : b;
    expect((await loser.json()).error).toBe('ERR_QUEUE_COLOR_ALREADY_EXISTS');
  });

  it('refuses a name already used in the company, naming the field', async () => {
    const res = await createQueue(shop.adminToken, { name: 'vendas', color: '#fafafa' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: 'ERR_VALIDATION',
      fields: [{ path: 'name', message: 'ERR_NAME_TAKEN' }],
    });
  });

  it('an update keeps the optional fields it does not send', async () => {
    const res = await host.request(`/api/queue/${sales.id}`, {
      method: 'PUT',
      token: shop.adminToken,
      body: { name: 'Vendas', color: '#2E7D32', greetingMessage: 'Olá!' },
    });
    expect(await res.json()).toMatchObject({ orderQueue: 2, greetingMessage: 'Olá!' });
  });

  it('stops at the number of queues the plan allows', async () => {
    const res = await createQueue(shop.adminToken, { name: 'Quarta', color: '#444444' });
    expect(res.status).toBe(201);
    const over = await createQueue(shop.adminToken, { name: 'Quinta', color: '#555555' });
    expect(over.status).toBe(409);
    expect(await over.json()).toEqual({ error: 'ERR_QUEUE_LIMIT_REACHED' });
  });

  it("never lists, reads, changes or deletes another company's queue", async () => {
    const theirs = (await (
      await host.request('/api/queue', { token: other.adminToken })
    ).json()) as QueueDto[];
    expect(theirs.map((q) => q.name)).not.toContain('Suporte');
    const path = `/api/queue/${sales.id}`;
    expect((await host.request(path, { token: other.adminToken })).status).toBe(404);
    const put = await host.request(path, {
      method: 'PUT',
      token: other.adminToken,
      body: { name: 'Tomada', color: '#010101' },
    });
    expect(put.status).toBe(404);
    expect((await host.request(path, { method: 'DELETE', token: other.adminToken })).status).toBe(404);
    expect((await host.request(path, { token: shop.adminToken })).status).toBe(200);
  });

  it('tells the company sockets about every change on company-{id}-queue', async () => {
    const socket = await openSocket(host.url, other.agentToken);
    const { chatbots, ...created } = (await (
      await createQueue(other.adminToken, { name: 'Temporária', color: '#0f0f0f' })
    ).json()) as QueueDetailDto;
    expect(chatbots).toEqual([]);
    const update = await eventually(() =>
      socket.frames.find((f) => f.channel === `company-${other.companyId}-queue`),
    );
    expect(update.data).toEqual({ action: 'update', queue: created });
    await host.request(`/api/queue/${created.id}`, { method: 'DELETE', token: other.adminToken });
    const removed = await eventually(() => socket.frames.find((f) => f.data.action === 'delete'));
    expect(removed.data).toEqual({ action: 'delete', queueId: created.id });
    socket.close();
  });
});

describe('user queues', () => {
  let queues: QueueDto[];
  beforeAll(async () => {
    queues = await (await host.request('/api/queue', { token: shop.adminToken })).json();
  });

  it("an admin sets a user's queues on create and update; the user answers them as id, name, colour", async () => {
    const [first, second] = queues;
    const res = await host.request('/api/users', {
      token: shop.adminToken,
      body: { name: 'Fila User', email: 'fila@user.test', password: 'agent-pass', queueIds: [first.id] },
    });
    expect(res.status).toBe(201);
    const user = (await res.json()) as UserDto;
    expect(user.queues).toEqual([{ id: first.id, name: first.name, color: first.color }]);
    const put = await host.request(`/api/users/${user.id}`, {
      method: 'PUT',
      token: shop.adminToken,
      body: { queueIds: [second.id, first.id] },
    });
    expect(((await put.json()) as UserDto).queues.map((q) => q.id).sort()).toEqual(
      [first.id, second.id].sort(),
    );
    const kept = await host.request(`/api/users/${user.id}`, {
      method: 'PUT',
      token: shop.adminToken,
      body: { name: 'Fila Usuária' },
    });
    expect(((await kept.json()) as UserDto).queues).toHaveLength(2);
    const got = (await (
      await host.request(`/api/users/${user.id}`, { token: shop.adminToken })
    ).json()) as UserDto;
    expect(got.queues).toHaveLength(2);
  });

  it('the user list carries each user its own queues', async () => {
    const { users } = (await (await host.request('/api/users', { token: shop.adminToken })).json()) as {
      users: UserDto[];
    };
    const byName = new Map(users.map((u) => [u.name, u.queues.length]));
    expect(byName.get('Fila Usuária')).toBe(2);
    expect(byName.get('Fila Loja Agent')).toBe(0);
  });

  it("refuses another company's queue ids, naming queueIds", async () => {
    const [theirs] = (await (
      await host.request('/api/queue', { token: other.adminToken })
    ).json()) as QueueDto[];
    const res = await host.request(`/api/users/${shop.agentId}`, {
      method: 'PUT',
      token: shop.adminToken,
      body: { queueIds: [queues[0].id, theirs.id] },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'ERR_VALIDATION',
      fields: [{ path: 'queueIds', message: 'Unknown queue' }],
    });
    const agent = (await (
      await host.request(`/api/users/${shop.agentId}`, { token: shop.adminToken })
    ).json()) as UserDto;
    expect(agent.queues).toEqual([]);
  });

  it('an attendant cannot change their own queues', async () => {
    const res = await host.request(`/api/users/${shop.agentId}`, {
      method: 'PUT',
      token: shop.agentToken,
      body: { queueIds: [queues[0].id] },
    });
    expect(res.status).toBe(403);
  });

  it('a deleted queue leaves its users', async () => {
    const queue = (await (
      await createQueue(other.adminToken, { name: 'Efêmera', color: '#eeeeee' })
    ).json()) as QueueDto;
    await host.request(`/api/users/${other.agentId}`, {
      method: 'PUT',
      token: other.adminToken,
      body: { queueIds: [queue.id] },
    });
    await host.request(`/api/queue/${queue.id}`, { method: 'DELETE', token: other.adminToken });
    const agent = (await (
      await host.request(`/api/users/${other.agentId}`, { token: other.adminToken })
    ).json()) as UserDto;
    expect(agent.queues).toEqual([]);
  });
});
