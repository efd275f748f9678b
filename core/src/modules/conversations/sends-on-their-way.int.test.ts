import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChannelConnection, ConnectionDto, MessageDto } from '@balcao/sdk';
import { createTenant, createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inbound, ingestOf, sql } from '../../testing/attendance-fixtures.js';
import { httpChannelPlugin } from '../../testing/http-channel-plugin.js';
import type { ConversationsService } from './conversations-service.js';
import type { OutboxWorker } from './outbox-worker.js';

/**
 * ConversationsPort.sendsOnTheirWay: whether a message to a contact on a connection is being delivered right now, by
 * any process (an outbox row claimed by a worker whose lease has not run out). A webhook that receives the account's
 * own message (an echo) waits while it answers true; once it answers false, the send's id is on Balcão's message, so
 * the echo is a duplicate for ingest. The channel's "servers" are a mock vendor API whose answers the test can hold.
 */
let host: TestHost;
let vendor: http.Server;
let conversations: ConversationsService;
/** While set, the vendor records each send but answers it only once released. */
let held: Promise<void> | null = null;
const requests: { to: string; body: string }[] = [];
let sequence = 0;

/** Company 1 (the admin's): connections A and B; company 2: connection C. */
const admin = { token: '', userId: 0 };
const other = { token: '', userId: 0, companyId: 0 };
let a: ChannelConnection;
let b: ChannelConnection;
let c: ChannelConnection;
const ANA = '5511911110001';
const BIA = '5511911110002';

function hold(): () => void {
  let release = () => {};
  held = new Promise<void>((resolve) => {
    release = () => {
      held = null;
      resolve();
    };
  });
  return release;
}

