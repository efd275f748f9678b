import type { ContactDto, TagDto } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../testing/attendance-fixtures.js';
import { openSocket, type TenantWithAgent, tenantWithAgent } from '../../testing/tenant-fixtures.js';

let host: TestHost;
let shop: TenantWithAgent;
let other: TenantWithAgent;
let ana: ContactDto;
let foreign: ContactDto;
let superToken: string;

const post = (token: string, body: Record<string, unknown>) => host.request('/api/contacts', { token, body });
const list = async (token: string, query = '') => {
  const res = await host.request(`/api/contacts${query}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as { contacts: ContactDto[]; hasMore: boolean; count: number };
};

beforeAll(async () => {
  host = await createTestHost();
  superToken = (await host.login(host.admin.email, host.admin.password)).token;
  shop = await tenantWithAgent(host, superToken, 'Contatos Loja');
  other = await tenantWithAgent(host, superToken, 'Contatos Outra');
  ana = await (
    await post(shop.agentToken, {
      name: 'Ana Souza',
      number: '+55 (11) 99999-0001',
      email: 'Ana@Example.com',
      extraInfo: [{ name: 'CPF', value: '123' }],
    })
  ).json();
  foreign = await (await post(other.adminToken, { name: 'Estrangeiro', number: '5511988887777' })).json();
});
afterAll(() => host?.stop());

describe('creating and editing contacts', () => {
  it('stores a whatsapp number as digits, with e-mail and extra info', async () => {
    expect(ana).toMatchObject({
      name: 'Ana Souza',
      number: '5511999990001',
      email: 'ana@example.com',
      channel: 'whatsapp',
      active: true,
      extraInfo: [{ id: expect.any(Number), name: 'CPF', value: '123' }],
      tags: [],
    });
  });

  it('validates with the contact form messages', async () => {
    const res = await post(shop.agentToken, { name: 'A', number: '1234', email: 'nope' });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Too Short!' },
        { path: 'number', message: 'Too Short!' },
        { path: 'email', message: 'Invalid email' },
      ]),
    );
    const missing = await post(shop.agentToken, {});
    expect((await missing.json()).fields).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Required' },
        { path: 'number', message: 'Required' },
      ]),
    );
    const punctuation = await post(shop.agentToken, { name: 'Pontos', number: '(11) 9-9.9' });
    expect((await punctuation.json()).fields).toEqual([{ path: 'number', message: 'Too Short!' }]);
  });

  it('refuses a number the company already has with ERR_DUPLICATED_CONTACT and the existing id', async () => {
    const res = await post(shop.adminToken, { name: 'Outra Ana', number: '55 11 99999 0001' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'ERR_DUPLICATED_CONTACT', contactId: ana.id });
    // Another company may have the same number.
    expect((await post(other.adminToken, { name: 'Ana Lá', number: '5511999990001' })).status).toBe(201);
  });

  it('an update replaces extra info as a whole and keeps it when not sent', async () => {
    const path = `/api/contacts/${ana.id}`;
    const replaced = await host.request(path, {
      method: 'PUT',
      token: shop.agentToken,
      body: { name: 'Ana S.', number: '5511999990001', extraInfo: [{ name: 'Plano', value: 'Ouro' }] },
    });
    expect((await replaced.json()).extraInfo).toEqual([
      { id: expect.any(Number), name: 'Plano', value: 'Ouro' },
    ]);
    const kept = await host.request(path, {
      method: 'PUT',
      token: shop.agentToken,
      body: { name: 'Ana Souza', number: '5511999990001' },
    });
    expect(await kept.json()).toMatchObject({
      name: 'Ana Souza',
      extraInfo: [{ name: 'Plano', value: 'Ouro' }],
    });
    const got = await (await host.request(path, { token: shop.agentToken })).json();
    expect(got.extraInfo).toEqual([{ id: expect.any(Number), name: 'Plano', value: 'Ouro' }]);
  });

  it("an update onto another contact's number is ERR_DUPLICATED_CONTACT", async () => {
    const bia = (await (
      await post(shop.agentToken, { name: 'Bia', number: '5511999990002' })
    ).json()) as ContactDto;
    const res = await host.request(`/api/contacts/${bia.id}`, {
      method: 'PUT',
      token: shop.agentToken,
      body: { name: 'Bia', number: '5511999990001' },
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'ERR_DUPLICATED_CONTACT', contactId: ana.id });
  });

  it('toggles the chatbot and audio switches, and blocks and unblocks', async () => {
    const bot = await host.request(`/api/contacts/toggleDisableBot/${ana.id}`, {
      method: 'PUT',
      token: shop.agentToken,
    });
    expect(await bot.json()).toEqual({ disableBot: true });
    const audio = await host.request(`/api/contacts/toggleAcceptAudio/${ana.id}`, {
      method: 'PUT',
      token: shop.agentToken,
    });
    expect(await audio.json()).toEqual({ acceptAudioMessage: false });
    const block = await host.request(`/api/contacts/block/${ana.id}`, {
      method: 'PUT',
      token: shop.agentToken,
      body: { active: false },
    });
    expect(await block.json()).toMatchObject({
      id: ana.id,
      active: false,
      disableBot: true,
      acceptAudioMessage: false,
    });
    const unblock = await host.request(`/api/contacts/block/${ana.id}`, {
      method: 'PUT',
      token: shop.agentToken,
      body: { active: true },
    });
    expect((await unblock.json()).active).toBe(true);
    const again = await host.request(`/api/contacts/toggleDisableBot/${ana.id}`, {
      method: 'PUT',
      token: shop.agentToken,
    });
    expect(await again.json()).toEqual({ disableBot: false });
  });

  it('imports one row at a time: creates it, then updates the contact with that number; a bad row says why', async () => {
    // Company 1 (the super admin's), so the other tests' counts of the shop stay as they are.
    const importRow = (body: Record<string, unknown>) =>
      host.request('/api/contactsImport', { token: superToken, body });
    const first = await importRow({ name: 'Linha Um', number: '+55 11 95555-0001', email: 'um@linha.test' });
    expect(first.status).toBe(201);
    const created = (await first.json()) as ContactDto;
    expect(created).toMatchObject({ name: 'Linha Um', number: '5511955550001', email: 'um@linha.test' });
    const again = await importRow({ name: 'Linha Um Renomeada', number: '5511955550001' });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({
      id: created.id,
      name: 'Linha Um Renomeada',
      email: 'um@linha.test',
    });
    const bad = await importRow({ name: 'L', number: '123' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: 'ERR_VALIDATION',
      fields: [
        { path: 'name', message: 'Too Short!' },
        { path: 'number', message: 'Too Short!' },
      ],
    });
  });

  it('finds the contact of a number for the profile call, else ERR_NO_CONTACT_FOUND', async () => {
    const res = await host.request('/api/contacts/profile/5511999990001', { token: shop.agentToken });
    expect(await res.json()).toEqual({ contactId: ana.id, urlPicture: null });
    const none = await host.request('/api/contacts/profile/5599000000000', { token: shop.agentToken });
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({ error: 'ERR_NO_CONTACT_FOUND' });
    const theirs = await host.request('/api/contacts/profile/5511988887777', { token: shop.agentToken });
    expect(theirs.status).toBe(404);
  });
});

describe('listing contacts', () => {
  beforeAll(async () => {
    for (let i = 0; i < 22; i++) {
      const n = String(i).padStart(2, '0');
      await post(shop.adminToken, {
        name: `Cliente ${n}`,
        number: `55219000000${n}`,
        email: `c${n}@loja.test`,
      });
    }
  });

  it('pages by 20 in name order with hasMore and count', async () => {
    const first = await list(shop.agentToken);
    expect(first.count).toBe(24); // Ana, Bia and 22 clients
    expect(first.hasMore).toBe(true);
    expect(first.contacts).toHaveLength(20);
    expect(first.contacts[0].name).toBe('Ana Souza');
    const names = first.contacts.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const second = await list(shop.agentToken, '?pageNumber=2');
    expect(second.contacts).toHaveLength(4);
    expect(second.hasMore).toBe(false);
  });

  it('searches name, number and e-mail', async () => {
    expect((await list(shop.agentToken, '?searchParam=souza')).contacts.map((c) => c.id)).toEqual([ana.id]);
    expect((await list(shop.agentToken, '?searchParam=21900000017')).contacts.map((c) => c.name)).toEqual([
      'Cliente 17',
    ]);
    expect((await list(shop.agentToken, '?searchParam=C05%40LOJA')).contacts.map((c) => c.name)).toEqual([
      'Cliente 05',
    ]);
    // A % typed by the user is a character, not a wildcard.
    expect((await list(shop.agentToken, '?searchParam=%25')).count).toBe(0);
  });

  it('filters by tags (contacts with any of them), with the tags in each row', async () => {
    const vip = (await (
      await host.request('/api/tags', { token: shop.agentToken, body: { name: 'VIP' } })
    ).json()) as TagDto;
    const sync = await host.request('/api/tags/sync', {
      token: shop.agentToken,
      body: { contactId: ana.id, tags: [{ id: vip.id }] },
    });
    expect(sync.status).toBe(200);
    const res = await list(shop.agentToken, `?contactTag=${encodeURIComponent(JSON.stringify([vip.id]))}`);
    expect(res.contacts.map((c) => c.id)).toEqual([ana.id]);
    expect(res.contacts[0].tags).toEqual([{ id: vip.id, name: 'VIP', color: vip.color, kanban: 0 }]);
    const bad = await host.request('/api/contacts?contactTag=oops', { token: shop.agentToken });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields[0].path).toBe('contactTag');
  });

  it('filters by channel, group and creation dates', async () => {
    expect((await list(shop.agentToken, '?channel=facebook')).count).toBe(0);
    expect((await list(shop.agentToken, '?channel=whatsapp&isGroup=false')).count).toBe(24);
    expect((await list(shop.agentToken, '?isGroup=true')).count).toBe(0);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    expect((await list(shop.agentToken, `?dateStart=${day(-2)}&dateEnd=${day(2)}`)).count).toBe(24);
    expect((await list(shop.agentToken, `?dateStart=${day(3)}`)).count).toBe(0);
    expect((await list(shop.agentToken, `?dateEnd=${day(-3)}`)).count).toBe(0);
  });

  it('`date` lists the contacts created on that one day of the company (spec part 1 §7)', async () => {
    // Bia (…0002) was created three days ago at noon in São Paulo: only that day finds her.
    await sql(
      host,
      `update contacts set created_at = ((now() at time zone 'America/Sao_Paulo')::date - 3 + time '12:00')
                                        at time zone 'America/Sao_Paulo'
        where company_id = $1 and number = '5511999990002'`,
      [shop.companyId],
    );
    const [{ day: then, today }] = await sql<{ day: string; today: string }>(
      host,
      `select to_char((now() at time zone 'America/Sao_Paulo')::date - 3, 'YYYY-MM-DD') as day,
              to_char((now() at time zone 'America/Sao_Paulo')::date, 'YYYY-MM-DD') as today`,
    );
    expect((await list(shop.agentToken, `?date=${then}`)).contacts.map((c) => c.number)).toEqual([
      '5511999990002',
    ]);
    expect((await list(shop.agentToken, `?date=${today}`)).count).toBe(23);
    // With a range too, a contact must match both.
    expect((await list(shop.agentToken, `?date=${then}&dateStart=${today}`)).count).toBe(0);
    const bad = await host.request('/api/contacts?date=ontem', { token: shop.agentToken });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toEqual([{ path: 'date', message: 'Invalid date' }]);
  });

  it('the picker list answers id, name, number and e-mail', async () => {
    const res = await host.request('/api/contacts/list?searchParam=ana', { token: shop.agentToken });
    expect(await res.json()).toEqual([
      { id: ana.id, name: 'Ana Souza', number: '5511999990001', email: 'ana@example.com' },
    ]);
  });
});

describe('last message column', () => {
  it('shows the last message of the contact’s most recently updated ticket, null without tickets', async () => {
    const c = (await (
      await post(shop.adminToken, { name: 'Com Conversa', number: '5511955554444' })
    ).json()) as ContactDto;
    const find = async () => (await list(shop.adminToken, '?searchParam=Com Conversa')).contacts[0];
    expect((await find()).lastMessage).toBeNull();
    const res = await host.request('/api/tickets', { token: shop.adminToken, body: { contactId: c.id } });
    expect(res.status).toBe(201);
    await sql(host, "update tickets set last_message = 'Até amanhã' where contact_id = $1", [c.id]);
    expect((await find()).lastMessage).toBe('Até amanhã');
  });

  // Spec part 1 §3 Contact: tickets (updatedAt), as the time of the most recently updated ticket.
  it('answers when the contact’s most recently updated ticket was updated, in the list and the single read', async () => {
    const c = (await (
      await post(shop.adminToken, { name: 'Duas Conversas', number: '5511955553333' })
    ).json()) as ContactDto;
    expect(c.lastTicketUpdatedAt).toBeNull();
    const find = async () => (await list(shop.adminToken, '?searchParam=Duas Conversas')).contacts[0];
    expect((await find()).lastTicketUpdatedAt).toBeNull();
    const opened = await host.request('/api/tickets', { token: shop.adminToken, body: { contactId: c.id } });
    expect(opened.status).toBe(201);
    const older = (await opened.json()) as { id: number };
    await sql(host, "update tickets set status = 'closed' where id = $1", [older.id]);
    const again = await host.request('/api/tickets', { token: shop.adminToken, body: { contactId: c.id } });
    expect(again.status).toBe(201);
    const newer = (await again.json()) as { id: number };
    await sql(
      host,
      `update tickets set updated_at = case id when $1 then '2026-03-01T12:00:00Z'::timestamptz
                                                 else '2026-03-04T09:30:00Z'::timestamptz end,
                          last_message = case id when $1 then 'antiga' else 'recente' end
        where id in ($1, $2)`,
      [older.id, newer.id],
    );
    expect(await find()).toMatchObject({
      lastMessage: 'recente',
      lastTicketUpdatedAt: '2026-03-04T09:30:00.000Z',
    });
    await sql(host, "update tickets set updated_at = '2026-03-05T08:00:00Z' where id = $1", [older.id]);
    expect(await find()).toMatchObject({
      lastMessage: 'antiga',
      lastTicketUpdatedAt: '2026-03-05T08:00:00.000Z',
    });
    const one = await host.request(`/api/contacts/${c.id}`, { token: shop.adminToken });
    expect(await one.json()).toMatchObject({
      lastMessage: 'antiga',
      lastTicketUpdatedAt: '2026-03-05T08:00:00.000Z',
    });
  });
});

describe('tenancy and permissions', () => {
  it("never lists, reads, changes or deletes another company's contact", async () => {
    const all = await list(shop.adminToken, '?searchParam=Estrangeiro');
    expect(all.count).toBe(0);
    const names = await (await host.request('/api/contacts/list', { token: shop.adminToken })).json();
    expect(names.map((c: { id: number }) => c.id)).not.toContain(foreign.id);
    const path = `/api/contacts/${foreign.id}`;
    const answers = [
      await host.request(path, { token: shop.adminToken }),
      await host.request(path, {
        method: 'PUT',
        token: shop.adminToken,
        body: { name: 'Meu', number: '5511900000000' },
      }),
      await host.request(`/api/contacts/block/${foreign.id}`, {
        method: 'PUT',
        token: shop.adminToken,
        body: { active: false },
      }),
      await host.request(`/api/contacts/toggleDisableBot/${foreign.id}`, {
        method: 'PUT',
        token: shop.adminToken,
      }),
      await host.request(path, { method: 'DELETE', token: shop.adminToken }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect((await res.json()).error).toBe('ERR_NO_CONTACT_FOUND');
    }
    const theirs = await (await host.request(path, { token: other.adminToken })).json();
    expect(theirs).toMatchObject({ name: 'Estrangeiro', active: true, disableBot: false });
  });

  it('only an admin deletes a contact, and the company sockets hear it', async () => {
    const doomed = (await (
      await post(shop.agentToken, { name: 'Temporário', number: '5511977776666' })
    ).json()) as ContactDto;
    const denied = await host.request(`/api/contacts/${doomed.id}`, {
      method: 'DELETE',
      token: shop.agentToken,
    });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
    const socket = await openSocket(host.url, shop.agentToken);
    const res = await host.request(`/api/contacts/${doomed.id}`, {
      method: 'DELETE',
      token: shop.adminToken,
    });
    expect(res.status).toBe(204);
    const frame = await eventually(() =>
      socket.frames.find((f) => f.channel === `company-${shop.companyId}-contact`),
    );
    expect(frame.data).toEqual({ action: 'delete', contactId: doomed.id });
    expect((await host.request(`/api/contacts/${doomed.id}`, { token: shop.adminToken })).status).toBe(404);
    socket.close();
  });

  it('a saved contact reaches the company sockets as an update', async () => {
    const socket = await openSocket(host.url, shop.adminToken);
    const created = (await (
      await post(shop.agentToken, { name: 'Ao Vivo', number: '5511966665555' })
    ).json()) as ContactDto;
    const frame = await eventually(() =>
      socket.frames.find((f) => f.channel === `company-${shop.companyId}-contact`),
    );
    expect(frame.data).toEqual({ action: 'update', contact: created });
    socket.close();
  });
});
