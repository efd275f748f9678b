import type { ConnectionDto, ContactDto } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_CHECK_FAILS, FAKE_NO_ACCOUNT, fakeWhatsappPlugin } from '../../testing/fake-whatsapp-plugin.js';
import { type TenantWithAgent, tenantWithAgent } from '../../testing/tenant-fixtures.js';

/**
 * A number an attendant types for a new contact (POST /contacts, as the Contacts screen and the New ticket dialog do)
 * is checked with WhatsApp through a connected WhatsApp connection (ChannelDefinition.checkAddress, the fake channel
 * here): no account → 400 ERR_WAPP_INVALID_CONTACT, the check failing → 502 ERR_WAPP_CHECK_CONTACT, nothing stored
 * either way. With no connection connected the contact is written down unchecked.
 */
let host: TestHost;
let shop: TenantWithAgent;
let connection: ConnectionDto;

const createContact = (number: string, name = 'Checada') =>
  host.request('/api/contacts', { token: shop.agentToken, body: { name, number } });

async function numbersOf(): Promise<string[]> {
  const res = await host.request('/api/contacts', { token: shop.adminToken });
  return ((await res.json()) as { contacts: ContactDto[] }).contacts.map((c) => c.number);
}

async function status(): Promise<string> {
  const res = await host.request(`/api/whatsapp/${connection.id}`, { token: shop.adminToken });
  return ((await res.json()) as ConnectionDto).status;
}

beforeAll(async () => {
  host = await createTestHost({ plugins: [fakeWhatsappPlugin] });
  const superToken = (await host.login(host.admin.email, host.admin.password)).token;
  shop = await tenantWithAgent(host, superToken, 'Checa Loja');
  const res = await host.request('/api/whatsapp', {
    token: shop.adminToken,
    body: { name: 'Zap', channel: 'whatsapp' },
  });
  expect(res.status).toBe(201);
  connection = (await res.json()) as ConnectionDto;
});
afterAll(() => host?.stop());

describe('checking a typed number with WhatsApp', () => {
  it('without a connected WhatsApp connection the number is not asked about: the contact is created', async () => {
    expect(await status()).not.toBe('CONNECTED');
    const res = await createContact(`${FAKE_NO_ACCOUNT}11990000001`, 'Sem checagem');
    expect(res.status).toBe(201);
  });

  it('once connected, a number WhatsApp has no account for is refused, and nothing is stored', async () => {
    const started = await host.request(`/api/whatsappsession/${connection.id}`, {
      method: 'POST',
      token: shop.adminToken,
    });
    expect(started.status).toBe(200);
    await eventually(async () => ((await status()) === 'qrcode' ? true : undefined));
    expect((await host.request(`/test-channel/${connection.token}/scan`, { body: {} })).status).toBe(204);
    await eventually(async () => ((await status()) === 'CONNECTED' ? true : undefined));

    const res = await createContact(`${FAKE_NO_ACCOUNT}11990000002`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'ERR_WAPP_INVALID_CONTACT' });
    expect(await numbersOf()).not.toContain(`${FAKE_NO_ACCOUNT}11990000002`);
  });

  it('a check WhatsApp does not answer is ERR_WAPP_CHECK_CONTACT, and nothing is stored', async () => {
    const res = await createContact(`${FAKE_CHECK_FAILS}11990000003`);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: 'ERR_WAPP_CHECK_CONTACT' });
    expect(await numbersOf()).not.toContain(`${FAKE_CHECK_FAILS}11990000003`);
  });

  it('a number with an account is created as typed (digits), and a second time is the usual duplicate', async () => {
    const res = await createContact('+55 (11) 99000-0004', 'Existe');
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ name: 'Existe', number: '5511990000004' });
    const again = await createContact('5511990000004', 'Existe de novo');
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'ERR_DUPLICATED_CONTACT' });
  });

  it('a spreadsheet row is not asked about (imports are not checked number by number)', async () => {
    const res = await host.request('/api/contactsImport', {
      token: shop.adminToken,
      body: { name: 'Planilha', number: `${FAKE_NO_ACCOUNT}11990000005` },
    });
    expect(res.status).toBeLessThan(300);
    expect(await numbersOf()).toContain(`${FAKE_NO_ACCOUNT}11990000005`);
  });
});
