import { COMPANY_TIMEZONE } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inbound, ingestOf, sql } from '../../testing/attendance-fixtures.js';
import { type TenantWithAgent, tenantWithAgent } from '../../testing/tenant-fixtures.js';
import { FIGURES_SQL, TICKETS_PER_DAY_SQL, TICKETS_USERS_SQL } from './dashboard-sql.js';
import { MigrationDashboard0003DailyRollups } from './migrations/dashboard-0003-daily-rollups.js';
import { MigrationDashboard0004DashLiveCounts } from './migrations/dashboard-0004-dash-live-counts.js';

// The daily rollups (dashboard-0003) must answer exactly what the tickets and ratings say, whatever happens to them
// and whether or not the job dashboard:fold has run. The reference is the dashboard's statements as they were before
// the rollups, reading every ticket and rating of the period (they passed dashboard.int.test.ts's hand-worked set).

const inPeriod = (column: string) => `
  and ${column} >= ($2::date)::timestamp at time zone '${COMPANY_TIMEZONE}'
  and ${column} < ($3::date + 1)::timestamp at time zone '${COMPANY_TIMEZONE}'`;
const TICKETS = `select t.status, t.user_id, t.created_at, t.wait_seconds, t.support_seconds from tickets t
  where t.company_id = $1 and not t.is_group ${inPeriod('t.created_at')}`;
const RATINGS = `select r.user_id, r.rate, r.asked_at from ticket_ratings r
  where r.company_id = $1 ${inPeriod('r.ticket_created_at')}`;
const perc = (part: string, whole: string) => `coalesce(round(100.0 * ${part} / nullif(${whole}, 0), 2), 0)`;

/** Parameters: company, first day, last day. Same columns and order as FIGURES_SQL. */
const DIRECT_FIGURES = `
  with tk as (
    select b.user_id, grouping(b.user_id) as total_row, count(*) as tickets,
           count(*) filter (where b.status = 'closed') as finished,
           coalesce(round(avg(b.wait_seconds) / 60.0, 2), 0) as avg_wait,
           coalesce(round(avg(b.support_seconds) / 60.0, 2), 0) as avg_support
      from (${TICKETS}) b group by grouping sets ((), (b.user_id))),
  rt as (
    select r.user_id, grouping(r.user_id) as total_row, count(r.rate) as with_rating,
           count(*) filter (where r.asked_at is not null and r.rate is null) as wait_rating,
           count(*) filter (where r.rate >= 9) as promoters, count(*) filter (where r.rate between 7 and 8) as passives,
           count(*) filter (where r.rate <= 6) as detractors, round(avg(r.rate), 2) as rating
      from (${RATINGS}) r group by grouping sets ((), (r.user_id)))
  select 'user' as kind, u.id, u.name, u.online, coalesce(tk.tickets, 0) as tickets, coalesce(tk.avg_wait, 0) as avg_wait,
         coalesce(tk.avg_support, 0) as avg_support, rt.rating, coalesce(rt.with_rating, 0) as with_rating,
         null::bigint as finished, null::bigint as wait_rating, null::bigint as without_rating, null::numeric as perc_rating,
         null::numeric as promoters_perc, null::numeric as passives_perc, null::numeric as detractors_perc,
         null::numeric as nps_score, null::bigint as happening, null::bigint as pending
    from users u
    left join tk on tk.total_row = 0 and tk.user_id = u.id
    left join rt on rt.total_row = 0 and rt.user_id = u.id
   where u.company_id = $1
  union all
  select 'total', null, null, null, tk.tickets, tk.avg_wait, tk.avg_support, null, rt.with_rating,
         tk.finished, rt.wait_rating, greatest(0, tk.finished - rt.with_rating - rt.wait_rating),
         ${perc('rt.with_rating', 'tk.tickets')}, ${perc('rt.promoters', 'rt.with_rating')},
         ${perc('rt.passives', 'rt.with_rating')}, ${perc('rt.detractors', 'rt.with_rating')},
         ${perc('(rt.promoters - rt.detractors)', 'rt.with_rating')},
         (select count(*) from tickets where company_id = $1 and status = 'open' and not is_group),
         (select count(*) from tickets where company_id = $1 and status = 'pending' and not is_group)
    from tk cross join rt where tk.total_row = 1 and rt.total_row = 1
   order by kind desc, name, id`;
const DIRECT_USERS = `
  select u.name, c.quantity
    from (select b.user_id, count(*) as quantity from (${TICKETS}) b where b.user_id is not null group by b.user_id) c
    join users u on u.id = c.user_id
   order by c.quantity desc, u.name`;
