import type { MessageDto } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedTicket, createQueue, sql, webchatConnection } from '../../testing/attendance-fixtures.js';

// Spec part 1 §7 GET /messages/{ticketId}: pages of 20, newest page first, each in chronological order.

let host: TestHost;
let admin: string;
let ticket: number;
let sales: number;

const page = async (pageNumber: number, query = '') => {
  const res = await host.request(`/api/messages/${ticket}?pageNumber=${pageNumber}${query}`, {
    token: admin,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { messages: MessageDto[]; hasMore: boolean };
};

beforeAll(async () => {
  host = await createTestHost();
  const login = await host.login(host.admin.email, host.admin.password);
  admin = login.token;
  ticket = await acceptedTicket(host, await webchatConnection(host, admin), admin, login.user.id);
  sales = await createQueue(host, 1, 'Vendas', '#2e7d32');
  // 45 messages a second apart after whatever the ticket holds; every third in the sales queue, the others in none;
  // message 30 quotes message 3.
  await sql(
    host,
    `insert into messages (company_id, ticket_id, contact_id, body, from_me, ack, media_type, queue_id, created_at)
     select 1, t.id, t.contact_id, 'msg ' || i, i % 2 = 0, 0, 'chat', case when i % 3 = 0 then $2::int end,
            now() + i * interval '1 second'
       from tickets t, generate_series(1, 45) i where t.id = $1`,
    [ticket, sales],
  );
  await sql(
    host,
    `update messages set quoted_msg_id = (select id from messages where ticket_id = $1 and body = 'msg 3')
      where ticket_id = $1 and body = 'msg 30'`,
    [ticket],
  );
});
afterAll(() => host?.stop());

describe('message pages', () => {
  it('walk back through the conversation without gaps or repeats, with quotes on older pages', async () => {
    const pages = [];
    for (let n = 1; ; n++) {
      const p = await page(n);
      pages.push(p);
      if (!p.hasMore) break;
    }
    const all = pages.reverse().flatMap((p) => p.messages);
    const ours = all.filter((m) => m.body.startsWith('msg '));
    expect(ours.map((m) => m.body)).toEqual(Array.from({ length: 45 }, (_, i) => `msg ${i + 1}`));
    expect(new Set(all.map((m) => m.id)).size).toBe(all.length);
    expect(pages.slice(1).every((p) => p.messages.length === 20)).toBe(true);
    const quoting = ours.find((m) => m.body === 'msg 30');
    expect(quoting?.quotedMsg).toMatchObject({ body: 'msg 3' });
  });

  it('keeps the selected queues on every page', async () => {
    // msg 1..10 move to another queue: filtered on sales, the pages hold msg 11..45 (in sales or in none) only.
    const other = await createQueue(host, 1, 'Suporte', '#1565c0');
    await sql(
      host,
      `update messages set queue_id = $2 where ticket_id = $1 and body = any(array(select 'msg ' || i from generate_series(1, 10) i))`,
      [ticket, other],
    );
    const query = `&selectedQueues=${encodeURIComponent(JSON.stringify([sales]))}`;
    const first = await page(1, query);
    const second = await page(2, query);
    expect(first.hasMore).toBe(true);
    expect(second.hasMore).toBe(false);
    const ours = [...second.messages, ...first.messages]
      .map((m) => m.body)
      .filter((b) => b.startsWith('msg '));
    expect(ours).toEqual(Array.from({ length: 35 }, (_, i) => `msg ${i + 11}`));
  });

  it('opening the first page is one statement on messages when nothing is new, and still reads what the contact wrote', async () => {
    await page(1);
    // Issue 30: whether the contact wrote something unread was a second statement per opening.
    expect(await messageStatements(() => page(1))).toHaveLength(1);
    // Unread from the contact while the ticket's counter is 0 (a reply clears it): the opening reads it.
    const [{ id }] = await sql<{ id: string }>(
      host,
      `insert into messages (company_id, ticket_id, contact_id, body, from_me, read, ack, media_type, created_at)
       select 1, t.id, t.contact_id, 'sem contador', false, false, 0, 'chat', now() + interval '1 hour'
         from tickets t where t.id = $1 returning id`,
      [ticket],
    );
    await sql(host, 'update tickets set unread_messages = 0 where id = $1', [ticket]);
    const opened = await page(1);
    expect(opened.messages.at(-1)).toMatchObject({ body: 'sem contador', read: true });
    expect(await sql(host, 'select 1 from messages where id = $1 and read', [id])).toHaveLength(1);
  });
});

/** The statements naming the messages table that this process's pg clients (the server's pool) send during `run`. */
async function messageStatements(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const original = pg.Client.prototype.query;
  const counting = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0];
    const text = typeof config === 'string' ? config : ((config as { text?: string } | null)?.text ?? '');
    if (/\bmessages\b/.test(text)) seen.push(text);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  };
  pg.Client.prototype.query = counting as typeof original;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = original;
  }
  return seen;
}
