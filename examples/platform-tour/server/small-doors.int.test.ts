import { createTenant, createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tour from './index.js';

let host: TestHost;
let token: string;
let other: { token: string; companyId: number };

beforeAll(async () => {
  host = await createTestHost({ plugins: [tour] });
  token = (await host.login(host.admin.email, host.admin.password)).token;
  const t = await createTenant(host, token, { name: 'Outra Agencia', flags: { useIntegration: true } });
  other = { token: (await host.login(t.email, t.password)).token, companyId: t.companyId };
});
afterAll(() => host?.stop());

const remind = (body: Record<string, unknown>, as = token) =>
  host.request('/api/tour/small-doors/reminders', { token: as, body });
const cancel = async (id: string, as = token) =>
  (await host.request(`/api/tour/small-doors/reminders/${id}`, { method: 'DELETE', token: as })).json();
const sentTo = async (as = token) =>
  (await (await host.request('/api/tour/small-doors/reminders/sent', { token: as })).json()) as {
    ticketId: number;
  }[];

describe('small doors: error codes of the plugin', () => {
  it("answers the plugin's own code, namespaced by the plugin, with its status and details", async () => {
    const far = new Date(Date.now() + 40 * 86_400_000).toISOString();
    const res = await remind({ ticketId: 1, at: far });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: 'tour:ERR_REMINDER_TOO_FAR', maxDays: 30 });
  });
});

describe('small doors: typed jobs', () => {
  it("refuses data that does not fit the job's schema with 400 ERR_VALIDATION naming the field", async () => {
    for (const ticketId of ['x', 2_147_483_648, null]) {
      const res = await remind({ ticketId });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.error).toBe('ERR_VALIDATION');
      expect(body.fields.map((f: { path: string }) => f.path)).toEqual(['ticketId']);
    }
    const now = await host.request('/api/tour/small-doors/reminders/now', {
      token,
      body: { ticketId: 7, note: 'a'.repeat(201) },
    });
    expect(now.status).toBe(400);
  });

  it('schedule answers an id; cancel removes it once; another company cannot cancel it', async () => {
    const res = await remind({ ticketId: 11 });
    expect(res.status).toBe(201);
    const { id } = await res.json();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await cancel(id, other.token)).toEqual({ cancelled: false });
    expect(await cancel(id)).toEqual({ cancelled: true });
    expect(await cancel(id)).toEqual({ cancelled: false });
  });

  it('refuses a hostile id with 400 and answers false for an id of no job', async () => {
    expect(
      (await host.request("/api/tour/small-doors/reminders/1'%3Bdrop", { method: 'DELETE', token })).status,
    ).toBe(400);
    expect(await cancel('00000000-0000-4000-8000-000000000000')).toEqual({ cancelled: false });
    expect(await cancel('abc')).toEqual({ cancelled: false });
  });

  it('a unique key keeps one job per key and company: the second schedule replaces the first', async () => {
    const first = await (await remind({ ticketId: 21, key: 'ticket-21' })).json();
    const again = await (await remind({ ticketId: 21, note: 'later', key: 'ticket-21' })).json();
    const otherKey = await (await remind({ ticketId: 22, key: 'ticket-22' })).json();
    const otherCompany = await (await remind({ ticketId: 21, key: 'ticket-21' }, other.token)).json();
    expect(again.id).toBe(first.id);
    expect(otherKey.id).not.toBe(first.id);
    expect(otherCompany.id).not.toBe(first.id);
    expect(await cancel(first.id)).toEqual({ cancelled: true });
    expect(await cancel(otherKey.id)).toEqual({ cancelled: true });
    expect(await cancel(otherCompany.id, other.token)).toEqual({ cancelled: true });
  });

  it('runs with the parsed data; a stored job whose data no longer fits is dropped, not run', async () => {
    await host.runJob('tour:remind', { companyId: other.companyId, ticketId: 'not a ticket' });
    expect(await sentTo(other.token)).toEqual([]);
    await host.runJob('tour:remind', {
      companyId: other.companyId,
      ticketId: 31,
      note: 'hi',
      __uniqueKey: 'k',
    });
    expect(await sentTo(other.token)).toEqual([{ ticketId: 31, note: 'hi' }]);
    const res = await host.request('/api/tour/small-doors/reminders/now', { token, body: { ticketId: 32 } });
    expect(res.status).toBe(201);
    await eventually(
      async () => ((await sentTo()).some((s) => s.ticketId === 32) ? true : undefined),
      15_000,
    );
  });
});
