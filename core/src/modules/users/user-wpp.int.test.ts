import type { UserDto } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TenantWithAgent, tenantWithAgent } from '../../testing/tenant-fixtures.js';

/**
 * A user's WhatsApp number (`wpp`), where password-reset codes go: digits only, unique across the platform (a number
 * finds one account), and changing one's own asks for the current password.
 */
let host: TestHost;
let superToken: string;
let shop: TenantWithAgent;
let other: TenantWithAgent;

const put = (id: number, token: string, body: Record<string, unknown>) =>
  host.request(`/api/users/${id}`, { method: 'PUT', token, body });

beforeAll(async () => {
  host = await createTestHost();
  superToken = (await host.login(host.admin.email, host.admin.password)).token;
  shop = await tenantWithAgent(host, superToken, 'Numero Loja');
  other = await tenantWithAgent(host, superToken, 'Outra Loja');
}, 60_000);
afterAll(() => host?.stop());

describe("a user's WhatsApp number", () => {
  it('an admin sets it, written any common way, and it is kept as digits', async () => {
    const res = await put(shop.agentId, shop.adminToken, { wpp: '+55 (11) 98888-0001' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as UserDto).wpp).toBe('5511988880001');
  });

  it('a number another user has, in any company, is 409 ERR_DUPLICATED_WPP', async () => {
    const res = await put(other.agentId, other.adminToken, { wpp: '5511988880001' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'ERR_DUPLICATED_WPP' });
    const created = await host.request('/api/users', {
      token: other.adminToken,
      body: { name: 'Copia', email: 'copia@outra.test', password: '12345', wpp: '5511988880001' },
    });
    expect(created.status).toBe(409);
  });

  it.each([
    ['letters', '55119abc0001'],
    ['too few digits', '123456789'],
    ['more than 15 digits', '1234567890123456'],
    ['a NUL', '55119888\u000080002'],
  ])('a number with %s is 400 ERR_VALIDATION naming wpp', async (_, wpp) => {
    const res = await put(shop.agentId, shop.adminToken, { wpp });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ path: 'wpp' }] });
  });

  it("changing one's own number asks for the current password; other fields do not", async () => {
    const without = await put(shop.agentId, shop.agentToken, { wpp: '5511988880003' });
    expect(without.status).toBe(400);
    expect(await without.json()).toMatchObject({ fields: [{ path: 'currentPassword' }] });
    const wrong = await put(shop.agentId, shop.agentToken, {
      wpp: '5511988880003',
      currentPassword: 'nope1',
    });
    expect(wrong.status).toBe(403);
    const right = await put(shop.agentId, shop.agentToken, {
      wpp: '5511988880003',
      currentPassword: 'agent-pass',
    });
    expect(right.status).toBe(200);
    expect(((await right.json()) as UserDto).wpp).toBe('5511988880003');
    // The same number again is no change: nothing asked.
    expect((await put(shop.agentId, shop.agentToken, { wpp: '5511988880003', name: 'Agente' })).status).toBe(
      200,
    );
  });

  it('an empty number clears it, and the number is free again', async () => {
    const cleared = await put(shop.agentId, shop.adminToken, { wpp: '' });
    expect(cleared.status).toBe(200);
    expect(((await cleared.json()) as UserDto).wpp).toBeNull();
    expect((await put(other.agentId, other.adminToken, { wpp: '5511988880003' })).status).toBe(200);
  });
});
