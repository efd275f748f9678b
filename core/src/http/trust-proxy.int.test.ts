import { createTestHost, type TestHost } from '@balcao/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let direct: TestHost;
let proxied: TestHost;

beforeAll(async () => {
  [direct, proxied] = await Promise.all([createTestHost(), createTestHost({ env: { TRUST_PROXY: 'true' } })]);
});
afterAll(() => Promise.all([direct?.stop(), proxied?.stop()]));

/** Signs the super admin in as a TLS-terminating proxy would forward it. */
const login = (host: TestHost, forwardedFor = '203.0.113.7') =>
  host.request('/api/auth/login', {
    body: host.admin,
    headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': forwardedFor },
  });

const refreshCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith('jrt=')) ?? '';

async function lastSessionIp(host: TestHost): Promise<string> {
  const client = new pg.Client({ connectionString: host.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('select ip from auth_sessions order by created_at desc limit 1');
    return rows[0].ip;
  } finally {
    await client.end();
  }
}

describe('TRUST_PROXY', () => {
  it('behind a TLS proxy, the refresh cookie is Secure (X-Forwarded-Proto https is believed)', async () => {
    const res = await login(proxied);
    expect(res.status).toBe(200);
    expect(refreshCookie(res)).toMatch(/;\s*secure/i);
  });

  it("takes the client's address the proxy appended, not one the client wrote before it", async () => {
    await login(proxied, '198.51.100.1, 203.0.113.9');
    expect(await lastSessionIp(proxied)).toBe('203.0.113.9');
  });

  it('unset, forwarded headers are ignored: a client cannot claim https or another address', async () => {
    const res = await login(direct);
    expect(res.status).toBe(200);
    expect(refreshCookie(res)).not.toMatch(/secure/i);
    expect(await lastSessionIp(direct)).not.toBe('203.0.113.7');
  });
});
