import contactLists from '@balcao/plugin-contact-lists/server/index.js';
import {
  countStatements,
  createFakeChannel,
  createTestHost,
  type FakeConnection,
  type TestHost,
} from '@balcao/testing';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CampaignDto } from '../shared/campaign.js';
import campaigns from './index.js';
import { apiOf } from './test-helpers.js';

/**
 * A regression check on a campaign send's cost (issue 26: a running campaign must not slow the ticket lists), in a
 * measure machine load does not change: the statements this process sends to PostgreSQL per contact of a contact
 * list, from the POST that starts the campaign until every message went through the outbox to the channel and its
 * ack was recorded. Each send creates the list item's contact. About 24 here today (42 before the dispatch was cut:
 * the renew and the claim one statement, the contact found or created by id alone, sendToContact's reads of the key,
 * contact and connection one statement and its writes three, the delivery reading the connection with the message).
 * The bound is generous: load does not change the count, but the job backend's polling does a little.
 */
const SENDS = 40;
const BOUND = 32;

let host: TestHost;
let api: ReturnType<typeof apiOf>;
let db: pg.Client;
let connectionId = 0;
let line: FakeConnection;
const fake = createFakeChannel();

beforeAll(async () => {
  host = await createTestHost({ plugins: [fake.plugin, contactLists, campaigns] });
  const login = await host.login(host.admin.email, host.admin.password);
  api = apiOf(host, login.token);
  line = await fake.connect(host, login.token);
  connectionId = line.connection.id;
  const res = await api.call('/api/campaign-settings', 'POST', {
    settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 },
  });
  expect(res.status).toBe(200);
  db = new pg.Client({ connectionString: host.databaseUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await host?.stop();
});

/** A contact list of `size` items seeded by SQL, numbers from `base` up (no contact exists for them yet). */
async function listOf(size: number, base: number): Promise<number> {
  const { body } = await api.call<{ id: number }>('/api/contact-lists', 'POST', { name: `Custo ${base}` });
  await db.query(
    `insert into contact_list_items (company_id, contact_list_id, name, number, email)
     select 1, $1, 'Contato ' || i, '5521' || ($2::int + i)::text, ''
       from generate_series(1, $3::int) i`,
    [body.id, base, size],
  );
  return body.id;
}

/** FINALIZADA, and nothing left in the outbox: every message handed to the channel. */
async function finished(campaignId: number): Promise<boolean> {
  const { rows } = await db.query<{ done: boolean }>(
    `select c.status = 'FINALIZADA'
            and not exists (select 1 from message_outbox where status = 'pending') as done
       from campaigns c where c.id = $1`,
    [campaignId],
  );
  return rows[0]?.done === true;
}

/** Starts a campaign to the list now and waits until it finished; answers the polls it made (each one statement). */
async function run(listId: number): Promise<number> {
  const res = await api.call<CampaignDto>('/api/campaigns', 'POST', {
    name: `Custo ${listId}`,
    whatsappId: `${connectionId}`,
    scheduledAt: new Date().toISOString(),
    contactListId: listId,
    message1: 'Oi {nome}',
  });
  expect(res.status).toBe(201);
  let polls = 0;
  for (let i = 0; i < 600; i++) {
    polls++;
    if (await finished(res.body.id)) return polls;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('campaign did not finish');
}

it('a campaign send to a contact list costs a bounded number of statements', async () => {
  // Unmeasured: a first campaign warms the path up (statements prepared, settings and plan cached).
  await run(await listOf(3, 900000000));
  const list = await listOf(SENDS, 900100000);
  const count = countStatements({ byText: true });
  try {
    const polls = await run(list);
    const perSend = (count.statements - polls) / SENDS;
    expect(perSend, JSON.stringify(count.top(30), null, 1)).toBeLessThan(BOUND);
    expect(line.sent()).toHaveLength(SENDS + 3);
  } finally {
    count.stop();
  }
}, 180_000);
