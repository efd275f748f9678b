import type { TestHost } from '@balcao/testing';
import pg from 'pg';

/** Calls the API as `token`; answers status and JSON body. Shared by the plugin's integration tests. */
export function apiOf(host: TestHost, token: string) {
  return async <T = Record<string, unknown>>(
    path: string,
    init: { method?: string; body?: unknown } = {},
  ): Promise<{ status: number; body: T }> => {
    const res = await host.request(path, { token, ...init });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  };
}

/**
 * Runs SQL on the test host's database (moving a schedule's time into the past, playing a crashed run, reading rows);
 * answers the rows.
 */
export async function sql<T = Record<string, unknown>>(
  host: Pick<TestHost, 'databaseUrl'>,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: host.databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}
