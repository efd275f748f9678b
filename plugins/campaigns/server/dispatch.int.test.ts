import contactLists from '@balcao/plugin-contact-lists/server/index.js';
import type { TicketDto } from '@balcao/sdk';
import {
  createFakeChannel,
  createTestHost,
  eventually,
  type FakeConnection,
  type TestHost,
} from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignDto } from '../shared/campaign.js';
import campaigns from './index.js';
import { apiOf, numberMaker, sql, startNowOf } from './test-helpers.js';

/**
 * Dispatch as durable work: every contact of the audience gets exactly one message whatever runs the chain (two
 * workers at once, a rerun after lost writes, a cancel and restart), the pause after N messages, the confirmation
 * flow, and the held ticket the contact's answer opens.
 */
let host: TestHost;
let api: ReturnType<typeof apiOf>;
let line: FakeConnection;
let companyId: number;
const fake = createFakeChannel();
const numbers = numberMaker(80000000);
const sentTo = (to: string) => line.sent().filter((m) => m.to === to);
/** Sets the pacing (only the settings page's options are accepted: a refused one would leave the last in force). */
const setPacing = async (messageInterval: number, longerIntervalAfter: number, greaterInterval: number) => {
  const res = await api.call('/api/campaign-settings', 'POST', {
    settings: {
      messageInterval,
      longerIntervalAfter,
      greaterInterval,
      variables: [{ key: 'cupom', value: 'X10' }],
    },
  });
  expect(res.status).toBe(200);
};
const startNow = startNowOf('Disparo', () => ({ api, connectionId: line.connection.id }));

beforeAll(async () => {
  host = await createTestHost({ plugins: [fake.plugin, contactLists, campaigns] });
  const login = await host.login(host.admin.email, host.admin.password);
  companyId = login.user.companyId;
  api = apiOf(host, login.token);
  line = await fake.connect(host, login.token);
  await setPacing(0, 0, 0);
});
afterAll(() => host?.stop());

