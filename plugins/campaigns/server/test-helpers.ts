import type { TestHost } from '@balcao/testing';
import { eventually } from '@balcao/testing';
import pg from 'pg';
import type { CampaignDto } from '../shared/campaign.js';
import type { CampaignReportDto } from '../shared/report.js';

/** A signed-in admin's calls against a test host, for the campaigns' integration tests. */
export function apiOf(host: TestHost, token: string) {
  const call = async <T>(path: string, method = 'GET', body?: unknown) => {
    const res = await host.request(path, { token, method, body });
    return { status: res.status, body: (await res.json()) as T };
  };
  return {
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
    /** Waits for the campaign to reach `status` (the job chain runs in the background). */
    status: (id: number, status: CampaignDto['status'], timeoutMs = 15_000) =>
      eventually(async () => {
        const { body } = await call<CampaignDto>(`/api/campaigns/${id}`);
        return body.status === status ? body : undefined;
      }, timeoutMs),
  };
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
