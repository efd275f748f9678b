import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import contactLists from '@balcao/plugin-contact-lists/server/index.js';
import {
  createTestHost,
  type HoldingVendor,
  httpChannelPlugin,
  type Kernel,
  killHard,
  spawnWorker,
  startHoldingVendor,
  startInstance,
  type TestHost,
} from '@balcao/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CampaignDto } from '../shared/campaign.js';
import { sendKey } from './dispatch.js';
import campaigns, { createCampaignsPlugin } from './index.js';
import { apiOf, sql } from './test-helpers.js';

/**
 * A Balcão worker is killed (SIGKILL: no shutdown code runs) in the middle of a campaign, while the vendor holds one
 * of its messages unanswered. A successor worker on the same database takes the dead one's job once its lock runs
 * out, the rows and the run once their leases do, and finishes the campaign: every contact of the list gets the
 * message exactly once at the vendor (which dedupes on the idempotency key as WhatsApp does on a client message id),
 * none is skipped. The web node serving the API runs no jobs; leases and locks are shortened so the test does not
 * wait the production minutes.
 */
const CONTACTS = 30;
/** The campaign message the vendor receives that it leaves unanswered: the worker dies while waiting for it. */
const HOLD_AT = 3;
const LEASE_SECONDS = 1;
const workerEnv = {
  OUTBOX_LEASE_SECONDS: '1',
  OUTBOX_POLL_MS: '50',
  OUTBOX_RETRY_BASE_MS: '50',
  // Longer than the campaigns' leases: the dead link's own job, run again, finds them expired and carries on.
  JOBS_LOCK_SECONDS: '3',
};
const workerPlugins = (vendorUrl: string) => [
  httpChannelPlugin(vendorUrl),
  contactLists,
  createCampaignsPlugin({ leaseSeconds: LEASE_SECONDS }),
];

let host: TestHost;
/** The mock vendor API: every request is recorded; the HOLD_AT-th new message is never answered. */
let vendor: HoldingVendor;
let vendorUrl: string;
let child: ChildProcess | undefined;
let successor: Kernel | undefined;

beforeAll(async () => {
  vendor = await startHoldingVendor(HOLD_AT);
  vendorUrl = vendor.url;
  // The API node: it runs no job and delivers nothing (BALCAO_ROLE=web); the workers do both.
  host = await createTestHost({
    plugins: [httpChannelPlugin(vendorUrl), contactLists, campaigns],
    env: { BALCAO_ROLE: 'web' },
  });
});

afterAll(async () => {
  if (child) await killHard(child);
  await successor?.stop();
  await host?.stop();
  await vendor?.close();
});

/** Starts the killable worker process; resolves once it runs jobs. */
async function startChild(): Promise<void> {
  child = await spawnWorker(path.join(import.meta.dirname, 'testing/crash-worker.ts'), {
    ...workerEnv,
    DATABASE_URL: host.databaseUrl,
    DATA_DIR: host.dataDir,
    VENDOR_URL: vendorUrl,
    CAMPAIGN_LEASE_SECONDS: String(LEASE_SECONDS),
  });
}

it('a worker killed mid-campaign: its successor finishes it, each contact messaged exactly once', async () => {
  const { token, user } = await host.login(host.admin.email, host.admin.password);
  const api = apiOf(host, token);
  const connection = await api.call<{ id: number }>('/api/whatsapp', 'POST', {
    name: 'Fone',
    channel: 'whatsapp',
  });
  expect(connection.status).toBe(201);
  const pacing = await api.call('/api/campaign-settings', 'POST', {
    settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 },
  });
  expect(pacing.status).toBe(200);
  const [list] = await sql<{ id: number }>(
    host,
    "insert into contact_lists (company_id, name) values ($1, 'Crash') returning id",
    [user.companyId],
  );
  const numbers = Array.from({ length: CONTACTS }, (_, i) => `5511970${String(i).padStart(6, '0')}`);
  await sql(
    host,
    `insert into contact_list_items (company_id, contact_list_id, name, number)
     select $1, $2, 'Item ' || (n - 1), number from unnest($3::text[]) with ordinality as i(number, n)`,
    [user.companyId, list.id, numbers],
  );

  await startChild();
  const created = await api.call<CampaignDto>('/api/campaigns', 'POST', {
    name: 'Queda',
    whatsappId: `${connection.body.id}`,
    scheduledAt: new Date().toISOString(),
    contactListId: list.id,
    message1: 'Oferta para {nome}',
  });
  expect(created.status).toBe(201);
  const campaignId = created.body.id;

  const heldKey = await vendor.held;
  if (child) await killHard(child);
  child = undefined;
  // In the middle of the campaign: the dead worker had stamped a few rows (the vendor held its third message), not all.
  const [atKill] = await sql<{ stamped: string }>(
    host,
    'select count(delivered_at) as stamped from campaign_shippings where campaign_id = $1',
    [campaignId],
  );
  expect(Number(atKill.stamped)).toBeLessThan(CONTACTS);

  successor = await startInstance(host, {
    role: 'worker',
    plugins: workerPlugins(vendorUrl),
    env: workerEnv,
  });
  await api.status(campaignId, 'FINALIZADA', 60_000);

  // At the vendor: one key per contact (a second message would bring a second key), each answered at least once.
  const keysTo = vendor.keysByRecipient();
  expect([...keysTo.keys()].sort()).toEqual(numbers);
  for (const [i, number] of numbers.entries()) {
    const keys = [...(keysTo.get(number) ?? [])];
    expect(keys, number).toHaveLength(1);
    expect(vendor.answered.has(keys[0]), number).toBe(true);
    expect(vendor.requests.filter((r) => r.to === number).map((r) => r.body)).toContain(
      `Oferta para Item ${i}`,
    );
  }
  // The held message was sent again, with its key, by the successor.
  expect(vendor.requests.filter((r) => r.key === heldKey).length).toBeGreaterThanOrEqual(2);

  // In the database: every row delivered, by the message its own key (the plugin's key function) stands for.
  const rows = await sql<{ contact_id: number; message_id: number | null }>(
    host,
    `select contact_id, message_id from campaign_shippings
      where campaign_id = $1 and delivered_at is not null and failed_at is null`,
    [campaignId],
  );
  const sends = await sql<{ idempotency_key: string; message_id: number }>(
    host,
    "select idempotency_key, message_id from plugin_sends where company_id = $1 and plugin = 'campaigns'",
    [user.companyId],
  );
  const messageOfKey = new Map(sends.map((s) => [s.idempotency_key, Number(s.message_id)]));
  expect(rows).toHaveLength(CONTACTS);
  expect(messageOfKey.size).toBe(CONTACTS);
  for (const row of rows) {
    expect(row.message_id).not.toBeNull();
    expect(messageOfKey.get(sendKey(campaignId, row.contact_id, 'message'))).toBe(Number(row.message_id));
  }
  const [{ messages }] = await sql<{ messages: string }>(
    host,
    `select count(*) as messages from messages m join tickets t on t.id = m.ticket_id
      where t.company_id = $1 and m.from_me and m.body like 'Oferta para %'`,
    [user.companyId],
  );
  expect(Number(messages)).toBe(CONTACTS);
  const report = await api.report(campaignId);
  expect(report.counts).toMatchObject({
    planned: CONTACTS,
    sent: CONTACTS,
    failed: 0,
    optedOut: 0,
    done: CONTACTS,
  });
}, 150_000);
