import { createTenant, createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import todo from './index.js';

let host: TestHost;
let adminToken: string;
let agentToken: string;
let otherToken: string;

const tasks = [
  { text: 'Ligar para a Ana', createdAt: '2026-11-29T10:00:00.000Z', updatedAt: '2026-11-29T10:05:00.000Z' },
];

beforeAll(async () => {
  host = await createTestHost({ plugins: [todo] });
  const superToken = (await host.login(host.admin.email, host.admin.password)).token;
  const shop = await createTenant(host, superToken, { name: 'Tarefas Loja' });
  adminToken = (await host.login(shop.email, shop.password)).token;
  await host.request('/api/users', {
    token: adminToken,
    body: { name: 'Atendente', email: 'agent@tarefas.test', password: 'agent-pass' },
  });
  agentToken = (await host.login('agent@tarefas.test', 'agent-pass')).token;
  const other = await createTenant(host, superToken, { name: 'Tarefas Outra' });
  otherToken = (await host.login(other.email, other.password)).token;
});
afterAll(() => host?.stop());

const get = async (token: string) => (await (await host.request('/api/todo', { token })).json()) as unknown;

it("keeps each user's list on the server; another user, of the company or not, never reads it", async () => {
  expect(await get(adminToken)).toEqual({ tasks: [] });
  const put = await host.request('/api/todo', { method: 'PUT', token: adminToken, body: { tasks } });
  expect(put.status).toBe(200);
  expect(await get(adminToken)).toEqual({ tasks });
  expect(await get(agentToken)).toEqual({ tasks: [] });
  expect(await get(otherToken)).toEqual({ tasks: [] });
  await host.request('/api/todo', { method: 'PUT', token: agentToken, body: { tasks: [] } });
  expect(await get(adminToken)).toEqual({ tasks });
});

it('refuses hostile lists with 400', async () => {
  const bad = [
    { tasks: [{ ...tasks[0], text: '   ' }] },
    { tasks: [{ ...tasks[0], text: 'a\u0000b' }] },
    { tasks: [{ ...tasks[0], text: 'x'.repeat(1001) }] },
    { tasks: [{ ...tasks[0], createdAt: '2026-02-30T10:00:00Z' }] },
    { tasks: Array.from({ length: 501 }, () => tasks[0]) },
    { tasks: 'nope' },
  ];
  for (const body of bad) {
    const res = await host.request('/api/todo', { method: 'PUT', token: adminToken, body });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('ERR_VALIDATION');
  }
});
