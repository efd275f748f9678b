import { createTenant, createTestHost, type TestHost } from '@balcao/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BoardDto, DEFAULT_LANE, groupByLane } from '../shared/board.js';
import kanban from './index.js';

/**
 * "A lane of 2,000 tickets" (issue 27): the board reads the viewer door a page (500) at a time, so a lane that size
 * takes several pages. Every ticket must come once, whatever order the tickets were last touched in (the rows are
 * written straight to the database, their update times shuffled, as years of work would leave them).
 */
const LANE = 2_000;
let host: TestHost;
let admin: string;
let queueId: number;

beforeAll(async () => {
  host = await createTestHost({ plugins: [kanban] });
  const root = (await host.login(host.admin.email, host.admin.password)).token;
  const tenant = await createTenant(host, root, { name: 'Quadro Grande', flags: { useKanban: true } });
  admin = (await host.login(tenant.email, tenant.password)).token;
  const queue = await host.request('/api/queue', {
    token: admin,
    body: { name: 'Vendas', color: '#2e7d32' },
  });
  queueId = ((await queue.json()) as { id: number }).id;
  const db = new pg.Client({ connectionString: host.databaseUrl });
  await db.connect();
  try {
    await db.query(
      `insert into contacts (company_id, name, number)
       select $1, 'Cliente ' || n, '55119' || lpad(n::text, 8, '0') from generate_series(1, $2::int) n`,
      [tenant.companyId, LANE],
    );
    await db.query(
      `insert into tickets (company_id, contact_id, queue_id, status, last_message, updated_at)
       select company_id, id, $2, case when id % 2 = 0 then 'open' else 'pending' end, 'Oi ' || name,
              now() - random() * interval '30 days'
       from contacts where company_id = $1`,
      [tenant.companyId, queueId],
    );
  } finally {
    await db.end();
  }
}, 120_000);
afterAll(() => host?.stop());

describe('a lane of 2,000 tickets', () => {
  it('comes whole, each card once, newest first, with or without the queue filter', async () => {
    for (const query of ['', `?queueIds=${encodeURIComponent(JSON.stringify([queueId]))}`]) {
      const res = await host.request(`/api/ticket/kanban${query}`, { token: admin });
      expect(res.status).toBe(200);
      const board = (await res.json()) as BoardDto;
      expect(board.hasMore).toBe(false);
      expect(new Set(board.tickets.map((c) => c.id)).size).toBe(LANE);
      const lane = groupByLane(board.tickets, []).get(DEFAULT_LANE) ?? [];
      expect(lane).toHaveLength(LANE);
      const times = board.tickets.map((c) => Date.parse(c.updatedAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
  });
});
