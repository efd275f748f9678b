import type { TicketDto, TicketLogDto } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendant, createQueue, phoneConnection, sql } from '../../testing/attendance-fixtures.js';
import { ACCESS_LOG_WINDOW_MINUTES } from './ticket-logs.js';

// New ticket (spec part 1 §5, §7 POST /tickets) and the 'access' entry of opening a conversation (peer §4.7).

let host: TestHost;
let admin: string;
let adminId: number;
let site: { id: number };
let shop: { id: number };
let sales: number;
let support: number;
let ana: { id: number; token: string };

let seq = 0;
async function contact(): Promise<number> {
  seq += 1;
  const res = await host.request('/api/contacts', {
    token: admin,
    body: { name: `Cliente ${seq}`, number: `55119${String(Date.now() % 1e6).padStart(6, '0')}${seq}` },
  });
  return (await res.json()).id;
}
const post = (token: string, body: Record<string, unknown>) => host.request('/api/tickets', { token, body });
const logsOf = async (id: number): Promise<TicketLogDto[]> =>
  (await host.request(`/api/tickets-log/${id}`, { token: admin })).json();

beforeAll(async () => {
  host = await createTestHost();
  const login = await host.login(host.admin.email, host.admin.password);
  admin = login.token;
  adminId = login.user.id;
  // Contacts here are phone numbers: phone connections reach them (a web chat would not).
  site = await phoneConnection(host, admin, 'Celular');
  shop = await phoneConnection(host, admin, 'Loja');
  sales = await createQueue(host, 1, 'Vendas', '#2e7d32');
  support = await createQueue(host, 1, 'Suporte', '#1565c0');
  ana = await attendant(host, admin, 'Ana', [sales]);
});
afterAll(() => host?.stop());

describe('one non-closed ticket per contact and connection', () => {
  it('answers ERR_OTHER_OPEN_TICKET on the same connection, and opens one on another connection', async () => {
    const c = await contact();
    const first = await post(admin, { contactId: c, whatsappId: site.id, queueId: sales });
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as TicketDto;
    const again = await post(admin, { contactId: c, whatsappId: site.id });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'ERR_OTHER_OPEN_TICKET', ticket: { id } });
    const elsewhere = await post(admin, { contactId: c, whatsappId: shop.id });
    expect(elsewhere.status).toBe(201);
    expect(await elsewhere.json()).toMatchObject({ whatsappId: shop.id, status: 'open' });
  });
});

describe('the connection of a new ticket', () => {
  it("without one it goes on the company's default connection if that reaches the contact, else on one that does; a second try finds that ticket", async () => {
    const [fallback] = await sql<{ id: number; channel: string }>(
      host,
      'select id, channel from whatsapps where company_id = 1 order by is_default desc, id limit 1',
    );
    // The seeded default is the web chat, which reaches only its own visitors: a phone number goes on a phone line.
    expect(fallback.channel).toBe('webchat');
    const c = await contact();
    const first = await post(admin, { contactId: c });
    expect(first.status).toBe(201);
    const ticket = (await first.json()) as TicketDto;
    expect(ticket.whatsappId).toBe(site.id);
    await sql(host, 'update whatsapps set is_default = (id = $1) where company_id = 1', [shop.id]);
    const onDefault = (await (await post(admin, { contactId: await contact() })).json()) as TicketDto;
    expect(onDefault.whatsappId).toBe(shop.id);
    await sql(host, 'update whatsapps set is_default = (id = $1) where company_id = 1', [fallback.id]);
    const again = await post(admin, { contactId: c, whatsappId: null });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'ERR_OTHER_OPEN_TICKET', ticket: { id: ticket.id } });
  });
});

