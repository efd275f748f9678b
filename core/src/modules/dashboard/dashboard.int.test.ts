import type { DashboardDto, TicketsDayDto, TicketsUsersDto } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inbound, ingestOf, sql } from '../../testing/attendance-fixtures.js';
import { type TenantWithAgent, tenantWithAgent } from '../../testing/tenant-fixtures.js';

// A seeded company with answers worked out by hand (docs/dashboard.md has the definitions). Times are São Paulo's.
//
//  ticket created           queued→started→finished  status  user  rating
//  T1     03-10 09:00       09:00  09:10  09:40      closed  Ana   10        wait 10, support 30
//  T2     03-10 09:30       09:30  09:50  10:50      closed  Ana    9        wait 20, support 60
//  T3     03-10 14:15       14:15  14:45  15:15      closed  Bia    3        wait 30, support 30
//  T4     03-11 10:00       10:00  10:00  10:30      closed  Bia    7        wait  0, support 30
//  T5     03-11 11:00       11:00    –    11:05      closed   –     –        ignored
//  T11    03-11 16:00       16:00  16:05  16:20      closed  Ana   asked     wait  5, support 15
//  T6     03-12 08:00       08:00  08:20    –        open    Ana    –        wait 20
//  T7     03-12 22:30       (01:30 UTC on 03-13)     pending  –     –
//  T8     03-09 (before the period), closed, Ana, rated 0;  T9 03-10, a group chat;  T12 now, open, Bia
//  foreign: another company's ticket on 03-10, closed, rated 10.
//
// Period 03-10..03-12: 8 tickets (T1–T7, T11); 6 finished; wait (10+20+30+0+5+20)/6 = 14.17; support
// (30+60+30+30+15)/5 = 33; 4 rated of 8 = 50 %; promoters 2/4, passives 1/4, detractors 1/4, NPS 25; open now: T6,
// T12; pending now: T7.

let host: TestHost;
let shop: TenantWithAgent;
let other: TenantWithAgent;
let ana: number;
let bia: number;
let adminName: string;

const get = async <T>(token: string, path: string) => {
  const res = await host.request(`/api${path}`, { token });
  return { status: res.status, body: (await res.json()) as T };
};

async function connectionOf(token: string, companyId: number) {
  const res = await host.request('/api/whatsapp', { token, body: { name: 'Site', channel: 'webchat' } });
  return { id: (await res.json()).id as number, companyId, channel: 'webchat' };
}

interface Seed {
  created: string;
  queued?: string;
  started?: string;
  finished?: string;
  status: string;
  user?: number;
  rate?: number | 'asked';
  group?: boolean;
}

async function seed(conn: { id: number; companyId: number; channel: string }, s: Seed): Promise<number> {
  const r = await ingestOf(host).ingest(conn, inbound(`dash-${Math.random()}`, 'Olá'));
  if (r.outcome !== 'stored') throw new Error(r.outcome);
  const at = (v: string | undefined) => (v ? `${v}-03` : null);
  await sql(
    host,
    `update tickets set created_at = coalesce($2::timestamptz, now()), queued_at = coalesce($3::timestamptz, $2::timestamptz, now()),
       started_at = $4, finished_at = $5, status = $6, user_id = $7, is_group = $8 where id = $1`,
    [
      r.ticketId,
      at(s.created === 'now' ? undefined : s.created),
      at(s.queued),
      at(s.started),
      at(s.finished),
      s.status,
      s.user ?? null,
      s.group ?? false,
    ],
  );
  if (s.rate !== undefined) {
    const answered = s.rate !== 'asked';
    await sql(
      host,
      `insert into ticket_ratings (company_id, ticket_id, ticket_created_at, user_id, rate, asked_at, rated_at)
       select $1, id, created_at, $3, $4, now(), case when $5 then now() end from tickets where id = $2`,
      [conn.companyId, r.ticketId, s.user ?? null, answered ? s.rate : null, answered],
    );
  }
  return r.ticketId;
}

