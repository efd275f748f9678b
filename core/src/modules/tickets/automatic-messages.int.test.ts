import type { OutboundMessage } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptedTicket,
  attendant,
  createQueue,
  inbound,
  ingestOf,
  sql,
  webchatConnection,
} from '../../testing/attendance-fixtures.js';
import type { ChannelRegistry } from '../conversations/outbound.js';

let host: TestHost;
let admin: string;
let adminId: number;
let adminName: string;
const delivered: OutboundMessage[] = [];
let connection: Awaited<ReturnType<typeof webchatConnection>>;

const put = (id: number, body: unknown) =>
  host.request(`/api/tickets/${id}`, { method: 'PUT', token: admin, body });
const setting = (key: string, value: 'enabled' | 'disabled') =>
  host.request(`/api/settings/${key}`, { method: 'PUT', token: admin, body: { value } });
const outgoing = (ticketId: number) =>
  sql<{ body: string; user_id: number; ack: number; is_private: boolean }>(
    host,
    'select body, user_id, ack, is_private from messages where ticket_id = $1 and from_me order by id',
    [ticketId],
  );

async function pending(name: string, group = false, groupAsTicket = 'disabled'): Promise<number> {
  const r = await ingestOf(host).ingest(
    { ...connection, groupAsTicket },
    inbound(`v-${Math.random().toString(36).slice(2)}`, 'Oi', { isGroup: group }),
  );
  if (r.outcome !== 'stored') throw new Error(r.outcome);
  await sql(host, 'update contacts set name = $1 where id = (select contact_id from tickets where id = $2)', [
    name,
    r.ticketId,
  ]);
  return r.ticketId;
}

beforeAll(async () => {
  host = await createTestHost();
  const login = await host.login(host.admin.email, host.admin.password);
  admin = login.token;
  adminId = login.user.id;
  adminName = login.user.name;
  connection = await webchatConnection(host, admin);
  // The web chat transport stands in for the outside world: record what would leave.
  host.resolve<ChannelRegistry>('channels').add({
    kind: 'webchat',
    send: async (m) => {
      delivered.push(m);
      return { ack: 2 };
    },
  });
});
afterAll(() => host?.stop());

describe('greeting on accept', () => {
  it('greets the contact by name from the accepting agent when sendGreetingAccepted is on, through the channel path', async () => {
    expect((await setting('sendGreetingAccepted', 'enabled')).status).toBe(200);
    const id = await pending('Marina Costa');
    expect((await put(id, { status: 'open', userId: adminId })).status).toBe(200);
    const [greeting] = await outgoing(id);
    expect(greeting.body).toMatch(
      new RegExp(
        `^\\u200e(Boa madrugada|Bom dia|Boa tarde|Boa noite) \\*Marina Costa\\*, meu nome é \\*${adminName}\\* e agora vou prosseguir com seu atendimento!$`,
      ),
    );
    expect(greeting).toMatchObject({ user_id: adminId, is_private: false });
    // Delivered by the outbound job like any attendant message (the web chat adapter acks 2).
    await eventually(async () => ((await outgoing(id))[0].ack === 2 ? true : undefined));
    expect(delivered.find((m) => m.ticketId === id)?.body).toBe(greeting.body);
    const [t] = await sql<{ last_message: string }>(host, 'select last_message from tickets where id = $1', [
      id,
    ]);
    expect(t.last_message).toBe(greeting.body);
  });

  it('sends nothing with the setting off, or when the ticket was not pending', async () => {
    await setting('sendGreetingAccepted', 'disabled');
    const off = await pending('Nina');
    await put(off, { status: 'open', userId: adminId });
    expect(await outgoing(off)).toEqual([]);
    await setting('sendGreetingAccepted', 'enabled');
    await put(off, { status: 'closed' });
    await put(off, { status: 'open', userId: adminId });
    expect(await outgoing(off)).toEqual([]);
  });

  it('greets on Accept only: a pending ticket transferred to another attendant gets no greeting', async () => {
    await setting('sendGreetingAccepted', 'enabled');
    const bruno = await attendant(host, admin, 'Bruno', []);
    const id = await pending('Olga');
    expect((await put(id, { status: 'open', userId: bruno.id })).status).toBe(200);
    expect(await outgoing(id)).toEqual([]);
  });

  it('greets a group only when its connection treats groups as tickets', async () => {
    const quiet = await pending('Grupo Vendas', true);
    await put(quiet, { status: 'open', userId: adminId });
    expect(await outgoing(quiet)).toEqual([]);
    await sql(host, `update whatsapps set group_as_ticket = 'enabled' where id = $1`, [connection.id]);
    const loud = await pending('Grupo Suporte', true, 'enabled');
    await put(loud, { status: 'open', userId: adminId });
    expect(await outgoing(loud)).toHaveLength(1);
    await sql(host, `update whatsapps set group_as_ticket = 'disabled' where id = $1`, [connection.id]);
  });
});

