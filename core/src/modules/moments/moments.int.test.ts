import type { TicketDto } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueue, inbound, ingestOf, sql } from '../../testing/attendance-fixtures.js';
import { type TenantWithAgent, tenantWithAgent } from '../../testing/tenant-fixtures.js';

let host: TestHost;
let shop: TenantWithAgent;
let other: TenantWithAgent;
let sales: number;
let support: number;
const ids: Record<'pendingSales' | 'openAgent' | 'openAdmin' | 'closed' | 'stale' | 'foreign', number> =
  {} as never;

async function connectionOf(token: string, companyId: number) {
  const res = await host.request('/api/whatsapp', { token, body: { name: 'Site', channel: 'webchat' } });
  const c = await res.json();
  return { id: c.id as number, companyId, channel: 'webchat' };
}

async function ticket(conn: { id: number; companyId: number; channel: string }, from: string) {
  const r = await ingestOf(host).ingest(conn, inbound(from, 'Olá'));
  if (r.outcome !== 'stored') throw new Error(r.outcome);
  return r.ticketId;
}

const moments = async (token: string, query = '') => {
  const res = await host.request(`/api/dashboard/moments${query}`, { token });
  return { status: res.status, body: (await res.json()) as TicketDto[] };
};
const idsOf = (list: TicketDto[]) => list.map((t) => t.id).sort((a, b) => a - b);

beforeAll(async () => {
  host = await createTestHost();
  const superToken = (await host.login(host.admin.email, host.admin.password)).token;
  shop = await tenantWithAgent(host, superToken, 'Momentos Loja');
  other = await tenantWithAgent(host, superToken, 'Momentos Outra');
  sales = await createQueue(host, shop.companyId, 'Vendas', '#2e7d32');
  support = await createQueue(host, shop.companyId, 'Suporte', '#1565c0');
  const conn = await connectionOf(shop.adminToken, shop.companyId);
  const foreignConn = await connectionOf(other.adminToken, other.companyId);
  ids.pendingSales = await ticket(conn, 'v-pending');
  ids.openAgent = await ticket(conn, 'v-agent');
  ids.openAdmin = await ticket(conn, 'v-admin');
  ids.closed = await ticket(conn, 'v-closed');
  ids.stale = await ticket(conn, 'v-stale');
  ids.foreign = await ticket(foreignConn, 'v-foreign');
  const [admin] = await sql<{ id: number }>(
    host,
    "select id from users where company_id = $1 and profile = 'admin'",
    [shop.companyId],
  );
  await sql(host, 'update tickets set queue_id = $1 where id = $2', [sales, ids.pendingSales]);
  await sql(host, "update tickets set status = 'open', user_id = $1, queue_id = $2 where id = $3", [
    shop.agentId,
    support,
    ids.openAgent,
  ]);
  await sql(host, "update tickets set status = 'open', user_id = $1, queue_id = $2 where id = $3", [
    admin.id,
    sales,
    ids.openAdmin,
  ]);
  await sql(host, "update tickets set status = 'closed' where id = $1", [ids.closed]);
  // Last touched 40 days ago: outside the default 30-day window.
  await sql(host, "update tickets set updated_at = now() - interval '40 days' where id = $1", [ids.stale]);
});
afterAll(() => host?.stop());

describe('GET /dashboard/moments', () => {
  it('is for admins only: an attendant gets 403', async () => {
    const res = await host.request('/api/dashboard/moments', { token: shop.agentToken });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe('ERR_NO_PERMISSION');
  });

  it('lists the open and pending tickets of the last 30 days with contact, user, queue and times', async () => {
    const { status, body } = await moments(shop.adminToken);
    expect(status).toBe(200);
    expect(idsOf(body)).toEqual([ids.pendingSales, ids.openAgent, ids.openAdmin].sort((a, b) => a - b));
    const byId = new Map(body.map((t) => [t.id, t]));
    expect(byId.get(ids.openAgent)).toMatchObject({
      status: 'open',
      userId: shop.agentId,
      user: { id: shop.agentId, name: 'Momentos Loja Agent' },
      queue: { id: support, name: 'Suporte', color: '#1565c0' },
      contact: { name: 'Visitor v-agent' },
      uuid: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(byId.get(ids.pendingSales)).toMatchObject({
      status: 'pending',
      userId: null,
      queue: { name: 'Vendas' },
    });
  });

  it('never shows another company’s tickets', async () => {
    const mine = await moments(shop.adminToken);
    const theirs = await moments(other.adminToken);
    expect(mine.body.map((t) => t.id)).not.toContain(ids.foreign);
    expect(theirs.body.map((t) => t.id)).toEqual([ids.foreign]);
  });

  it('a dateStart before the default window brings older tickets back; dateEnd cuts newer ones', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const wide = await moments(shop.adminToken, `?dateStart=${day(-45)}`);
    expect(wide.body.map((t) => t.id)).toContain(ids.stale);
    const old = await moments(shop.adminToken, `?dateStart=${day(-45)}&dateEnd=${day(-35)}`);
    expect(old.body.map((t) => t.id)).toEqual([ids.stale]);
  });

  it('filters by status, queues and user', async () => {
    expect(idsOf((await moments(shop.adminToken, '?status=pending')).body)).toEqual([ids.pendingSales]);
    expect(idsOf((await moments(shop.adminToken, `?queueIds=[${sales}]`)).body)).toEqual(
      [ids.pendingSales, ids.openAdmin].sort((a, b) => a - b),
    );
    expect(idsOf((await moments(shop.adminToken, `?userId=${shop.agentId}`)).body)).toEqual([ids.openAgent]);
  });

  it('rejects a malformed date with the field named', async () => {
    const res = await host.request('/api/dashboard/moments?dateStart=yesterday', { token: shop.adminToken });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual([{ path: 'dateStart', message: 'Invalid date' }]);
  });
});
