import type { AddressCheck, ConnectionDto } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_CHECK_FAILS,
  FAKE_NO_ACCOUNT,
  FAKE_OLD_ACCOUNT,
  fakeWhatsappPlugin,
} from '../../testing/fake-whatsapp-plugin.js';
import { portProbe } from '../../testing/port-sweep.js';
import { type TenantWithAgent, tenantWithAgent } from '../../testing/tenant-fixtures.js';

/**
 * ConnectionsPort.checkAddress: a plugin asks a channel whether a number exists there, through a CONNECTED connection
 * of its company (the fake WhatsApp channel here, which speaks checkAddress through its session; the probe plugin's
 * 'echo' channel has no check). Valid with the address the channel writes, invalid, or unknown with the reason.
 */
let host: TestHost;
let shop: TenantWithAgent;
let connection: ConnectionDto;

async function check(input: unknown, token = shop.adminToken) {
  const res = await host.request('/api/port-probe', {
    token,
    body: { port: 'connections', method: 'checkAddress', args: [input] },
  });
  const body = (await res.json()) as { value?: AddressCheck; error?: string };
  return { status: res.status, body };
}

async function status(): Promise<string> {
  const res = await host.request(`/api/whatsapp/${connection.id}`, { token: shop.adminToken });
  return ((await res.json()) as ConnectionDto).status;
}

beforeAll(async () => {
  host = await createTestHost({ plugins: [fakeWhatsappPlugin, portProbe] });
  const superToken = (await host.login(host.admin.email, host.admin.password)).token;
  shop = await tenantWithAgent(host, superToken, 'Porta Checa');
  const res = await host.request('/api/whatsapp', {
    token: shop.adminToken,
    body: { name: 'Zap Porta', channel: 'whatsapp' },
  });
  expect(res.status).toBe(201);
  connection = (await res.json()) as ConnectionDto;
});
afterAll(() => host?.stop());

describe('connections.checkAddress', () => {
  it('is unknown (no-connection) while no connection of a checking channel is connected', async () => {
    expect(await status()).not.toBe('CONNECTED');
    expect((await check({ number: '5511990000001' })).body.value).toEqual({
      status: 'unknown',
      reason: 'no-connection',
    });
  });

  it('is unknown (no-check) through a channel without the check, and refuses a malformed input with 400', async () => {
    expect((await check({ number: '5511990000001', channel: 'echo' })).body.value).toEqual({
      status: 'unknown',
      reason: 'no-check',
    });
    for (const input of [
      { number: '1234' },
      { number: 'x'.repeat(101) },
      { number: '5511990000001', channel: 'Bad Kind' },
    ]) {
      const res = await check(input);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
    }
  });

  it('once connected: valid with the address the channel writes, invalid, or unknown when the check fails', async () => {
    const started = await host.request(`/api/whatsappsession/${connection.id}`, {
      method: 'POST',
      token: shop.adminToken,
    });
    expect(started.status).toBe(200);
    await eventually(async () => ((await status()) === 'qrcode' ? true : undefined));
    expect((await host.request(`/test-channel/${connection.token}/scan`, { body: {} })).status).toBe(204);
    await eventually(async () => ((await status()) === 'CONNECTED' ? true : undefined));

    expect((await check({ number: '+55 (11) 99000-0004' })).body.value).toEqual({
      status: 'valid',
      address: '5511990000004',
    });
    // An old account: WhatsApp knows the mobile without its ninth digit.
    expect((await check({ number: `${FAKE_OLD_ACCOUNT}987650001`, channel: 'whatsapp' })).body.value).toEqual(
      {
        status: 'valid',
        address: `${FAKE_OLD_ACCOUNT}87650001`,
      },
    );
    expect((await check({ number: `${FAKE_NO_ACCOUNT}11990000002` })).body.value).toEqual({
      status: 'invalid',
    });
    expect((await check({ number: `${FAKE_CHECK_FAILS}11990000003` })).body.value).toEqual({
      status: 'unknown',
      reason: 'check-failed',
    });
  });

  it("asks through the caller's company only: another company with no connection gets no-connection", async () => {
    const superToken = (await host.login(host.admin.email, host.admin.password)).token;
    const other = await tenantWithAgent(host, superToken, 'Porta Outra');
    expect((await check({ number: '5511990000004' }, other.adminToken)).body.value).toEqual({
      status: 'unknown',
      reason: 'no-connection',
    });
  });
});