async function startVendor(): Promise<string> {
  vendor = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', async () => {
      const m = JSON.parse(raw) as { to: string; body: string };
      requests.push(m);
      if (held) await held;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ id: `vendor-${++sequence}` }));
    });
  });
  await new Promise<void>((resolve) => vendor.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(vendor.address() as AddressInfo).port}/send`;
}

async function connection(token: string, name: string): Promise<ChannelConnection> {
  const res = await host.request('/api/whatsapp', { token, body: { name, channel: 'whatsapp' } });
  expect(res.status, await res.clone().text()).toBe(201);
  const dto = (await res.json()) as ConnectionDto;
  const [row] = await sql<{ company_id: number }>(host, 'select company_id from whatsapps where id = $1', [
    dto.id,
  ]);
  return {
    id: dto.id,
    companyId: row.company_id,
    channel: 'whatsapp',
    name,
    token: '',
    greetingMessage: null,
    embedOrigins: [],
  };
}

/** The contact writes on the connection and the user accepts the ticket: open, theirs to answer. */
async function openTicket(on: ChannelConnection, number: string, user: { token: string; userId: number }) {
  const r = await ingestOf(host).ingest(on, inbound(number, 'Oi'));
  if (r.outcome !== 'stored') throw new Error(r.outcome);
  const res = await host.request(`/api/tickets/${r.ticketId}`, {
    method: 'PUT',
    token: user.token,
    body: { status: 'open', userId: user.userId },
  });
  expect(res.status).toBe(200);
  // Accepting greets the contact: delivered before the test's own sends (a ticket's deliveries go in order).
  await until(
    async () =>
      (
        await sql(
          host,
          'select 1 from message_outbox o join messages m on m.id = o.message_id where m.ticket_id = $1',
          [r.ticketId],
        )
      ).length === 0,
  );
  return r.ticketId;
}

async function send(ticketId: number, token: string, body: string): Promise<MessageDto> {
  const res = await host.request(`/api/messages/${ticketId}`, { token, body: { body } });
  expect(res.status).toBe(201);
  return (await res.json()) as MessageDto;
}

const onTheirWay = (on: ChannelConnection, to: string) => conversations.sendsOnTheirWay(on, to);
const sentToVendor = (body: string) => eventually(() => requests.find((r) => r.body === body));
const until = (check: () => Promise<boolean>) => eventually(async () => ((await check()) ? true : undefined));
const outboxRow = async (messageId: number) =>
  (await sql(host, 'select 1 from message_outbox where message_id = $1', [messageId])).length;

beforeAll(async () => {
  const vendorUrl = await startVendor();
  host = await createTestHost({
    plugins: [httpChannelPlugin(vendorUrl)],
    env: { OUTBOX_POLL_MS: '50', OUTBOX_RETRY_BASE_MS: '50' },
  });
  conversations = host.resolve<ConversationsService>('conversations');
  const login = await host.login(host.admin.email, host.admin.password);
  Object.assign(admin, { token: login.token, userId: login.user.id });
  const t = await createTenant(host, login.token, { name: 'Outra Loja' });
  await host.request(`/api/plans/${t.planId}`, {
    method: 'PUT',
    token: login.token,
    body: { connections: 5 },
  });
  const otherLogin = await host.login(t.email, t.password);
  Object.assign(other, { token: otherLogin.token, userId: otherLogin.user.id, companyId: t.companyId });
  a = await connection(admin.token, 'Fone A');
  b = await connection(admin.token, 'Fone B');
  c = await connection(other.token, 'Fone C');
});
afterAll(async () => {
  held = null;
  await host?.stop();
  vendor?.closeAllConnections();
  await new Promise<void>((resolve) => vendor?.close(() => resolve()));
});

describe('sendsOnTheirWay', () => {
  it('answers true while a send to the contact is with the channel, for that contact, connection and company only; false once its id is recorded', async () => {
    const anaOnA = await openTicket(a, ANA, admin);
    await openTicket(a, BIA, admin);
    await openTicket(b, ANA, admin);
    const anaOnC = await openTicket(c, ANA, other);
    // Both sends are queued before the worker's next round, which claims them together (a round waits for its sends).
    const outbox = host.resolve<OutboxWorker>('outbox');
    await outbox.stop();
    const release = hold();
    try {
      await send(anaOnC, other.token, 'Olá da outra loja');
      const farewell = await send(anaOnA, admin.token, 'Até logo, Ana');
      expect(await onTheirWay(a, ANA)).toBe(false);
      outbox.start();
      await sentToVendor('Olá da outra loja');
      await sentToVendor('Até logo, Ana');
      expect(await onTheirWay(a, ANA)).toBe(true);
      expect(await onTheirWay(a, BIA)).toBe(false);
      expect(await onTheirWay(b, ANA)).toBe(false);
      // Another company's send to the same number, on its own connection, is its own.
      expect(await onTheirWay(c, ANA)).toBe(true);
      // A connection asked as another company's: scoped by the company, nothing is found.
      expect(await onTheirWay({ ...a, companyId: other.companyId }, ANA)).toBe(false);
      expect(await onTheirWay({ ...c, companyId: a.companyId }, ANA)).toBe(false);

      release();
      await until(async () => !(await onTheirWay(a, ANA)));
      // What the webhook relies on: when the answer turns false, the send's id is already on the message.
      const [row] = await sql<{ external_id: string | null }>(
        host,
        'select external_id from messages where id = $1',
        [farewell.id],
      );
      expect(row.external_id).toMatch(/^vendor-/);
      expect(await outboxRow(farewell.id)).toBe(0);
      await until(async () => !(await onTheirWay(c, ANA)));
    } finally {
      release();
      outbox.start();
    }
  });

  it('a delivery not claimed, claimed by a worker whose lease ran out, failed, or a read receipt is not on its way; another company’s is its own', async () => {
    const contact = '5511911110003';
    const outbox = host.resolve<OutboxWorker>('outbox');
    const onA = await openTicket(a, contact, admin);
    const onC = await openTicket(c, contact, other);
    await outbox.stop();
    try {
      const message = await send(onA, admin.token, 'Ainda na fila');
      const theirs = await send(onC, other.token, 'Da outra loja');
      const set = (id: number, assignments: string) =>
        sql(host, `update message_outbox set ${assignments} where message_id = $1`, [id]);
      // Queued, not claimed: the channel has not been asked, so no echo of it can exist.
      expect(await outboxRow(message.id)).toBe(1);
      expect(await onTheirWay(a, contact)).toBe(false);
      // Company 2's send to the same number is claimed: company 1's answer does not change.
      await set(theirs.id, "locked_until = now() + interval '1 minute', attempts = attempts + 1");
      expect(await onTheirWay(c, contact)).toBe(true);
      expect(await onTheirWay(a, contact)).toBe(false);
      // Claimed as the worker claims (outbox-worker.ts, pass): on its way.
      await set(message.id, "locked_until = now() + interval '1 minute', attempts = attempts + 1");
      expect(await onTheirWay(a, contact)).toBe(true);
      // Its worker died mid-send and the lease ran out: nobody is making it now.
      await set(message.id, "locked_until = now() - interval '1 second'");
      expect(await onTheirWay(a, contact)).toBe(false);
      await set(message.id, "locked_until = now() + interval '1 minute', status = 'failed'");
      expect(await onTheirWay(a, contact)).toBe(false);
      // A read receipt shows no message to the contact; a reaction does, as a send.
      await set(message.id, "status = 'pending', action = 'read'");
      expect(await onTheirWay(a, contact)).toBe(false);
      await set(message.id, "action = 'react'");
      expect(await onTheirWay(a, contact)).toBe(true);
      // Handed back to the worker as it found them.
      await set(message.id, "action = 'send', locked_until = null");
      await set(theirs.id, 'locked_until = null');
    } finally {
      outbox.start();
    }
    await until(async () => (await sql(host, 'select 1 from message_outbox')).length === 0);
    expect(await onTheirWay(a, contact)).toBe(false);
    expect(await onTheirWay(c, contact)).toBe(false);
  });
});
