import { randomUUID } from 'node:crypto';
import { type ConnectionDto, definePlugin } from '@balcao/sdk';
import { countStatements, createTestHost, type TestHost } from '@balcao/testing';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import campaigns from '../../campaigns/server/index.js';
import webchat from './index.js';

/**
 * A regression check on the whole inbound pipeline's cost (issue 30 item 5), in a measure machine load does not
 * change: the statements the server sends to PostgreSQL per message a web chat visitor posts, from the first post
 * until the automation's turns have dealt with every message. With the campaigns plugin (its subscriber hears every
 * inbound message) and a bot engine nobody selected (turns must not read what it would see). About 3.95 here today (4.85
 * in a loaded CI run: the turns' batching moves it; 5.8
 * before the turn's lease read the connection's menu queues and a turn's later messages stopped re-reading the ticket
 * after one whose handling changed nothing; 9.15 before a turn read its messages, contact, connection and settings in
 * its lease's statement, bots/turn-lease.ts; 11.5 before the campaigns' check was group-committed and a turn read its
 * ticket with its lease). Here each message gets a turn of its own, so each turn's two statements — lease with
 * everything it reads, settlement — count per message; the reads these checks guard against (the turn reading the
 * ticket, contact and message for an engine that will not take it; the campaigns reading ticket, message and
 * settings) added about 10 more. The bound leaves a margin: load does not change the count, but the turns' batching
 * of a ticket's messages does a little.
 */
const BOUND = 6;
const VISITORS = 10;
const MESSAGES = 4;

const quietEngine = definePlugin({
  name: 'quiet-engine',
  contributes: { botEngines: [{ name: 'quiet', handle: async () => ({ type: 'pass' as const }) }] },
});

let host: TestHost;
let token = '';
let db: pg.Client;
beforeAll(async () => {
  host = await createTestHost({ plugins: [webchat, campaigns, quietEngine] });
  const admin = (await host.login(host.admin.email, host.admin.password)).token;
  const connections = (await (
    await host.request('/api/whatsapp', { token: admin })
  ).json()) as ConnectionDto[];
  token = connections.find((c) => c.channel === 'webchat')?.token ?? '';
  db = new pg.Client({ connectionString: host.databaseUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await host?.stop();
});

/** Tickets of the run whose turns are not done: a turn owed, or the cursor short of the last inbound message. */
async function turnsBehind(run: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `select count(*) n from tickets t join contacts c on c.id = t.contact_id
      where c.name like $1
        and (exists (select 1 from bot_turns_owed o where o.ticket_id = t.id)
             or coalesce(t.bot_cursor, 0) < (select max(id) from messages m where m.ticket_id = t.id and not m.from_me))`,
    [`${run} %`],
  );
  return Number(rows[0].n);
}

it('ingesting web chat messages with the automation on costs a bounded number of statements per message', async () => {
  const run = `cost${Date.now().toString(36)}`;
  // Unmeasured: the first post warms the path up (the connection found by its token, statements prepared).
  await host.request(`/api/webchat/${token}/messages`, {
    body: { visitorId: randomUUID(), name: `${run} aquecimento`, body: 'oi', clientMessageId: 'warm-up-0' },
  });
  for (let i = 0; i < 200 && (await turnsBehind(run)) > 0; i++) await new Promise((r) => setTimeout(r, 50));

  const count = countStatements({ byText: true });
  let polls = 0;
  try {
    await Promise.all(
      Array.from({ length: VISITORS }, async (_, v) => {
        const visitorId = randomUUID();
        for (let k = 0; k < MESSAGES; k++) {
          const res = await host.request(`/api/webchat/${token}/messages`, {
            body: {
              visitorId,
              name: `${run} Visitante ${v}`,
              body: `mensagem ${k}: preciso de ajuda com meu pedido`,
              clientMessageId: `message-${k}`,
            },
          });
          expect(res.status).toBe(201);
        }
      }),
    );
    for (let behind = 1; behind > 0; polls++) {
      behind = await turnsBehind(run);
      if (behind) await new Promise((r) => setTimeout(r, 50));
    }
    // A pooled connection's one-time setup (prepared.ts: generic plans) is not a message's cost; a loaded run opens more.
    const setup = count
      .top(100)
      .filter(([text]) => text.startsWith('set plan_cache_mode'))
      .reduce((n, [, times]) => n + times, 0);
    const perMessage = (count.statements - polls - setup) / (VISITORS * MESSAGES);
    expect(perMessage, JSON.stringify(count.top(12), null, 1)).toBeLessThan(BOUND);
  } finally {
    count.stop();
  }
});
