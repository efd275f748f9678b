import contactLists from '@balcao/plugin-contact-lists/server/index.js';
import {
  createFakeChannel,
  createTestHost,
  eventually,
  type FakeConnection,
  type TestHost,
} from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OptOutDto } from '../shared/opt-out.js';
import campaigns from './index.js';
import { apiOf, numberMaker, startNowOf } from './test-helpers.js';

/**
 * Opt-out (issue 26): a contact who answers a stop word is never messaged by a campaign again — not the message the
 * running campaign still owed them, not any later campaign — the report counts them, and their drawer shows it.
 */
let host: TestHost;
let api: ReturnType<typeof apiOf>;
let line: FakeConnection;
let userId: number;
const fake = createFakeChannel();
const numbers = numberMaker(81000000);
const sentTo = (to: string) => line.sent().filter((m) => m.to === to);
const startNow = startNowOf('Opt-out', () => ({ api, connectionId: line.connection.id }));
const optOutOf = (contactId: number | string) =>
  api.call<OptOutDto & { error?: string }>(`/api/campaign-opt-outs?contactId=${contactId}`);

beforeAll(async () => {
  host = await createTestHost({ plugins: [fake.plugin, contactLists, campaigns] });
  const login = await host.login(host.admin.email, host.admin.password);
  api = apiOf(host, login.token);
  userId = login.user.id;
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

  it("takes the company's own stop words, and only as an answer to a campaign", async () => {
    const settings = {
      messageInterval: 0,
      longerIntervalAfter: 0,
      greaterInterval: 0,
      optOutWords: ['chega'],
    };
    expect((await api.call('/api/campaign-settings', 'POST', { settings })).status).toBe(200);
    const tagId = await api.tag('Opt-out palavras');
    const [own, old, chat] = numbers(3);
    const [ownId, oldId, chatId] = await api.taggedContacts(tagId, [own, old, chat]);
    // Before any campaign message, in an ordinary conversation: no opt-out.
    await line.receive({ from: chat, body: 'Chega' });
    const first = await startNow({ tagListId: tagId, message1: 'Promoção' });
    await api.status(first.id, 'FINALIZADA');
    await line.receive({ from: own, body: 'Chega' });
    // A default word the company replaced is an ordinary answer now.
    await line.receive({ from: old, body: 'sair' });
    await eventually(async () => ((await optOutOf(ownId)).body.optedOutAt ? true : undefined));

    const second = await startNow({ tagListId: tagId, message1: 'Promoção 2' });
    await api.status(second.id, 'FINALIZADA');
    expect(sentTo(own).map((m) => m.body)).toEqual(['Promoção']);
    for (const n of [old, chat]) expect(sentTo(n).map((m) => m.body)).toEqual(['Promoção', 'Promoção 2']);
    for (const id of [oldId, chatId]) expect((await optOutOf(id)).body.optedOutAt).toBeNull();
  });

  it('a stop word after an attendant answered is an ordinary message', async () => {
    const tagId = await api.tag('Opt-out atendente');
    const [to] = numbers(1);
    const [contactId] = await api.taggedContacts(tagId, [to]);
    const first = await startNow({ tagListId: tagId, message1: 'Novidades' });
    await api.status(first.id, 'FINALIZADA');
    const { ticketId } = sentTo(to)[0];
    await line.receive({ from: to, body: 'Quero falar do meu pedido' });
    const accepted = await api.call(`/api/tickets/${ticketId}`, 'PUT', { status: 'open', userId });
    expect(accepted.status).toBe(200);
    const reply = await api.call(`/api/messages/${ticketId}`, 'POST', { body: 'Claro, qual pedido?' });
    expect(reply.status).toBeLessThan(300);
    await line.waitForSent((m) => m.to === to && m.body === 'Claro, qual pedido?');
    // The answer is read against the messages before it, so it means the same whenever its handler runs.
    await line.receive({ from: to, body: 'chega' });

    const second = await startNow({ tagListId: tagId, message1: 'Novidades 2' });
    await api.status(second.id, 'FINALIZADA');
    // (The accept greeting goes out too.)
    const bodies = sentTo(to).map((m) => m.body);
    expect(bodies.filter((b) => b.startsWith('Novidades'))).toEqual(['Novidades', 'Novidades 2']);
    expect(bodies.indexOf('Claro, qual pedido?')).toBeLessThan(bodies.indexOf('Novidades 2'));
    // Right after a campaign message, the same word opts out.
    await line.receive({ from: to, body: 'chega' });
    await eventually(async () => ((await optOutOf(contactId)).body.optedOutAt ? true : undefined));
  });
});
