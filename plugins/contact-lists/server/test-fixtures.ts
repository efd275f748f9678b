import { createTenant, type TestHost } from '@balcao/testing';

/** A company on a plan with campaigns, its admin's and an attendant's (profile user) tokens. */
export async function campaignsTenant(host: TestHost, superToken: string, name: string) {
  const tenant = await createTenant(host, superToken, { name, flags: { useCampaigns: true } });
  const adminToken = (await host.login(tenant.email, tenant.password)).token;
  const email = `agent@${name.toLowerCase().replace(/\W+/g, '-')}.test`;
  const created = await host.request('/api/users', {
    token: adminToken,
    body: { name: `${name} Agent`, email, password: 'agent-pass' },
  });
  if (created.status !== 201) throw new Error(`agent: ${created.status} ${await created.text()}`);
  const agentToken = (await host.login(email, 'agent-pass')).token;
  return { ...tenant, adminToken, agentToken };
}

/** `request` answering status and parsed body. */
export async function call(
  host: TestHost,
  path: string,
  init: { method?: string; body?: unknown; token: string },
  // biome-ignore lint/suspicious/noExplicitAny: the tests read answers of many shapes, checked by their expectations
): Promise<{ status: number; body: any }> {
  const res = await host.request(path, init);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
