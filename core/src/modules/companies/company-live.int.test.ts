import { COMPANIES_CHANNEL, type CompanyDto } from '@balcao/sdk';
import { createTenant, createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket } from '../../testing/tenant-fixtures.js';

let host: TestHost;
let superToken: string;
let tenantAdminToken: string;
let planId: number;

beforeAll(async () => {
  host = await createTestHost();
  superToken = (await host.login(host.admin.email, host.admin.password)).token;
  const tenant = await createTenant(host, superToken, { name: 'Loja Vizinha' });
  planId = tenant.planId;
  tenantAdminToken = (await host.login(tenant.email, tenant.password)).token;
});
afterAll(() => host?.stop());

describe('the companies list is live for super users (platform-company)', () => {
  it('a created, changed and deleted company reaches super users, and no other socket', async () => {
    const superSocket = await openSocket(host.url, superToken);
    const tenantSocket = await openSocket(host.url, tenantAdminToken);
    const ofCompanies = (frames: { channel: string; data: unknown }[]) =>
      frames.filter((f) => f.channel === COMPANIES_CHANNEL).map((f) => f.data);

    const res = await host.request('/api/companies', {
      token: superToken,
      body: { name: 'Ao Vivo', email: 'ao-vivo@loja.test', planId },
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as CompanyDto;
    await eventually(() => (ofCompanies(superSocket.frames).length === 1 ? true : undefined));
    expect(ofCompanies(superSocket.frames)).toEqual([{ action: 'update', company: created }]);

    const put = await host.request(`/api/companies/${created.id}`, {
      method: 'PUT',
      token: superToken,
      body: { name: 'Ao Vivo Renomeada' },
    });
    expect(put.status).toBe(200);
    const del = await host.request(`/api/companies/${created.id}`, { method: 'DELETE', token: superToken });
    expect(del.status).toBe(204);
    await eventually(() => (ofCompanies(superSocket.frames).length === 3 ? true : undefined));
    expect(ofCompanies(superSocket.frames).slice(1)).toEqual([
      { action: 'update', company: expect.objectContaining({ id: created.id, name: 'Ao Vivo Renomeada' }) },
      { action: 'delete', companyId: created.id },
    ]);
    // The tenant's admin heard nothing of the platform's companies (it got its own frames only).
    expect(ofCompanies(tenantSocket.frames)).toEqual([]);
    superSocket.close();
    tenantSocket.close();
  });
});
