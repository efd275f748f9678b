import type { MessageDto } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptedTicket,
  attendant,
  createQueue,
  pendingTicket,
  phoneConnection,
  sql,
  webchatConnection,
} from '../../testing/attendance-fixtures.js';
import { tenantWithAgent } from '../../testing/tenant-fixtures.js';

let host: TestHost;
let admin: string;
let adminId: number;
let adminName: string;
let source: number;
let connection: Awaited<ReturnType<typeof webchatConnection>>;
let phone: Awaited<ReturnType<typeof phoneConnection>>;

const forward = (body: Record<string, unknown>, token = admin) =>
  host.request('/api/message/forward', { token, body });

async function say(ticketId: number, body: Record<string, unknown>): Promise<MessageDto> {
  const res = await host.request(`/api/messages/${ticketId}`, { token: admin, body });
  if (res.status !== 201) throw new Error(`send: ${res.status} ${await res.text()}`);
  return res.json();
}

async function contact(name: string, number: string): Promise<number> {
  const res = await host.request('/api/contacts', { token: admin, body: { name, number } });
  if (res.status !== 201 && res.status !== 200) throw new Error(`contact: ${res.status} ${await res.text()}`);
  return (await res.json()).id;
}

beforeAll(async () => {
  host = await createTestHost();
  const login = await host.login(host.admin.email, host.admin.password);
  admin = login.token;
  adminId = login.user.id;
  adminName = login.user.name;
  connection = await webchatConnection(host, admin);
  phone = await phoneConnection(host, admin);
  source = await acceptedTicket(host, connection, admin, adminId);
});
afterAll(() => host?.stop());

