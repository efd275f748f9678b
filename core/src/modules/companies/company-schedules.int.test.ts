import { defaultWeeklySchedule } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TenantWithAgent, tenantWithAgent } from '../../testing/tenant-fixtures.js';

let host: TestHost;
let superToken: string;
let shop: TenantWithAgent;
let other: TenantWithAgent;

beforeAll(async () => {
  host = await createTestHost();
  superToken = (await host.login(host.admin.email, host.admin.password)).token;
  shop = await tenantWithAgent(host, superToken, 'Horários Loja');
  other = await tenantWithAgent(host, superToken, 'Horários Outra');
});
afterAll(() => host?.stop());

const path = (id: number) => `/api/companies/${id}/schedules`;

describe("a company's service hours (scheduleType company)", () => {
  it('start as the spec default week; its admin sets them and reads them back', async () => {
    const first = await host.request(path(shop.companyId), { token: shop.adminToken });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ schedules: defaultWeeklySchedule() });

    const week = defaultWeeklySchedule().map((row) =>
      row.weekdayEn === 'saturday' ? { ...row, startTimeB: '', endTimeB: '' } : row,
    );
    const saved = await host.request(path(shop.companyId), {
      method: 'PUT',
      token: shop.adminToken,
      body: { schedules: week },
    });
    expect(saved.status).toBe(200);
    expect(await (await host.request(path(shop.companyId), { token: shop.adminToken })).json()).toEqual({
      schedules: week,
    });
  });

  it('refuses rows that are not a valid week, changing nothing', async () => {
    const before = await (await host.request(path(shop.companyId), { token: shop.adminToken })).json();
    const week = defaultWeeklySchedule();
    for (const schedules of [
      week.slice(0, 6),
      [{ ...week[0], startTimeA: '25:00' }, ...week.slice(1)],
      [{ ...week[0], startTimeB: '10:00' }, ...week.slice(1)],
      'every day',
    ]) {
      const res = await host.request(path(shop.companyId), {
        method: 'PUT',
        token: shop.adminToken,
        body: { schedules },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    }
    expect(await (await host.request(path(shop.companyId), { token: shop.adminToken })).json()).toEqual(
      before,
    );
  });

  it("are for the company's admins (and super users): another company's admin and an attendant get 403", async () => {
    const body = { schedules: defaultWeeklySchedule() };
    for (const [token, method] of [
      [other.adminToken, 'GET'],
      [other.adminToken, 'PUT'],
      [shop.agentToken, 'GET'],
      [shop.agentToken, 'PUT'],
    ] as const) {
      const res = await host.request(path(shop.companyId), {
        method,
        token,
        body: method === 'PUT' ? body : undefined,
      });
      expect(res.status, `${method}`).toBe(403);
    }
    expect((await host.request(path(shop.companyId), { token: superToken })).status).toBe(200);
    expect((await host.request(path(999_999), { token: superToken })).status).toBe(404);
    expect((await host.request('/api/companies/abc/schedules', { token: superToken })).status).toBe(400);
  });
});
