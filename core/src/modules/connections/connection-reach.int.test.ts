import { type ConnectionDto, DEFAULT_CHANNEL_TRAITS } from '@balcao/sdk';
import { createTenant, createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  declareVisitorChannel,
  inbound,
  ingestOf,
  phoneConnection,
  sql,
  webchatConnection,
} from '../../testing/attendance-fixtures.js';

// Issue 12: a connection is only chosen for a contact it can reach (ChannelTraits.reaches).

let host: TestHost;
let admin: string;
let adminId: number;
let site: { id: number; companyId: number; channel: 'webchat' };
let shop: { id: number; companyId: number; channel: 'webchat' };
let phone: { id: number };

const post = (body: Record<string, unknown>) => host.request('/api/tickets', { token: admin, body });
const reachable = async (contactId: number) =>
  (
    (await (
      await host.request(`/api/whatsapp?contactId=${contactId}`, { token: admin })
    ).json()) as ConnectionDto[]
  )
    .map((c) => c.id)
    .sort();

async function phoneContact(number: string): Promise<number> {
  const res = await host.request('/api/contacts', {
    token: admin,
    body: { name: `Cliente ${number}`, number },
  });
  return (await res.json()).id;
}

async function visitorOf(
  connection: typeof site,
  visitor: string,
): Promise<{ contactId: number; ticketId: number }> {
  const r = await ingestOf(host).ingest(connection, inbound(visitor, 'Olá'));
  if (r.outcome !== 'stored') throw new Error(r.outcome);
  const [{ contact_id }] = await sql<{ contact_id: number }>(
    host,
    'select contact_id from tickets where id = $1',
    [r.ticketId],
  );
  return { contactId: contact_id, ticketId: r.ticketId };
}

beforeAll(async () => {
  host = await createTestHost();
  declareVisitorChannel(host);
  const login = await host.login(host.admin.email, host.admin.password);
  admin = login.token;
  adminId = login.user.id;
  site = await webchatConnection(host, admin, 'Site');
  shop = await webchatConnection(host, admin, 'Loja');
  phone = await phoneConnection(host, admin, 'Celular');
});
afterAll(() => host?.stop());

describe('which connections reach a contact', () => {
  it("a phone number's new ticket is refused on a web chat with ERR_CONNECTION_CANNOT_REACH, and opens on a phone line", async () => {
    const c = await phoneContact('5511987650001');
    const refused = await post({ contactId: c, whatsappId: site.id });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: 'ERR_CONNECTION_CANNOT_REACH', whatsappId: site.id });
    expect(await sql(host, 'select 1 from tickets where contact_id = $1', [c])).toHaveLength(0);
    const opened = await post({ contactId: c, whatsappId: phone.id });
    expect(opened.status).toBe(201);
    expect(await opened.json()).toMatchObject({ whatsappId: phone.id, status: 'open' });
  });

  it('a web chat reaches only its own visitors: not another site’s, and no phone line reaches a visitor', async () => {
    const { contactId } = await visitorOf(site, 'visitor-reach-1');
    await sql(host, "update tickets set status = 'closed' where contact_id = $1", [contactId]);
    expect(await reachable(contactId)).toEqual([site.id]);
    for (const other of [shop.id, phone.id]) {
      const res = await post({ contactId, whatsappId: other });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe('ERR_CONNECTION_CANNOT_REACH');
    }
    expect((await post({ contactId, whatsappId: site.id })).status).toBe(201);
  });

  it("the connection list for a contact (the new-ticket dialog's choices) holds only the connections that reach it", async () => {
    const c = await phoneContact('5511987650002');
    expect(await reachable(c)).toEqual([phone.id]);
    const all = (await (await host.request('/api/whatsapp', { token: admin })).json()) as ConnectionDto[];
    expect(all.map((x) => x.id)).toEqual(expect.arrayContaining([site.id, shop.id, phone.id]));
    expect((await host.request('/api/whatsapp?contactId=abc', { token: admin })).status).toBe(400);
  });

  it('a message is not sent on a ticket whose connection cannot reach its contact; a private note still is stored', async () => {
    const c = await phoneContact('5511987650003');
    const ticket = (await (await post({ contactId: c, whatsappId: phone.id })).json()) as { id: number };
    // A ticket from before the rule: a phone number's ticket on the web chat.
    await sql(host, 'update tickets set whatsapp_id = $1, user_id = $2 where id = $3', [
      site.id,
      adminId,
      ticket.id,
    ]);
    const sent = await host.request(`/api/messages/${ticket.id}`, { token: admin, body: { body: 'Olá!' } });
    expect(sent.status).toBe(400);
    expect((await sent.json()).error).toBe('ERR_CONNECTION_CANNOT_REACH');
    const note = await host.request(`/api/messages/${ticket.id}`, {
      token: admin,
      body: { body: 'nota', isPrivate: true },
    });
    expect(note.status).toBe(201);
    expect(
      await sql(host, 'select 1 from messages where ticket_id = $1 and not is_private', [ticket.id]),
    ).toHaveLength(0);
  });
});

describe('channel traits on connections', () => {
  it('a connection carries its channel’s declared traits; a channel no plugin provides has the defaults', async () => {
    const all = (await (await host.request('/api/whatsapp', { token: admin })).json()) as ConnectionDto[];
    const byId = new Map(all.map((c) => [c.id, c]));
    expect(byId.get(site.id)?.traits).toMatchObject({ contactAddress: 'visitor', reaches: 'own-contacts' });
    expect(byId.get(phone.id)?.traits).toEqual(DEFAULT_CHANNEL_TRAITS);
    // No remote session for the declared web chat: connected on creation; the undeclared phone line waits for one.
    expect(byId.get(site.id)?.status).toBe('CONNECTED');
    expect(byId.get(phone.id)?.status).toBe('DISCONNECTED');
  });

  it('a phone number with only web chats to write on: ERR_NO_PHONE_CONNECTION (add a WhatsApp connection)', async () => {
    const tenant = await createTenant(host, admin, { name: 'Só Site' });
    const token = (await host.login(tenant.email, tenant.password)).token;
    await webchatConnection(host, token, 'Site da loja');
    const contact = await host.request('/api/contacts', {
      token,
      body: { name: 'Cliente', number: '5511987650009' },
    });
    const refused = await host.request('/api/tickets', {
      token,
      body: { contactId: (await contact.json()).id },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: 'ERR_NO_PHONE_CONNECTION' });
  });
});