describe('forward', () => {
  it('creates an open ticket of the actor for the contact on a connection that reaches it and stores a marked copy', async () => {
    const original = await say(source, { body: 'Promoção de hoje' });
    const target = await contact('Bruno Lima', '5511977776666');
    const res = await forward({ messageId: original.id, contactId: target });
    expect(res.status).toBe(201);
    const copy = (await res.json()) as MessageDto;
    expect(copy).toMatchObject({
      body: 'Promoção de hoje',
      isForwarded: true,
      fromMe: true,
      userId: adminId,
    });
    expect(copy.ticketId).not.toBe(source);
    const [t] = await sql<{ status: string; user_id: number; whatsapp_id: number; contact_id: number }>(
      host,
      'select status, user_id, whatsapp_id, contact_id from tickets where id = $1',
      [copy.ticketId],
    );
    // The source is a web chat visitor's ticket: a phone number is reached on the phone connection, not the web chat.
    expect(t).toEqual({ status: 'open', user_id: adminId, whatsapp_id: phone.id, contact_id: target });
  });

  it("reuses the contact's ticket in progress, signs when asked, and copies media and cards", async () => {
    const target = await contact('Carla Dias', '5511966665555');
    const first = (await (
      await forward({ messageId: (await say(source, { body: 'um' })).id, contactId: target })
    ).json()) as MessageDto;
    const card = await say(source, { vCard: { name: 'Suporte', number: '551130000000' } });
    const second = (await (
      await forward({ messageId: card.id, contactId: target, signMessage: true })
    ).json()) as MessageDto;
    expect(second.ticketId).toBe(first.ticketId);
    expect(second).toMatchObject({ mediaType: 'contactMessage', body: card.body });
    const signed = (await (
      await forward({
        messageId: (await say(source, { body: 'dois' })).id,
        contactId: target,
        signMessage: true,
      })
    ).json()) as MessageDto;
    expect(signed.body).toBe(`*${adminName}:*\ndois`);
    const form = new FormData();
    form.append('medias', new Blob([new Uint8Array(500).fill(1)], { type: 'application/pdf' }), 'tabela.pdf');
    const [media] = (await (
      await fetch(`${host.url}/api/messages/${source}`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${admin}` },
      })
    ).json()) as MessageDto[];
    const copied = (await (await forward({ messageId: media.id, contactId: target })).json()) as MessageDto;
    expect(copied).toMatchObject({ mediaType: 'application', mediaUrl: media.mediaUrl, body: 'tabela.pdf' });
    expect((await fetch(`${host.url}${copied.mediaUrl}`)).status).toBe(200);
    const rows = await sql(host, 'select 1 from tickets where contact_id = $1', [target]);
    expect(rows).toHaveLength(1);
  });

  it("an attendant's forward opens the copy's ticket without a queue: the New-ticket queue rule is not forward's", async () => {
    const gil = await attendant(host, admin, 'Gil', []);
    const own = await acceptedTicket(host, connection, gil.token, gil.id);
    const res = await host.request(`/api/messages/${own}`, {
      token: gil.token,
      body: { body: 'para o Hugo' },
    });
    const original = (await res.json()) as MessageDto;
    const target = await contact('Hugo Reis', '5511933332222');
    const copied = await forward({ messageId: original.id, contactId: target }, gil.token);
    expect(copied.status).toBe(201);
    const [t] = await sql<{ user_id: number; queue_id: number | null }>(
      host,
      'select user_id, queue_id from tickets where id = $1',
      [((await copied.json()) as MessageDto).ticketId],
    );
    expect(t).toEqual({ user_id: gil.id, queue_id: null });
  });

  it('never forwards private notes, and refuses unknown messages and contacts', async () => {
    const target = await contact('Davi Melo', '5511955554444');
    const note = await say(source, { body: 'interno', isPrivate: true });
    const res = await forward({ messageId: note.id, contactId: target });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual([
      { path: 'messageId', message: 'This message cannot be forwarded' },
    ]);
    expect((await forward({ messageId: 999_999, contactId: target })).status).toBe(404);
    const text = await say(source, { body: 'ok' });
    const unknown = await forward({ messageId: text.id, contactId: 999_999 });
    expect((await unknown.json()).error).toBe('ERR_NO_CONTACT_FOUND');
    expect(await sql(host, 'select 1 from tickets where contact_id = $1', [target])).toHaveLength(0);
  });

  it('needs the source ticket to be visible: another attendant or another company gets 404', async () => {
    const text = await say(source, { body: 'só do admin' });
    const target = await contact('Eva Reis', '5511944443333');
    const created = await host.request('/api/users', {
      token: admin,
      body: { name: 'Fábio', email: 'fabio@balcao.test', password: 'agent-pass' },
    });
    expect(created.status).toBe(201);
    const fabio = (await host.login('fabio@balcao.test', 'agent-pass')).token;
    expect((await forward({ messageId: text.id, contactId: target }, fabio)).status).toBe(404);
    const other = await tenantWithAgent(host, admin, 'Outra Loja');
    expect((await forward({ messageId: text.id, contactId: target }, other.adminToken)).status).toBe(404);
    expect(await sql(host, 'select 1 from tickets where contact_id = $1', [target])).toHaveLength(0);
  });
  it("refuses to forward into the contact's ticket in progress that the attendant may not see (a queue they are not in)", async () => {
    const sales = await createQueue(host, 1, 'Vendas fwd', '#00aa00');
    const support = await createQueue(host, 1, 'Suporte fwd', '#0000aa');
    const ivo = await attendant(host, admin, 'Ivo', [sales]);
    const own = await acceptedTicket(host, connection, ivo.token, ivo.id);
    const res = await host.request(`/api/messages/${own}`, { token: ivo.token, body: { body: 'oferta' } });
    const original = (await res.json()) as MessageDto;
    // The target contact already has a pending ticket waiting in Support, which Ivo is not in.
    const waiting = await pendingTicket(host, connection, support);
    const [{ contact_id: target }] = await sql<{ contact_id: number }>(
      host,
      'select contact_id from tickets where id = $1',
      [waiting],
    );
    const before = await sql(host, 'select id from messages where ticket_id = $1', [waiting]);
    const refused = await forward({ messageId: original.id, contactId: target }, ivo.token);
    expect(refused.status).toBe(404);
    expect((await refused.json()).error).toBe('ERR_NO_TICKET_FOUND');
    expect(await sql(host, 'select id from messages where ticket_id = $1', [waiting])).toEqual(before);
    // Once in Support, the same forward lands there.
    await sql(host, 'insert into user_queues (user_id, queue_id) values ($1, $2)', [ivo.id, support]);
    const allowed = await forward({ messageId: original.id, contactId: target }, ivo.token);
    expect(allowed.status).toBe(201);
    expect(((await allowed.json()) as MessageDto).ticketId).toBe(waiting);
  });
});
