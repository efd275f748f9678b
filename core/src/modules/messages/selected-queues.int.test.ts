import type { MessageDto } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedTicket, createQueue, sql, webchatConnection } from '../../testing/attendance-fixtures.js';

// Spec part 1 §7 GET /messages/{ticketId}: pageNumber, selectedQueues (JSON).

let host: TestHost;
let admin: string;
let ticket: number;
let sales: number;
let support: number;

const bodies = async (query = '') =>
  (
    (await (await host.request(`/api/messages/${ticket}${query}`, { token: admin })).json())
      .messages as MessageDto[]
  ).map((m) => m.body);

beforeAll(async () => {
  host = await createTestHost();
  const login = await host.login(host.admin.email, host.admin.password);
  admin = login.token;
  ticket = await acceptedTicket(host, await webchatConnection(host, admin), admin, login.user.id);
  sales = await createQueue(host, 1, 'Vendas', '#2e7d32');
  support = await createQueue(host, 1, 'Suporte', '#1565c0');
  for (const [body, queue] of [
    ['em vendas', sales],
    ['em suporte', support],
    ['sem fila', null],
  ] as const) {
    const res = await host.request(`/api/messages/${ticket}`, { token: admin, body: { body } });
    const { id } = (await res.json()) as MessageDto;
    await sql(host, 'update messages set queue_id = $1 where id = $2', [queue, id]);
  }
});
afterAll(() => host?.stop());

describe('GET /api/messages/{ticketId}?selectedQueues', () => {
  it('keeps the messages of the chosen queues and those of none; without a choice, all', async () => {
    const all = await bodies();
    expect(all).toEqual(expect.arrayContaining(['em vendas', 'em suporte', 'sem fila']));
    const chosen = await bodies(`?selectedQueues=${encodeURIComponent(JSON.stringify([sales]))}`);
    expect(chosen).toEqual(expect.arrayContaining(['em vendas', 'sem fila']));
    expect(chosen).not.toContain('em suporte');
    expect(await bodies(`?selectedQueues=[]`)).toEqual(all);
    expect(await bodies(`?pageNumber=1&selectedQueues=${sales},${support}`)).toEqual(all);
  });
});