const DIRECT_DAYS = `
  with c as (select (b.created_at at time zone '${COMPANY_TIMEZONE}')::date as day, count(*) as total
               from (${TICKETS}) b group by 1)
  select to_char(d, 'YYYY-MM-DD') as date, coalesce(c.total, 0) as total
    from generate_series($2::date, $3::date, interval '1 day') d left join c on c.day = d::date
   order by d`;

/** The service's statement with numbered parameters, as pg takes them. */
const numbered = (text: string) => {
  let i = 0;
  return text.replace(/\?/g, () => `$${++i}`);
};

// Counts come back as bigint text and averages as numeric text from both sides; compare them as numbers.
const plain = (rows: Record<string, unknown>[]) =>
  rows.map((r) =>
    Object.fromEntries(
      Object.entries(r).map(([k, v]) => [
        k,
        typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v,
      ]),
    ),
  );

const PERIODS = [
  ['2026-03-09', '2026-03-12'],
  ['2026-03-10', '2026-03-12'],
  ['2026-03-11', '2026-03-11'],
  ['2020-01-01', '2020-01-31'],
];

let host: TestHost;
let superToken: string;
let shop: TenantWithAgent;
let ana: number;
let bia: number;
let conn: { id: number; companyId: number; channel: string };
const tickets: Record<string, number> = {};

/**
 * Runs `work` in one transaction of its own and, before it ends, checks how many deltas are pending (some, none, or
 * either when the every-minute fold may have run) and compares the rollups' answers with the reference.
 */
