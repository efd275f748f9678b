import contactLists from '@balcao/plugin-contact-lists/server/index.js';
import {
  createFakeChannel,
  createTestHost,
  eventually,
  type FakeConnection,
  type TestHost,
} from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignDto } from '../shared/campaign.js';
import type { OptOutDto } from '../shared/opt-out.js';
import campaigns from './index.js';
import { apiOf } from './test-helpers.js';

/**
 * Opt-out (issue 26): a contact who answers a stop word is never messaged by a campaign again — not the message the
 * running campaign still owed them, not any later campaign — the report counts them, and their drawer shows it.
 */
let host: TestHost;
let api: ReturnType<typeof apiOf>;
let line: FakeConnection;
const fake = createFakeChannel();
let seq = 0;
const numbers = (n: number) =>
  Array.from({ length: n }, () => `55119${String(81000000 + ++seq).padStart(8, '0')}`);
const sentTo = (to: string) => line.sent().filter((m) => m.to === to);
const startNow = async (body: Record<string, unknown>) => {
  const res = await api.call<CampaignDto>('/api/campaigns', 'POST', {
    name: 'Opt-out',
    whatsappId: `${line.connection.id}`,
    scheduledAt: new Date().toISOString(),
    ...body,
  });
  expect(res.status).toBe(201);
  return res.body;
};
const optOutOf = (contactId: number | string) =>
  api.call<OptOutDto & { error?: string }>(`/api/campaign-opt-outs?contactId=${contactId}`);

beforeAll(async () => {
  host = await createTestHost({ plugins: [fake.plugin, contactLists, campaigns] });
  const login = await host.login(host.admin.email, host.admin.password);
  api = apiOf(host, login.token);
  line = await fake.connect(host, login.token);
  const pacing = { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [] };
  expect((await api.call('/api/campaign-settings', 'POST', { settings: pacing })).status).toBe(200);
});
afterAll(() => host?.stop());

describe('opt-out', () => {
  it('a stop word ends the campaigns for the contact, counted in the report and shown on the contact', async () => {
    const tagId = await api.tag('Opt-out um');
    const [quits, stays, stops] = numbers(3);
    const [quitsId, staysId] = await api.taggedContacts(tagId, [quits, stays, stops]);
    const first = await startNow({
      tagListId: tagId,
      confirmation: true,
      confirmationMessage1: 'Podemos enviar a oferta?',
      message1: 'A oferta',
    });
    await eventually(async () =>
      (await api.report(first.id)).counts.confirmationRequested === 3 ? true : undefined,
    );
    // Trimmed and whatever the case; any of the words.
    await line.receive({ from: quits, body: '  Sair ' });
    await line.receive({ from: stops, body: 'PARAR' });
    await line.receive({ from: stays, body: 'sim' });
    await api.status(first.id, 'FINALIZADA');
    expect(sentTo(quits).map((m) => m.body)).toEqual(['Podemos enviar a oferta?']);
    expect(sentTo(stops).map((m) => m.body)).toEqual(['Podemos enviar a oferta?']);
    expect(sentTo(stays).map((m) => m.body)).toEqual(['Podemos enviar a oferta?', 'A oferta']);
    expect((await api.report(first.id)).counts).toMatchObject({ planned: 3, sent: 1, optedOut: 2, done: 3 });

    // A later campaign to the same audience skips them.
    const second = await startNow({ tagListId: tagId, message1: 'Outra oferta' });
    await api.status(second.id, 'FINALIZADA');
    expect(sentTo(quits)).toHaveLength(1);
    expect(sentTo(stops)).toHaveLength(1);
    expect(sentTo(stays).map((m) => m.body)).toEqual([
      'Podemos enviar a oferta?',
      'A oferta',
      'Outra oferta',
    ]);
    const report = await api.report(second.id);
    expect(report.counts).toMatchObject({ planned: 3, sent: 1, optedOut: 2 });
    expect(report.shippings.find((s) => s.number === quits)?.state).toBe('optedOut');

    // The contact's drawer asks: opted out since the answer, or not.
    const quitter = await optOutOf(quitsId);
    expect(quitter.status).toBe(200);
    expect(quitter.body.contactId).toBe(quitsId);
    expect(Date.parse(quitter.body.optedOutAt ?? '')).toBeGreaterThan(Date.parse(first.createdAt));
    expect((await optOutOf(staysId)).body).toEqual({ contactId: staysId, optedOutAt: null });
  });

  it('refuses a malformed or unknown contact with its code', async () => {
    const bad = await optOutOf('abc');
    expect(bad.status).toBe(400);
    expect((await optOutOf(2147483647)).body).toMatchObject({
      error: 'campaigns:ERR_CAMPAIGN_CONTACT_NOT_FOUND',
    });
    expect((await optOutOf(2147483647)).status).toBe(404);
  });

  it("takes the company's own stop words from the settings, instead of the defaults", async () => {
    const settings = {
      messageInterval: 0,
      longerIntervalAfter: 0,
      greaterInterval: 0,
      optOutWords: ['chega'],
    };
    expect((await api.call('/api/campaign-settings', 'POST', { settings })).status).toBe(200);
    const tagId = await api.tag('Opt-out palavras');
    const [own, old] = numbers(2);
    const [ownId, oldId] = await api.taggedContacts(tagId, [own, old]);
    await line.receive({ from: own, body: 'Chega' });
    await line.receive({ from: old, body: 'sair' });
    await eventually(async () => ((await optOutOf(ownId)).body.optedOutAt ? true : undefined));
    const c = await startNow({ tagListId: tagId, message1: 'Promoção' });
    await api.status(c.id, 'FINALIZADA');
    expect(sentTo(own)).toEqual([]);
    expect(sentTo(old).map((m) => m.body)).toEqual(['Promoção']);
    expect((await optOutOf(oldId)).body.optedOutAt).toBeNull();
  });
});
