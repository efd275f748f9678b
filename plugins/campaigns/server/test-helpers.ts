import type { TestHost } from '@balcao/testing';
import { eventually } from '@balcao/testing';
import pg from 'pg';
import { expect } from 'vitest';
import type { CampaignDto } from '../shared/campaign.js';
import type { CampaignReportDto } from '../shared/report.js';

/** A signed-in admin's calls against a test host, for the campaigns' integration tests. */
export function apiOf(host: TestHost, token: string) {
  const call = async <T>(path: string, method = 'GET', body?: unknown) => {
    const res = await host.request(path, { token, method, body });
    return { status: res.status, body: (await res.json()) as T };
  };
  const api = {
    call,
    async taggedContacts(tagId: number, numbers: string[]): Promise<number[]> {
      const ids: number[] = [];
      for (const number of numbers) {
        const { body } = await call<{ id: number }>('/api/contacts', 'POST', {
          name: `Cliente ${number}`,
          number,
        });
        await call('/api/tags/sync', 'POST', { contactId: body.id, tags: [{ id: tagId }] });
        ids.push(body.id);
      }
      return ids;
    },
    async tag(name: string): Promise<number> {
      return (await call<{ id: number }>('/api/tags', 'POST', { name, color: '#3366aa' })).body.id;
    },
    report: async (id: number) => (await call<CampaignReportDto>(`/api/campaigns/${id}/report`)).body,
    /**
     * Waits until every message the company stored has had its first delivery attempt: a row stamped sent holds a
     * message the outbox hands to the channel a moment later, so the fake channel is read only after this. A claimed
     * row (its lease in `locked_until`) is still on its way: its attempt is counted when it is taken, before the
     * channel has it. A row waiting for a retry (lease cleared) is not waited for.
     */
    drained: (timeoutMs = 15_000) =>
      eventually(async () => {
        const [{ n }] = await sql<{ n: string }>(
          host,
          `select count(*) as n from message_outbox
            where status = 'pending' and (attempts = 0 or locked_until is not null)`,
        );
        return Number(n) === 0 ? true : undefined;
      }, timeoutMs),
    /** Waits for the campaign to reach `status` (the job chain runs in the background), then for its deliveries. */
    status: async (id: number, status: CampaignDto['status'], timeoutMs = 15_000) => {
      const reached = await eventually(async () => {
        const { body } = await call<CampaignDto>(`/api/campaigns/${id}`);
        return body.status === status ? body : undefined;
      }, timeoutMs);
      await api.drained(timeoutMs);
      return reached;
    },
  };
  return api;
}

/** Runs SQL on the test database (setting up lists, simulating a crash's lost writes). */
export async function sql<T extends pg.QueryResultRow>(host: TestHost, text: string, params: unknown[] = []) {
  const db = new pg.Client({ connectionString: host.databaseUrl });
  await db.connect();
  try {
    return (await db.query<T>(text, params)).rows;
  } finally {
    await db.end();
  }
}

/** Fresh mobile numbers from `base` up: each test file its own range, so files sharing a database never collide. */
export function numberMaker(base: number) {
  let seq = 0;
  return (n: number) => Array.from({ length: n }, () => `55119${String(base + ++seq).padStart(8, '0')}`);
}

/**
 * A campaign created through the API, due now on the test's connection (read when called: both are set in
 * `beforeAll`), named `name` unless the body names it.
 */
export function startNowOf(name: string, ctx: () => { api: ReturnType<typeof apiOf>; connectionId: number }) {
  return async (body: Record<string, unknown>) => {
    const { api, connectionId } = ctx();
    const res = await api.call<CampaignDto>('/api/campaigns', 'POST', {
      name,
      whatsappId: `${connectionId}`,
      scheduledAt: new Date().toISOString(),
      ...body,
    });
    expect(res.status).toBe(201);
    return res.body;
  };
}