async function inTransaction(
  work: (c: pg.Client) => Promise<unknown>,
  deltas: 'some' | 'none' | 'any',
  end: 'commit' | 'rollback' = 'commit',
) {
  const client = new pg.Client({ connectionString: host.databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await work(client);
    const [{ pending }] = (
      await client.query<{ pending: number }>(
        'select count(*)::int as pending from dashboard_daily_deltas where company_id = $1',
        [shop.companyId],
      )
    ).rows;
    if (deltas === 'some') expect(pending).toBeGreaterThan(0);
    if (deltas === 'none') expect(pending).toBe(0);
    for (const [from, to] of PERIODS) {
      const c = shop.companyId;
      const q = async (text: string, params: unknown[]) => plain((await client.query(text, params)).rows);
      expect(await q(numbered(FIGURES_SQL), [c, from, to, c, c, c])).toEqual(
        await q(DIRECT_FIGURES, [c, from, to]),
      );
      expect(await q(numbered(TICKETS_USERS_SQL), [c, from, to])).toEqual(
        await q(DIRECT_USERS, [c, from, to]),
      );
      expect(await q(numbered(TICKETS_PER_DAY_SQL), [c, from, to, from, to])).toEqual(
        await q(DIRECT_DAYS, [c, from, to]),
      );
    }
    await client.query(end);
  } finally {
    await client.end();
  }
}

/** The change as one transaction, checked while its deltas are pending (no fold can see them yet) … */
const change = (statements: [string, unknown[]][]) =>
  inTransaction(async (c) => {
    for (const [text, params] of statements) await c.query(text, params);
  }, 'some');

/** … then the job dashboard:fold, and the same answers from the rollup rows alone. */
async function foldAndCheck(): Promise<void> {
  await host.enqueue('dashboard:fold', { companyId: shop.companyId });
  await eventually(async () => {
    const [{ n }] = await sql<{ n: number }>(
      host,
      `select (select count(*) from dashboard_daily_deltas where company_id = $1)
            + (select count(*) from dashboard_live_deltas where company_id = $1)::int as n`,
      [shop.companyId],
    );
    return Number(n) === 0 ? true : undefined;
  }, 15_000);
  await inTransaction(async () => undefined, 'none');
}

const at = (day: number, time: string) => `2026-03-${day} ${time}-03`;

async function seed(name: string, created: string, set: string, params: unknown[] = []): Promise<void> {
  const r = await ingestOf(host).ingest(conn, inbound(`rollup-${name}`, 'Olá'));
  if (r.outcome !== 'stored') throw new Error(r.outcome);
  tickets[name] = r.ticketId;
  await sql(host, `update tickets set created_at = $2, queued_at = $2, ${set} where id = $1`, [
    r.ticketId,
    created,
    ...params,
  ]);
}

const rate = (name: string, user: number | null, value: number | null) =>
  sql(
    host,
    `insert into ticket_ratings (company_id, ticket_id, ticket_created_at, user_id, rate, asked_at, rated_at)
     select company_id, id, created_at, $2, $3::smallint, now(), case when $3 is not null then now() end
       from tickets where id = $1`,
    [tickets[name], user, value],
  );

beforeAll(async () => {
  host = await createTestHost();
  superToken = (await host.login(host.admin.email, host.admin.password)).token;
  shop = await tenantWithAgent(host, superToken, 'Rollup Loja');
  ana = shop.agentId;
  const created = await host.request('/api/users', {
    token: shop.adminToken,
    body: { name: 'Bia', email: 'bia@rollup-loja.test', password: 'agent-pass' },
  });
  bia = (await created.json()).id;
  const res = await host.request('/api/whatsapp', {
    token: shop.adminToken,
    body: { name: 'Site', channel: 'webchat' },
  });
  conn = { id: (await res.json()).id, companyId: shop.companyId, channel: 'webchat' };
  const closed = "status = 'closed', user_id = $3, started_at = $4, finished_at = $5";
  await seed('a', at(10, '09:00'), closed, [ana, at(10, '09:10'), at(10, '09:40')]);
  await seed('b', at(10, '14:00'), "status = 'open', user_id = $3, started_at = $4", [bia, at(10, '14:20')]);
  await seed('c', at(11, '10:00'), "status = 'pending'");
  await seed('d', at(11, '23:30'), closed, [ana, at(11, '23:35'), at(12, '00:20')]);
  await seed('e', at(12, '09:00'), `${closed}, is_group = true`, [ana, at(12, '09:01'), at(12, '09:30')]);
  await seed('f', at(12, '08:00'), closed, [bia, at(12, '08:03'), at(12, '08:50')]);
  await seed('g', at(9, '17:00'), closed, [ana, at(9, '17:00'), at(9, '17:45')]);
  await rate('a', ana, 10);
  await rate('d', ana, null);
  await rate('f', bia, 5);
  await rate('g', ana, 0);
});
afterAll(() => host?.stop());

describe('daily rollups answer what the tickets say, before and after the fold', () => {
  it('from the tickets as created and rated (the triggers wrote every delta)', async () => {
    await inTransaction(async () => undefined, 'any');
    await foldAndCheck();
  });

  it('a ticket closed, then reopened', async () => {
    const b = tickets.b;
    await change([
      ["update tickets set status = 'closed', finished_at = $2 where id = $1", [b, at(10, '15:00')]],
    ]);
    await change([["update tickets set status = 'open', finished_at = null where id = $1", [b]]]);
    await foldAndCheck();
  });

  it('a ticket handed to another attendant, its rating with it', async () => {
    await change([
      ['update tickets set user_id = $2 where id = $1', [tickets.a, bia]],
      ['update ticket_ratings set user_id = $2 where ticket_id = $1', [tickets.a, bia]],
    ]);
    await foldAndCheck();
  });

  it('waiting and support times changing: taken, then finished later', async () => {
    await change([
      [
        "update tickets set status = 'open', user_id = $2, started_at = $3 where id = $1",
        [tickets.c, ana, at(11, '10:25')],
      ],
    ]);
    await change([['update tickets set finished_at = $2 where id = $1', [tickets.f, at(12, '11:00')]]]);
    await change([['update tickets set queued_at = $2 where id = $1', [tickets.d, at(11, '23:31')]]]);
    await foldAndCheck();
  });

  it('a rating answered, then changed, then asked again', async () => {
    const d = tickets.d;
    await change([['update ticket_ratings set rate = 9, rated_at = now() where ticket_id = $1', [d]]]);
    await change([['update ticket_ratings set rate = 6, rated_at = now() where ticket_id = $1', [d]]]);
    await change([
      ['update ticket_ratings set rate = null, rated_at = null, asked_at = now() where ticket_id = $1', [d]],
    ]);
    await foldAndCheck();
  });

  it('a group chat that stops and starts being one, and a ticket moved to another day', async () => {
    await change([['update tickets set is_group = false where id = $1', [tickets.e]]]);
    await change([['update tickets set is_group = true where id = $1', [tickets.e]]]);
    await change([['update tickets set created_at = $2 where id = $1', [tickets.c, at(10, '07:00')]]]);
    await foldAndCheck();
  });

  it('a ticket deleted (its rating goes with it), and an attendant deleted', async () => {
    await change([['delete from tickets where id = $1', [tickets.f]]]);
    await change([['delete from users where id = $1', [bia]]]);
    await foldAndCheck();
  });

  it('changes that do not touch a figure write no delta', async () => {
    await sql(
      host,
      "update tickets set last_message = 'x', unread_messages = 3, status = 'pending' where id = $1",
      [tickets.b],
    );
    await sql(host, 'update ticket_ratings set asked_at = now() where ticket_id = $1', [tickets.d]);
    await inTransaction(async () => undefined, 'none');
  });

  it("the migration's backfill of existing tickets and ratings gives the same rows", async () => {
    const migration = new MigrationDashboard0003DailyRollups(undefined as never, undefined as never);
    await migration.down();
    const down = [...migration.getQueries()];
    migration.reset();
    await migration.up();
    const up = [...migration.getQueries()];
    const daily = 'select * from dashboard_daily where company_id = $1 order by day, user_id';
    const kept = await sql(host, daily, [shop.companyId]);
    await inTransaction(
      async (c) => {
        for (const text of [...down, ...up]) await c.query(String(text));
        // Rows the triggers kept at zero (an attendant's day emptied by later changes) are never backfilled.
        const nonZero = kept.filter((r) =>
          Object.entries(r).some(
            ([k, v]) => !['company_id', 'day', 'user_id'].includes(k) && Number(v) !== 0,
          ),
        );
        expect((await c.query(daily, [shop.companyId])).rows).toEqual(nonZero);
      },
      'none',
      'rollback',
    );
  });

  it('the live counts (open and pending now) follow status changes, and their backfill gives the same row', async () => {
    const live = 'select open, pending from dashboard_live where company_id = $1';
    const liveDeltas = 'select count(*)::int as n from dashboard_live_deltas where company_id = $1';
    // b went pending above (a live delta, no daily one); the figures, compared with a count of tickets, still agree.
    await change([["update tickets set status = 'closed', finished_at = now() where id = $1", [tickets.c]]]);
    await change([["update tickets set status = 'open' where id = $1", [tickets.b]]]);
    await foldAndCheck();
    const kept = await sql(host, live, [shop.companyId]);
    expect(kept).toEqual([{ open: 1, pending: 0 }]);
    const migration = new MigrationDashboard0004DashLiveCounts(undefined as never, undefined as never);
    await migration.down();
    const down = [...migration.getQueries()];
    migration.reset();
    await migration.up();
    const up = [...migration.getQueries()];
    await inTransaction(
      async (c) => {
        for (const text of [...down, ...up]) await c.query(String(text));
        expect((await c.query(live, [shop.companyId])).rows).toEqual(kept);
        expect((await c.query(liveDeltas, [shop.companyId])).rows).toEqual([{ n: 0 }]);
      },
      'none',
      'rollback',
    );
  });
});

describe('a deleted company', () => {
  it('takes its rollup rows, live counts and pending deltas along', async () => {
    const gone = await tenantWithAgent(host, superToken, 'Rollup Fechada');
    const res = await host.request('/api/whatsapp', {
      token: gone.adminToken,
      body: { name: 'Site', channel: 'webchat' },
    });
    const goneConn = { id: (await res.json()).id, companyId: gone.companyId, channel: 'webchat' };
    const rows = `select (select count(*) from dashboard_daily where company_id = $1)::int as daily,
                         (select count(*) from dashboard_daily_deltas where company_id = $1)::int as deltas,
                         (select count(*) from dashboard_live where company_id = $1)::int as live,
                         (select count(*) from dashboard_live_deltas where company_id = $1)::int as live_deltas`;
    expect((await ingestOf(host).ingest(goneConn, inbound('rollup-gone-1', 'Olá'))).outcome).toBe('stored');
    await host.enqueue('dashboard:fold', { companyId: gone.companyId });
    await eventually(async () => {
      const [r] = await sql<{ deltas: number; live_deltas: number }>(host, rows, [gone.companyId]);
      return r.deltas === 0 && r.live_deltas === 0 ? true : undefined;
    }, 15_000);
    expect((await ingestOf(host).ingest(goneConn, inbound('rollup-gone-2', 'Olá'))).outcome).toBe('stored');
    expect(await sql(host, rows, [gone.companyId])).toEqual([
      { daily: 1, deltas: 1, live: 1, live_deltas: 1 },
    ]);
    const deleted = await host.request(`/api/companies/${gone.companyId}`, {
      method: 'DELETE',
      token: superToken,
    });
    expect(deleted.status).toBeLessThan(300);
    expect(await sql(host, rows, [gone.companyId])).toEqual([
      { daily: 0, deltas: 0, live: 0, live_deltas: 0 },
    ]);
  });
});
