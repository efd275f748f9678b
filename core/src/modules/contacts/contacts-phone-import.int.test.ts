import type { ConnectionDto, ContactDto, PhoneContact } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWhatsappPlugin } from '../../testing/fake-whatsapp-plugin.js';
import { openSocket, type TenantWithAgent, tenantWithAgent } from '../../testing/tenant-fixtures.js';

/**
 * Import from phone (spec part 1 §2 Contacts screen, §7 POST /contacts/import and /contacts/import/chats): the
 * company's default connection reads its address book or chat list through its channel adapter (the fake WhatsApp
 * channel here), and the contacts the company lacks are created.
 */
let host: TestHost;
let superToken: string;
let shop: TenantWithAgent;

async function connect(tenant: TenantWithAgent, body: object): Promise<ConnectionDto> {
  const res = await host.request('/api/whatsapp', { token: tenant.adminToken, body });
  expect(res.status).toBe(201);
  return (await res.json()) as ConnectionDto;
}

async function setPhoneList(
  connection: ConnectionDto,
  list: 'address-book' | 'chats',
  contacts: PhoneContact[],
) {
  const res = await host.request(`/test-channel/${connection.token}/${list}`, {
    method: 'PUT',
    body: { contacts },
  });
  expect(res.status).toBe(204);
}

const importFrom = (token: string, path = '/api/contacts/import') =>
  host.request(path, { method: 'POST', token });

async function contactsOf(token: string): Promise<[string, string][]> {
  const res = await host.request('/api/contacts', { token });
  const { contacts } = (await res.json()) as { contacts: ContactDto[] };
  return contacts.map((c) => [c.name, c.number]);
}

beforeAll(async () => {
  host = await createTestHost({ plugins: [fakeWhatsappPlugin] });
  superToken = (await host.login(host.admin.email, host.admin.password)).token;
  shop = await tenantWithAgent(host, superToken, 'Fone Loja');
  const plan = await host.request(`/api/plans/${shop.planId}`, {
    method: 'PUT',
    token: superToken,
    body: { connections: 2 },
  });
  expect(plan.status).toBe(200);
});
afterAll(() => host?.stop());

describe('import from phone', () => {
  it('needs a default connection whose channel can read the phone', async () => {
    let res = await importFrom(shop.agentToken);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'ERR_NO_DEF_WAPP_FOUND' });

    // The first connection becomes the default: a web chat has no address book.
    const webchat = await connect(shop, { name: 'Site', channel: 'webchat' });
    expect(webchat.isDefault).toBe(true);
    expect(webchat.capabilities).toEqual({ importContacts: false, importChats: false, checkAddress: false });
    res = await importFrom(shop.agentToken);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'ERR_CONNECTION_CANNOT_IMPORT' });
    res = await importFrom(shop.agentToken, '/api/contacts/import/chats');
    expect(await res.json()).toMatchObject({ error: 'ERR_CONNECTION_CANNOT_IMPORT' });
    expect((await host.request('/api/contacts/import', { method: 'POST' })).status).toBe(401);
  });

  it('creates the address book contacts the company lacks, never overwrites one, and is idempotent', async () => {
    const zap = await connect(shop, { name: 'Zap', channel: 'whatsapp', isDefault: true });
    expect(zap.capabilities).toEqual({ importContacts: true, importChats: true, checkAddress: true });
    const listed = (await (
      await host.request('/api/whatsapp', { token: shop.agentToken })
    ).json()) as ConnectionDto[];
    expect(listed.map((c) => [c.name, c.isDefault, c.capabilities.importContacts])).toEqual([
      ['Site', false, false],
      ['Zap', true, true],
    ]);
    const existing = await host.request('/api/contacts', {
      token: shop.adminToken,
      body: { name: 'Já Existe', number: '5511900000001' },
    });
    expect(existing.status).toBe(201);
    await setPhoneList(zap, 'address-book', [
      { number: '+55 (11) 90000-0002', name: ' Ana Fone ' },
      { number: '5511900000001', name: 'Outro Nome' },
      { number: '5511900000002', name: 'Ana de novo' },
      { number: '123', name: 'Curto' },
      { number: '5511900000003', name: '' },
    ]);

    const socket = await openSocket(host.url, shop.adminToken);
    const res = await importFrom(shop.agentToken);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ imported: 2, skipped: 3 });
    await eventually(() =>
      socket.frames.find(
        (f) => f.channel === `company-${shop.companyId}-contact` && f.data.action === 'reload',
      ),
    );
    socket.close();
    // A nameless entry is named after its number; the contact the company had keeps its name.
    expect(await contactsOf(shop.adminToken)).toEqual([
      ['5511900000003', '5511900000003'],
      ['Ana Fone', '5511900000002'],
      ['Já Existe', '5511900000001'],
    ]);

    const again = await importFrom(shop.adminToken);
    expect(await again.json()).toEqual({ imported: 0, skipped: 5 });
    expect(await contactsOf(shop.adminToken)).toHaveLength(3);
  });

  it('imports the people of the chat list through /contacts/import/chats', async () => {
    const listed = (await (
      await host.request('/api/whatsapp', { token: shop.adminToken })
    ).json()) as ConnectionDto[];
    const zap = listed.find((c) => c.name === 'Zap') as ConnectionDto;
    await setPhoneList(zap, 'chats', [
      { number: '5511900000004', name: 'Bruno Chat' },
      { number: '5511900000002', name: 'Ana no chat' },
    ]);
    const res = await importFrom(shop.agentToken, '/api/contacts/import/chats');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ imported: 1, skipped: 1 });
    expect(await contactsOf(shop.adminToken)).toContainEqual(['Bruno Chat', '5511900000004']);
    expect(await contactsOf(shop.adminToken)).toContainEqual(['Ana Fone', '5511900000002']);
  });

  it("counts only the company's own contacts as existing", async () => {
    const other = await tenantWithAgent(host, superToken, 'Fone Outra');
    const zap = await connect(other, { name: 'Zap Outra', channel: 'whatsapp' });
    await setPhoneList(zap, 'address-book', [{ number: '5511900000002', name: 'Ana da Outra' }]);
    const res = await importFrom(other.agentToken);
    expect(await res.json()).toEqual({ imported: 1, skipped: 0 });
    expect(await contactsOf(other.adminToken)).toEqual([['Ana da Outra', '5511900000002']]);
    expect(await contactsOf(shop.adminToken)).toContainEqual(['Ana Fone', '5511900000002']);
  });
});