describe('whose the new ticket is', () => {
  it('an admin opens a ticket for another attendant: theirs, logged as opened by them', async () => {
    const res = await post(admin, {
      contactId: await contact(),
      whatsappId: site.id,
      queueId: sales,
      userId: ana.id,
    });
    expect(res.status).toBe(201);
    const ticket = (await res.json()) as TicketDto;
    expect(ticket).toMatchObject({ status: 'open', userId: ana.id, user: { name: 'Ana' } });
    expect((await logsOf(ticket.id)).map((l) => [l.type, l.user?.id])).toEqual([
      ['create', adminId],
      ['open', ana.id],
    ]);
  });

  it('an attendant opens tickets for themselves only', async () => {
    const forAdmin = await post(ana.token, {
      contactId: await contact(),
      whatsappId: site.id,
      queueId: sales,
      userId: adminId,
    });
    expect(forAdmin.status).toBe(403);
    expect(await forAdmin.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
    const own = await post(ana.token, {
      contactId: await contact(),
      whatsappId: site.id,
      queueId: sales,
      userId: ana.id,
    });
    expect(await own.json()).toMatchObject({ status: 'open', userId: ana.id });
    const unsaid = await post(ana.token, { contactId: await contact(), whatsappId: site.id, queueId: sales });
    expect(await unsaid.json()).toMatchObject({ status: 'open', userId: ana.id });
  });

  it('a pending ticket is nobody’s: a user in the payload is refused with the field named', async () => {
    const res = await post(admin, {
      contactId: await contact(),
      whatsappId: site.id,
      status: 'pending',
      userId: ana.id,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ path: 'userId' }] });
    const waiting = await post(admin, { contactId: await contact(), whatsappId: site.id, status: 'pending' });
    expect(await waiting.json()).toMatchObject({ status: 'pending', userId: null });
  });

  it('an unknown user is refused', async () => {
    const res = await post(admin, { contactId: await contact(), whatsappId: site.id, userId: 999_999 });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ path: 'userId' }] });
  });
});

describe('queues an attendant may choose (spec §5)', () => {
  it('an attendant opens a ticket only in their own queues; an admin in any', async () => {
    const other = await post(ana.token, {
      contactId: await contact(),
      whatsappId: site.id,
      queueId: support,
    });
    expect(other.status).toBe(403);
    expect(await other.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
    expect(
      (await post(admin, { contactId: await contact(), whatsappId: site.id, queueId: support })).status,
    ).toBe(201);
  });

  it("an attendant's ticket needs a queue ('Selecione uma fila', the queueId field); an admin's does not", async () => {
    const c = await contact();
    for (const queueId of [undefined, null]) {
      const none = await post(ana.token, { contactId: c, whatsappId: site.id, queueId });
      expect(none.status).toBe(400);
      expect(await none.json()).toEqual({
        error: 'ERR_VALIDATION',
        fields: [{ path: 'queueId', message: 'Selecione uma fila' }],
      });
    }
    // Nothing was created: with a queue the same contact gets the ticket.
    const chosen = await post(ana.token, { contactId: c, whatsappId: site.id, queueId: sales });
    expect(chosen.status).toBe(201);
    expect(await chosen.json()).toMatchObject({ status: 'open', userId: ana.id, queueId: sales });

    const byAdmin = await post(admin, { contactId: await contact(), whatsappId: site.id, queueId: null });
    expect(byAdmin.status).toBe(201);
    expect(await byAdmin.json()).toMatchObject({ status: 'open', userId: adminId, queueId: null });
  });
});

describe("opening a ticket's conversation (GET /api/tickets/u/:uuid)", () => {
  it("logs 'access' for the user once per window, however often they reload; another user gets their own", async () => {
    const created = (await (
      await post(admin, { contactId: await contact(), whatsappId: site.id, queueId: sales, userId: ana.id })
    ).json()) as TicketDto;
    const open = (token: string) => host.request(`/api/tickets/u/${created.uuid}`, { token });
    // Several loads at once (a reload beside a reconnect's re-read) and one after.
    const loads = await Promise.all([open(ana.token), open(ana.token), open(ana.token)]);
    expect(loads.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await open(ana.token)).status).toBe(200);
    await open(admin);
    // Reading by id (the list's rechecks) is not opening the conversation.
    await host.request(`/api/tickets/${created.id}`, { token: ana.token });
    const access = (await logsOf(created.id)).filter((l) => l.type === 'access');
    expect(access.map((l) => [l.user?.name, l.queue?.name])).toEqual([
      ['Ana', 'Vendas'],
      ['Admin', 'Vendas'],
    ]);
    // Past the window, opening it again is a new entry.
    await sql(
      host,
      `update ticket_logs set created_at = now() - make_interval(mins => $1) where ticket_id = $2 and type = 'access'`,
      [ACCESS_LOG_WINDOW_MINUTES + 1, created.id],
    );
    await open(ana.token);
    expect((await logsOf(created.id)).filter((l) => l.type === 'access')).toHaveLength(3);
  });

  it('a ticket the user may not see is not found, and nothing is logged', async () => {
    const created = (await (
      await post(admin, { contactId: await contact(), whatsappId: site.id, queueId: support })
    ).json()) as TicketDto;
    expect((await host.request(`/api/tickets/u/${created.uuid}`, { token: ana.token })).status).toBe(404);
    expect((await logsOf(created.id)).map((l) => l.type)).toEqual(['create', 'open']);
  });
});