beforeAll(async () => {
  host = await createTestHost();
  const superToken = (await host.login(host.admin.email, host.admin.password)).token;
  shop = await tenantWithAgent(host, superToken, 'Painel Loja');
  other = await tenantWithAgent(host, superToken, 'Painel Outra');
  ana = shop.agentId;
  const created = await host.request('/api/users', {
    token: shop.adminToken,
    body: { name: 'Bia', email: 'bia@painel-loja.test', password: 'agent-pass' },
  });
  bia = (await created.json()).id;
  await sql(host, "update users set name = 'Ana', online = true where id = $1", [ana]);
  await sql(host, 'update users set online = false where company_id = $1 and id <> $2', [
    shop.companyId,
    ana,
  ]);
  [{ name: adminName }] = await sql<{ name: string }>(
    host,
    "select name from users where company_id = $1 and profile = 'admin'",
    [shop.companyId],
  );
  const conn = await connectionOf(shop.adminToken, shop.companyId);
  const d = (day: number, time: string) => `2026-03-${day} ${time}`;
  const closed = (day: number, q: string, s: string | undefined, f: string, user?: number) => ({
    created: d(day, q),
    started: s && d(day, s),
    finished: d(day, f),
    status: 'closed',
    user,
  });
  await seed(conn, { ...closed(10, '09:00', '09:10', '09:40', ana), rate: 10 });
  await seed(conn, { ...closed(10, '09:30', '09:50', '10:50', ana), rate: 9 });
  await seed(conn, { ...closed(10, '14:15', '14:45', '15:15', bia), rate: 3 });
  await seed(conn, { ...closed(11, '10:00', '10:00', '10:30', bia), rate: 7 });
  await seed(conn, closed(11, '11:00', undefined, '11:05'));
  await seed(conn, { ...closed(11, '16:00', '16:05', '16:20', ana), rate: 'asked' });
  await seed(conn, { created: d(12, '08:00'), started: d(12, '08:20'), status: 'open', user: ana });
  await seed(conn, { created: d(12, '22:30'), status: 'pending' });
  await seed(conn, { ...closed(9, '09:00', '09:05', '09:10', ana), rate: 0 });
  await seed(conn, { created: d(10, '12:00'), status: 'group', group: true });
  await seed(conn, { created: 'now', started: undefined, status: 'open', user: bia });
  const foreign = await connectionOf(other.adminToken, other.companyId);
  await seed(foreign, { ...closed(10, '09:00', '09:01', '09:02', other.agentId), rate: 10 });
});
afterAll(() => host?.stop());

const PERIOD = '?date_from=2026-03-10&date_to=2026-03-12';

describe('GET /dashboard: the counters', () => {
  it('answers every counter of the period as worked out by hand', async () => {
    const { status, body } = await get<DashboardDto>(shop.adminToken, `/dashboard${PERIOD}`);
    expect(status).toBe(200);
    expect(body.counters).toEqual({
      supportHappening: 2,
      supportPending: 1,
      supportFinished: 6,
      avgSupportTime: 33,
      avgWaitTime: 14.17,
      npsPromotersPerc: 50,
      npsDetractorsPerc: 25,
      npsPassivePerc: 25,
      npsScore: 25,
      tickets: 8,
      waitRating: 1,
      withoutRating: 1,
      withRating: 4,
      percRating: 50,
    });
  });

  it('lists every attendant with tickets, times, ratings and online state', async () => {
    const { body } = await get<DashboardDto>(shop.adminToken, `/dashboard${PERIOD}`);
    const rows = body.attendants.map(({ id: _id, ...row }) => row);
    expect(rows).toEqual(
      [
        {
          name: 'Ana',
          rating: 9.5,
          countRating: 2,
          tickets: 4,
          avgWaitTime: 13.75,
          avgSupportTime: 35,
          online: true,
        },
        {
          name: 'Bia',
          rating: 5,
          countRating: 2,
          tickets: 2,
          avgWaitTime: 15,
          avgSupportTime: 30,
          online: false,
        },
        {
          name: adminName,
          rating: null,
          countRating: 0,
          tickets: 0,
          avgWaitTime: 0,
          avgSupportTime: 0,
          online: false,
        },
      ].sort((a, b) => a.name.localeCompare(b.name)),
    );
  });

  it('by default covers this month up to today; `days` counts back from today', async () => {
    const month = await get<DashboardDto>(shop.adminToken, '/dashboard');
    expect(month.body.counters).toMatchObject({
      tickets: 1,
      supportHappening: 2,
      withRating: 0,
      percRating: 0,
    });
    const day = await get<DashboardDto>(shop.adminToken, '/dashboard?days=1');
    expect(day.body.counters.tickets).toBe(1);
  });

  it('an empty period answers zeros, not errors', async () => {
    const { body } = await get<DashboardDto>(
      shop.adminToken,
      '/dashboard?date_from=2020-01-01&date_to=2020-01-31',
    );
    expect(body.counters).toMatchObject({ tickets: 0, avgWaitTime: 0, npsScore: 0, percRating: 0 });
  });
});

