import { createTenant, createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptedTicket,
  inbound,
  ingestOf,
  sql,
  webchatConnection,
} from '../../testing/attendance-fixtures.js';

let host: TestHost;
let admin: string;
let other: string;

const count = async (token: string, query: string) => {
  const res = await host.request(`/api/messages-allMe?${query}`, { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { count: { count: number }[] }).count[0].count;
};

beforeAll(async () => {
  host = await createTestHost();
  admin = (await host.login(host.admin.email, host.admin.password)).token;
  const tenant = await createTenant(host, admin, { name: 'Contagem Outra' });
  other = (await host.login(tenant.email, tenant.password)).token;
  const connection = await webchatConnection(host, admin);
  // Settings off so the accept sends no greeting: the counts are exactly the messages written here.
  await host.request('/api/settings/sendGreetingAccepted', {
    method: 'PUT',
    token: admin,
    body: { value: 'disabled' },
  });
  const ticket = await acceptedTicket(host, connection, admin, 1, 'conta-1');
  await ingestOf(host).ingest(connection, inbound('conta-1', 'segunda mensagem'));
  await host.request(`/api/messages/${ticket}`, { token: admin, body: { body: 'resposta' } });
  await host.request(`/api/messages/${ticket}`, { token: admin, body: { body: 'nota', isPrivate: true } });
  // One old message, received 40 days ago.
  await ingestOf(host).ingest(connection, inbound('conta-1', 'antiga'));
  await sql(host, `update messages set created_at = now() - interval '40 days' where body = 'antiga'`);
});
afterAll(() => host?.stop());

describe('GET /api/messages-allMe', () => {
  it('counts sent and received messages of the company in a period of local days; notes do not count', async () => {
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
    expect(await count(admin, 'fromMe=true')).toBe(1);
    expect(await count(admin, 'fromMe=false')).toBe(3);
    expect(await count(admin, '')).toBe(4);
    expect(await count(admin, `fromMe=false&dateStart=${today}&dateEnd=${today}`)).toBe(2);
    expect(await count(admin, 'dateEnd=2000-01-01')).toBe(0);
  });

  it("never counts another company's messages, and names a bad date", async () => {
    expect(await count(other, '')).toBe(0);
    const bad = await host.request('/api/messages-allMe?dateStart=ontem', { token: admin });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toEqual([{ path: 'dateStart', message: 'Invalid date' }]);
  });
});