describe('dispatch', () => {
  it("messages each tagged contact once, fills the placeholders, and holds the contact's ticket until they answer", async () => {
    const tagId = await api.tag('Campanha um');
    const to = numbers(3);
    await api.taggedContacts(tagId, to);
    const c = await startNow({ tagListId: tagId, message1: 'Oi {nome}, cupom {cupom} para {numero}' });
    await api.status(c.id, 'FINALIZADA');
    for (const n of to)
      expect(sentTo(n).map((m) => m.body)).toEqual([`Oi Cliente ${n}, cupom X10 para ${n}`]);
    const report = await api.report(c.id);
    expect(report.counts).toMatchObject({ planned: 3, sent: 3, failed: 0, done: 3 });
    expect(report.campaign.completedAt).not.toBeNull();

    // Out of the attendants' lists until the contact answers; the answer opens it with the campaign message in it.
    const first = sentTo(to[0])[0];
    const held = (await api.call<TicketDto>(`/api/tickets/${first.ticketId}`)).body;
    expect(held.status).toBe('held');
    await line.receive({ from: to[0], body: 'Quero!' });
    const opened = await eventually(async () => {
      const t = (await api.call<TicketDto>(`/api/tickets/${first.ticketId}`)).body;
      return t.status === 'pending' ? t : undefined;
    });
    expect(opened.contactId).toBe(held.contactId);
    const history = await api.call<{ messages: { body: string }[] }>(`/api/messages/${first.ticketId}`);
    expect(history.body.messages.map((m) => m.body)).toEqual(expect.arrayContaining([first.body, 'Quero!']));
  });

  it('never messages a contact twice when two workers run the chain at once, or after a crash lost its writes', async () => {
    const tagId = await api.tag('Campanha dois');
    const to = numbers(12);
    await api.taggedContacts(tagId, to);
    const c = await startNow({ tagListId: tagId, message1: 'Promoção', message2: 'Oferta' });
    // Three more workers on the same chain as the scheduled one, all at once.
    await Promise.all(
      [1, 2, 3].map(() =>
        host.runJob('campaigns:dispatch', { companyId, campaignId: c.id, run: 1, plan: true }),
      ),
    );
    await api.status(c.id, 'FINALIZADA');
    for (const n of to) expect(sentTo(n)).toHaveLength(1);

    // A crash after the sends and before their stamps: the rows look unsent, the chain runs again.
    await sql(
      host,
      'update campaign_shippings set delivered_at = null, message_id = null where campaign_id = $1',
      [c.id],
    );
    await sql(host, "update campaigns set status = 'EM_ANDAMENTO' where id = $1", [c.id]);
    await host.runJob('campaigns:dispatch', { companyId, campaignId: c.id, run: 1 });
    await api.status(c.id, 'FINALIZADA');
    for (const n of to) expect(sentTo(n)).toHaveLength(1);
    expect((await api.report(c.id)).counts).toMatchObject({ planned: 12, sent: 12 });
  });

  it('finishes a campaign whose start job runs again after its worker died between starting it and queuing its first link', async () => {
    const tagId = await api.tag('Campanha recomeço');
    const to = numbers(2);
    await api.taggedContacts(tagId, to);
    const res = await api.call<CampaignDto>('/api/campaigns', 'POST', {
      name: 'Recomeço',
      whatsappId: `${line.connection.id}`,
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
      tagListId: tagId,
      message1: 'Oi',
    });
    expect(res.body.status).toBe('PROGRAMADA');
    // What the dead worker's start job wrote (begin's first write), and no dispatch job after it.
    await sql(
      host,
      "update campaigns set status = 'EM_ANDAMENTO', start_job_id = null, dispatch_run = dispatch_run + 1 where id = $1",
      [res.body.id],
    );
    // Agenda runs the start job again once the dead worker's lock on it ran out.
    await host.runJob('campaigns:start', { companyId, campaignId: res.body.id });
    await api.status(res.body.id, 'FINALIZADA');
    for (const n of to) expect(sentTo(n)).toHaveLength(1);
  });

  it('waits for the gaps between requests before each send, and still finishes on a server that is never idle', async () => {
    // The kernel's count of requests in flight (kernel/server-load.ts), which jobs.quiet waits on: one request is held
    // open for the whole campaign, so every send waits its bound (QUIET_WAIT_MS) and goes out at the floor rate.
    const load = host.resolve<{
      track: (ctx: object, next: () => Promise<void>) => Promise<void>;
      requestsInFlight: number;
    }>('serverLoad');
    let finish = () => {};
    const held = load.track({}, () => new Promise<void>((resolve) => (finish = resolve)));
    try {
      const tagId = await api.tag('Campanha ocupada');
      const to = numbers(4);
      await api.taggedContacts(tagId, to);
      const c = await startNow({ tagListId: tagId, message1: 'Oi' });
      await api.status(c.id, 'FINALIZADA');
      expect(load.requestsInFlight).toBeGreaterThan(0);
      for (const n of to) expect(sentTo(n)).toHaveLength(1);
      expect((await api.report(c.id)).counts).toMatchObject({ planned: 4, sent: 4 });
    } finally {
      finish();
      await held;
    }
  });

  it('pauses after each message as set, stops on cancel within the pause, and a restart sends only the rest', async () => {
    // A pause after every message: the chain sends one, then waits 20 s. (It asked for a longer pause after every
    // message, 1, which the settings refuse: the pacing stayed at 0 and the test raced the cancel against three sends.
    // Which pause follows which count is pauseAfter's rule, unit-tested in shared/placeholders.test.ts.)
    await setPacing(20, 0, 0);
    try {
      const tagId = await api.tag('Campanha três');
      const to = numbers(3);
      await api.taggedContacts(tagId, to);
      const c = await startNow({ tagListId: tagId, message1: 'Oi' });
      await eventually(async () => ((await api.report(c.id)).counts.sent >= 1 ? true : undefined));
      expect((await api.call<CampaignDto>(`/api/campaigns/${c.id}/cancel`, 'POST', {})).body.status).toBe(
        'CANCELADA',
      );
      await api.drained();
      const before = to.map((n) => sentTo(n).length);
      expect(before.reduce((a, b) => a + b, 0)).toBeLessThan(3);
      // The chain wakes after its pause and finds the campaign cancelled: nothing more goes out.
      await host.runJob('campaigns:dispatch', { companyId, campaignId: c.id, run: 1, sent: 1 });
      expect(to.map((n) => sentTo(n).length)).toEqual(before);

      await setPacing(0, 0, 0);
      expect((await api.call<CampaignDto>(`/api/campaigns/${c.id}/restart`, 'POST', {})).body.status).toBe(
        'EM_ANDAMENTO',
      );
      await api.status(c.id, 'FINALIZADA');
      expect(to.map((n) => sentTo(n).length)).toEqual([1, 1, 1]);
    } finally {
      await setPacing(0, 0, 0);
    }
  });

  it('asks for confirmation first and sends the message after the answer', async () => {
    const tagId = await api.tag('Campanha quatro');
    const to = numbers(2);
    await api.taggedContacts(tagId, to);
    const c = await startNow({
      tagListId: tagId,
      confirmation: true,
      confirmationMessage1: 'Podemos enviar a oferta, {nome}?',
      message1: 'A oferta: {cupom}',
    });
    await eventually(async () =>
      (await api.report(c.id)).counts.confirmationRequested === 2 ? true : undefined,
    );
    await api.drained();
    for (const n of to)
      expect(sentTo(n).map((m) => m.body)).toEqual([`Podemos enviar a oferta, Cliente ${n}?`]);
    expect((await api.report(c.id)).campaign.status).toBe('EM_ANDAMENTO');

    await line.receive({ from: to[0], body: 'sim' });
    await line.waitForSent((m) => m.to === to[0] && m.body === 'A oferta: X10');
    expect(sentTo(to[1])).toHaveLength(1);
    await line.receive({ from: to[1], body: 'pode' });
    await api.status(c.id, 'FINALIZADA');
    for (const n of to) expect(sentTo(n)).toHaveLength(2);
    expect((await api.report(c.id)).counts).toMatchObject({ confirmed: 2, sent: 2 });
  });

  it('revives a run stranded by a crash: a confirmed contact whose link was never queued gets the message', async () => {
    const tagId = await api.tag('Campanha cinco');
    const [to] = numbers(1);
    await api.taggedContacts(tagId, [to]);
    const c = await startNow({
      tagListId: tagId,
      confirmation: true,
      confirmationMessage1: 'Posso enviar?',
      message1: 'Aqui está',
    });
    await eventually(async () =>
      (await api.report(c.id)).counts.confirmationRequested === 1 ? true : undefined,
    );
    await api.drained();
    // The contact answered; the worker stamped the row confirmed and died before queuing the link that sends to them.
    await sql(host, 'update campaign_shippings set confirmed_at = now() where campaign_id = $1', [c.id]);
    // A run written a moment ago may still have its link on the way: left alone.
    await host.runJob('campaigns:revive', { companyId });
    await api.drained();
    expect(sentTo(to).map((m) => m.body)).toEqual(['Posso enviar?']);
    // A minute on (moved in the database's time), nothing carried it on: the sweep queues a link.
    await sql(host, "update campaigns set updated_at = now() - interval '2 minutes' where id = $1", [c.id]);
    await host.runJob('campaigns:revive', { companyId });
    await api.status(c.id, 'FINALIZADA');
    expect(sentTo(to).map((m) => m.body)).toEqual(['Posso enviar?', 'Aqui está']);
  });

  it('sends to a contact list, creating its contacts, once per number; records a failure with its reason', async () => {
    const [list] = await sql<{ id: number }>(
      host,
      "insert into contact_lists (company_id, name) values ($1, 'Lista') returning id",
      [companyId],
    );
    const to = numbers(3);
    for (const [i, n] of to.entries())
      await sql(
        host,
        'insert into contact_list_items (company_id, contact_list_id, name, number, email, is_whatsapp_valid) values ($1, $2, $3, $4, $5, $6)',
        [companyId, list.id, `Item ${i}`, n, i === 0 ? 'a@b.co' : '', i === 2 ? false : null],
      );
    const c = await startNow({ contactListId: list.id, message1: 'Olá {nome} <{email}>' });
    await api.status(c.id, 'FINALIZADA');
    expect(sentTo(to[0]).map((m) => m.body)).toEqual(['Olá Item 0 <a@b.co>']);
    expect(sentTo(to[1]).map((m) => m.body)).toEqual(['Olá Item 1 <>']);
    // Known not to be on WhatsApp: not planned.
    expect(sentTo(to[2])).toHaveLength(0);
    expect((await api.report(c.id)).counts.planned).toBe(2);

    // A campaign whose connection cannot reach the contacts: each row failed, with the reason.
    const web = await api.call<{ id: number }>('/api/whatsapp', 'POST', { name: 'Site', channel: 'webchat' });
    const failing = await startNow({ contactListId: list.id, message1: 'Oi', whatsappId: `${web.body.id}` });
    await api.status(failing.id, 'FINALIZADA');
    const report = await api.report(failing.id);
    expect(report.counts).toMatchObject({ planned: 2, sent: 0, failed: 2 });
    expect(report.shippings[0]).toMatchObject({
      state: 'failed',
      failureReason: 'ERR_CONNECTION_CANNOT_REACH',
    });
  });

  it('does not run the dispatch for a tenant whose plan lacks useCampaigns', async () => {
    const { createTenant } = await import('@balcao/testing');
    const superToken = (await host.login(host.admin.email, host.admin.password)).token;
    const t = await createTenant(host, superToken, { name: 'Sem Campanha', flags: { useCampaigns: false } });
    const to = numbers(1)[0];
    const [contact] = await sql<{ id: number }>(
      host,
      "insert into contacts (company_id, name, number, channel, created_at, updated_at) values ($1, 'X', $2, 'whatsapp', now(), now()) returning id",
      [t.companyId, to],
    );
    const [camp] = await sql<{ id: number }>(
      host,
      "insert into campaigns (company_id, name, message1, status, whatsapp_id, dispatch_run) values ($1, 'X', 'Oi', 'EM_ANDAMENTO', $2, 1) returning id",
      [t.companyId, `${line.connection.id}`],
    );
    await sql(
      host,
      'insert into campaign_shippings (company_id, campaign_id, contact_id, number) values ($1, $2, $3, $4)',
      [t.companyId, camp.id, contact.id, to],
    );
    await host.runJob('campaigns:dispatch', { companyId: t.companyId, campaignId: camp.id, run: 1 });
    const rows = await sql<{ delivered_at: Date | null }>(
      host,
      'select delivered_at from campaign_shippings where campaign_id = $1',
      [camp.id],
    );
    expect(rows).toEqual([{ delivered_at: null }]);
  });
});
