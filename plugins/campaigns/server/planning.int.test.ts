import contactLists from '@balcao/plugin-contact-lists/server/index.js';
import { createFakeChannel, createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CampaignDto } from '../shared/campaign.js';
import campaigns from './index.js';
import { apiOf, sql } from './test-helpers.js';

/**
 * Planning a large contact list is one INSERT … SELECT: every item gets exactly one shipping row. How long 100,000
 * take is a benchmark's question (docs/benchmarks.md), never a timed test's.
 */
let host: TestHost;
const fake = createFakeChannel();
const SIZE = 20_000;

beforeAll(async () => {
  host = await createTestHost({ plugins: [fake.plugin, contactLists, campaigns] });
});
afterAll(() => host?.stop());

it('plans every item of a 20,000-item list once', { timeout: 120_000 }, async () => {
  const login = await host.login(host.admin.email, host.admin.password);
  const api = apiOf(host, login.token);
  const line = await fake.connect(host, login.token);
  const companyId = login.user.companyId;
  // The default pacing (20 s between messages): the chain sends one message, then waits while the test looks.
  const [list] = await sql<{ id: number }>(
    host,
    "insert into contact_lists (company_id, name) values ($1, 'Grande') returning id",
    [companyId],
  );
  await sql(
    host,
    `insert into contact_list_items (company_id, contact_list_id, name, number)
     select $1, $2, 'Cliente ' || n, (5511900000000 + n)::text from generate_series(1, ${SIZE}) as n`,
    [companyId, list.id],
  );
  const created = await api.call<CampaignDto>('/api/campaigns', 'POST', {
    name: 'Grande',
    message1: 'Oi {nome}',
    contactListId: list.id,
    whatsappId: `${line.connection.id}`,
    scheduledAt: new Date().toISOString(),
  });
  await api.status(created.body.id, 'EM_ANDAMENTO');
  await eventually(async () => {
    const [{ n }] = await sql<{ n: string }>(
      host,
      'select count(*) as n from campaign_shippings where campaign_id = $1',
      [created.body.id],
    );
    return Number(n) === SIZE ? true : undefined;
  }, 60_000);
  const [{ distinct }] = await sql<{ distinct: string }>(
    host,
    'select count(distinct contact_list_item_id) as distinct from campaign_shippings where campaign_id = $1',
    [created.body.id],
  );
  expect(Number(distinct)).toBe(SIZE);
  await api.call(`/api/campaigns/${created.body.id}/cancel`, 'POST', {});
});