describe('the charts', () => {
  const chart = `?initialDate=2026-03-10&finalDate=2026-03-12`;

  it('ticketsUsers: the period’s tickets per attendant, most first', async () => {
    const { status, body } = await get<TicketsUsersDto>(shop.adminToken, `/dashboard/ticketsUsers${chart}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      data: [
        { name: 'Ana', quantity: 4 },
        { name: 'Bia', quantity: 2 },
      ],
    });
  });

  it('ticketsDay: per company day, every day listed (22:30 in São Paulo is still that day)', async () => {
    const { body } = await get<TicketsDayDto>(shop.adminToken, `/dashboard/ticketsDay${chart}`);
    expect(body).toEqual({
      data: [
        { date: '2026-03-10', total: 3 },
        { date: '2026-03-11', total: 3 },
        { date: '2026-03-12', total: 2 },
      ],
      count: 8,
    });
  });

  it('ticketsDay: per hour when the period is one day', async () => {
    const { body } = await get<TicketsDayDto>(
      shop.adminToken,
      '/dashboard/ticketsDay?initialDate=2026-03-10&finalDate=2026-03-10',
    );
    expect(body).toHaveProperty('count', 3);
    expect(body.data).toHaveLength(24);
    expect(body.data[0]).toEqual({ hour: '00:00', total: 0 });
    expect(body.data.filter((r) => r.total > 0)).toEqual([
      { hour: '09:00', total: 2 },
      { hour: '14:00', total: 1 },
    ]);
  });
});

describe('who may read what', () => {
  it.each(['/dashboard', '/dashboard/ticketsUsers', '/dashboard/ticketsDay'])(
    'a plain user gets 403 on %s',
    async (path) => {
      const res = await get<{ error: string }>(shop.agentToken, path);
      expect(res).toEqual({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    },
  );

  it("company B's admin reads only B's figures", async () => {
    const { body } = await get<DashboardDto>(other.adminToken, `/dashboard${PERIOD}`);
    expect(body.counters).toMatchObject({ tickets: 1, withRating: 1, npsPromotersPerc: 100, npsScore: 100 });
    expect(body.attendants.map((a) => a.name)).not.toContain('Ana');
    const users = await get<TicketsUsersDto>(
      other.adminToken,
      '/dashboard/ticketsUsers?initialDate=2026-03-10',
    );
    expect(users.body.data).toHaveLength(1);
  });

  it("a companyId naming another company is refused with 403; one's own is fine", async () => {
    for (const path of ['ticketsUsers', 'ticketsDay']) {
      const foreign = await get<{ error: string }>(
        shop.adminToken,
        `/dashboard/${path}?companyId=${other.companyId}`,
      );
      expect(foreign).toEqual({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
      const own = await get(shop.adminToken, `/dashboard/${path}?companyId=${shop.companyId}`);
      expect(own.status).toBe(200);
    }
  });
});

describe('hostile periods answer 400', () => {
  it.each([
    ['/dashboard?date_from=2026-02-30', 'date_from', 'Invalid date'],
    ['/dashboard?date_from=2026-03-12&date_to=2026-03-10', 'date_to', 'ERR_DASHBOARD_DATES_REVERSED'],
    ['/dashboard?date_from=2024-01-01&date_to=2026-01-01', 'date_to', 'ERR_DASHBOARD_PERIOD_TOO_LONG'],
    [
      '/dashboard/ticketsDay?initialDate=2026-03-12&finalDate=2026-03-01',
      'finalDate',
      'ERR_DASHBOARD_DATES_REVERSED',
    ],
  ])('%s', async (path, field, message) => {
    const { status, body } = await get<{ error: string; fields: { path: string; message: string }[] }>(
      shop.adminToken,
      path,
    );
    expect(status).toBe(400);
    expect(body.error).toBe('ERR_VALIDATION');
    expect(body.fields).toContainEqual({ path: field, message });
  });

  it.each(['initialDate=2026-03-01%00', 'days=0', 'days=abc', 'days=367', 'companyId=99999999999'])(
    '?%s',
    async (query) => {
      const path = /^(companyId|initialDate)/.test(query) ? '/dashboard/ticketsDay' : '/dashboard';
      expect((await get(shop.adminToken, `${path}?${query}`)).status).toBe(400);
    },
  );
});
