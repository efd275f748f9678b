import type { Logger } from '@balcao/sdk';
import { eventually } from '@balcao/testing';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchStatements } from '../../db/statement-watch.js';
import { inbound, ingestOf, sql, webchatConnection } from '../../testing/attendance-fixtures.js';
import { createTestHost, type TestHost } from '../../testing/test-host.js';
import { TurnBatches } from './turn-batches.js';

/**
 * The bot turns' lease and end, many tickets per statement (issue 30: two statements per turn were most of what
 * ingest sent): each ticket gets its own row and messages, a held ticket is left out, and a ticket whose row another
 * transaction locks never makes the others wait.
 */
let host: TestHost;
let batches: TurnBatches;
/** Tickets of new visitors, each with two inbound messages; their own turns have run and ended. */
const tickets: { id: number; messages: number[] }[] = [];

beforeAll(async () => {
  host = await createTestHost();
  const { token } = await host.login(host.admin.email, host.admin.password);
  const connection = await webchatConnection(host, token);
  for (let v = 0; v < 6; v++) {
    const messages: number[] = [];
    let ticketId = 0;
    for (const body of ['Oi', 'Preciso de ajuda']) {
      const r = await ingestOf(host).ingest(connection, inbound(`lote-${v}`, body));
      if (r.outcome !== 'stored') throw new Error(r.outcome);
      ticketId = r.ticketId;
      messages.push(r.messageId);
    }
    tickets.push({ id: ticketId, messages });
  }
  const ids = tickets.map((t) => t.id);
  // The process's own turns (the automation's stages) deal with them first; then the tickets are as before any turn.
  await eventually(async () => {
    const [row] = await sql<{ n: string }>(
      host,
      `select count(*) n from tickets t where t.id = any($1)
          and (t.bot_lease_until is not null or exists (select 1 from bot_turns_owed o where o.ticket_id = t.id))`,
      [ids],
    );
    return row.n === '0' ? true : undefined;
  });
  await sql(host, 'update tickets set bot_cursor = null where id = any($1)', [ids]);
  batches = new TurnBatches(host.resolve<MikroORM>('orm'), host.resolve<Logger>('logger'), 90);
});
afterAll(() => host?.stop());

const leaseOf = async (id: number) =>
  (
    await sql<{ leased: boolean }>(
      host,
      'select bot_lease_until > now() as leased from tickets where id = $1',
      [id],
    )
  )[0]?.leased ?? false;

describe('turn batches', () => {
  it('lease the tickets asked together in one statement, each with its messages up to its own; a held one is left out', async () => {
    const [held, ...free] = tickets;
    await sql(host, `update tickets set bot_lease_until = now() + interval '1 minute' where id = $1`, [
      held.id,
    ]);
    // Half the turns reach their ticket's first message, half the second.
    const upto = (t: (typeof tickets)[number], i: number) => t.messages[i % 2];
    const { result: rows, statements } = await watchStatements(() =>
      Promise.all(tickets.map((t, i) => batches.lease(t.id, upto(t, i)))),
    );
    // The first ask goes at once; the others, asked meanwhile, together in the next statement.
    expect(statements).toBeLessThanOrEqual(2);
    expect(rows[0]).toBeNull();
    for (const [k, t] of free.entries()) {
      const row = rows[k + 1] as Record<string, unknown>;
      expect(Number(row.id)).toBe(t.id);
      const said = (row.turn_messages as { id: number; body: string }[]).map((m) => m.body);
      expect(said).toEqual(['Oi', 'Preciso de ajuda'].slice(0, ((k + 1) % 2) + 1));
      // The contact's and the connection's facts the turn reads (TurnContact, connections/connection-facts.ts).
      expect(row.turn_contact).toEqual({ id: row.contact_id, disable_bot: false, lgpd_accepted_at: null });
      expect(row.turn_connection).toMatchObject({ id: row.whatsapp_id, company_id: row.company_id });
      expect(await leaseOf(t.id)).toBe(true);
    }
    // Asked again while held: nobody gets a second lease.
    expect(await batches.lease(free[0].id, upto(free[0], 1))).toBeNull();
  });

  it('end the turns together: cursor reached, owed turn settled, lease let go', async () => {
    const free = tickets.slice(1);
    for (const t of free)
      await sql(host, 'insert into bot_turns_owed (ticket_id, company_id, message_id) values ($1, 1, $2)', [
        t.id,
        t.messages[1],
      ]);
    const { statements } = await watchStatements(() =>
      Promise.all(free.map((t) => batches.settle(t.id, t.messages[1], t.messages[1]))),
    );
    expect(statements).toBeLessThanOrEqual(2);
    const rows = await sql<{ id: number; bot_cursor: string; leased: boolean; owed: boolean }>(
      host,
      `select t.id, t.bot_cursor, t.bot_lease_until is not null as leased,
              exists (select 1 from bot_turns_owed o where o.ticket_id = t.id) as owed
         from tickets t where t.id = any($1) order by t.id`,
      [free.map((t) => t.id)],
    );
    expect(rows).toEqual(
      free.map((t) => ({ id: t.id, bot_cursor: String(t.messages[1]), leased: false, owed: false })),
    );
  });

  it('never wait for a row another transaction locks: its lease is asked again, its end waits alone', async () => {
    const [a, b] = tickets.slice(1, 3);
    const locker = new pg.Client({ connectionString: host.databaseUrl });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('select 1 from tickets where id = $1 for update', [a.id]);
      // The locked ticket is answered "not now" at once; the other one is leased.
      const [la, lb] = await Promise.all([
        batches.lease(a.id, a.messages[1]),
        batches.lease(b.id, b.messages[1]),
      ]);
      expect(la).toBeNull();
      expect(Number((lb as Record<string, unknown>).id)).toBe(b.id);
      await locker.query('rollback');
      // Both held by a turn now; the one whose row is locked again ends once the lock goes, the other at once.
      await sql(host, `update tickets set bot_lease_until = now() + interval '1 minute' where id = $1`, [
        a.id,
      ]);
      await locker.query('begin');
      await locker.query('select 1 from tickets where id = $1 for update', [a.id]);
      let aEnded = false;
      const ending = [
        batches.settle(a.id, a.messages[1], a.messages[1]).then(() => {
          aEnded = true;
        }),
        batches.settle(b.id, b.messages[1], b.messages[1]),
      ];
      await ending[1];
      expect(await leaseOf(b.id)).toBe(false);
      expect(aEnded).toBe(false);
      await locker.query('commit');
      await ending[0];
      expect(await leaseOf(a.id)).toBe(false);
    } finally {
      await locker.end();
    }
  });
});