describe('farewell on close', () => {
  it("sends the closing user's farewell (with variables) before closing, when asked", async () => {
    await setting('sendGreetingAccepted', 'disabled');
    await sql(host, 'update users set farewell_message = $1 where id = $2', [
      'Obrigado, {{firstName}}! Protocolo {{ticket_id}}.',
      adminId,
    ]);
    const id = await acceptedTicket(host, connection, admin, adminId);
    await sql(
      host,
      `update contacts set name = 'Paulo Reis' where id = (select contact_id from tickets where id = $1)`,
      [id],
    );
    expect((await put(id, { status: 'closed', sendFarewellMessage: true })).status).toBe(200);
    expect((await outgoing(id)).map((m) => m.body)).toEqual([`\u200e Obrigado, Paulo! Protocolo ${id}.`]);
    const [t] = await sql<{ status: string }>(host, 'select status from tickets where id = $1', [id]);
    expect(t.status).toBe('closed');
  });

  it("falls back to the connection's completion message, and sends nothing without the flag", async () => {
    await sql(host, 'update users set farewell_message = null where id = $1', [adminId]);
    await sql(host, 'update whatsapps set complation_message = $1 where id = $2', [
      'Atendimento encerrado.',
      connection.id,
    ]);
    const withIt = await acceptedTicket(host, connection, admin, adminId);
    await put(withIt, { status: 'closed', sendFarewellMessage: true });
    expect((await outgoing(withIt)).map((m) => m.body)).toEqual(['\u200e Atendimento encerrado.']);
    const without = await acceptedTicket(host, connection, admin, adminId);
    await put(without, { status: 'closed', sendFarewellMessage: false });
    const silent = await acceptedTicket(host, connection, admin, adminId);
    await put(silent, { status: 'closed' });
    expect(await outgoing(without)).toEqual([]);
    expect(await outgoing(silent)).toEqual([]);
  });

  it('says farewell to a pending ticket only with sendFarewellWaitingTicket on', async () => {
    const waiting = await pending('Rita');
    await put(waiting, { status: 'closed', sendFarewellMessage: true });
    expect(await outgoing(waiting)).toEqual([]);
    await setting('sendFarewellWaitingTicket', 'enabled');
    const next = await pending('Sara');
    await put(next, { status: 'closed', sendFarewellMessage: true });
    expect((await outgoing(next)).map((m) => m.body)).toEqual(['\u200e Atendimento encerrado.']);
  });
});

describe('notice on transfer (sendMsgTransfTicket)', () => {
  it('tells the contact the new queue when the ticket is transferred, through the channel path; nothing when off', async () => {
    await setting('sendGreetingAccepted', 'disabled');
    const sales = await createQueue(host, 1, 'Vendas', '#2e7d32');
    const billing = await createQueue(host, 1, 'Financeiro', '#1565c0');
    const quiet = await acceptedTicket(host, connection, admin, adminId);
    await put(quiet, { status: 'pending', userId: null, queueId: sales, isTransfered: true });
    expect(await outgoing(quiet)).toEqual([]);

    await setting('sendMsgTransfTicket', 'enabled');
    try {
      const id = await pending('Lucas Prado');
      await put(id, { status: 'open', userId: adminId, queueId: sales });
      await put(id, { status: 'pending', userId: null, queueId: billing, isTransfered: true });
      const [notice] = await outgoing(id);
      expect(notice).toMatchObject({
        body: '\u200e *Lucas*, seu atendimento foi transferido para o setor *Financeiro*. Aguarde um momento, por favor.',
        user_id: adminId,
        is_private: false,
      });
      await eventually(async () => ((await outgoing(id))[0].ack === 2 ? true : undefined));
      expect(delivered.find((m) => m.ticketId === id)?.body).toBe(notice.body);
    } finally {
      await setting('sendMsgTransfTicket', 'disabled');
    }
  });

  it('also when only the attendant changes within a queue; not on accept, return to queue or without a queue', async () => {
    await setting('sendMsgTransfTicket', 'enabled');
    try {
      const sales = await createQueue(host, 1, 'Vendas 2', '#2e7d33');
      const carla = await attendant(host, admin, 'Carla', [sales]);
      const id = await pending('Joana');
      await put(id, { status: 'open', userId: adminId, queueId: sales });
      await put(id, { status: 'pending', userId: null });
      expect(await outgoing(id)).toEqual([]);
      await put(id, { status: 'open', userId: carla.id, queueId: sales });
      expect((await outgoing(id)).map((m) => m.body)).toEqual([
        '\u200e *Joana*, seu atendimento foi transferido para o setor *Vendas 2*. Aguarde um momento, por favor.',
      ]);
      const noQueue = await acceptedTicket(host, connection, admin, adminId);
      await put(noQueue, { status: 'open', userId: carla.id, isTransfered: true });
      expect(await outgoing(noQueue)).toEqual([]);
    } finally {
      await setting('sendMsgTransfTicket', 'disabled');
    }
  });
});
