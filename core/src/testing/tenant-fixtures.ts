import { createTenant, eventually } from '@balcao/sdk/testing';
import { WebSocket } from 'ws';
import type { TestHost } from './test-host.js';

/** A company with its admin and one attendant (profile user), both logged in. */
export interface TenantWithAgent {
  companyId: number;
  planId: number;
  adminToken: string;
  agentToken: string;
  agentId: number;
}

/**
 * Creates a company (plan allowing `queues` queues), logs its admin in and adds one attendant.
 * @example const shop = await tenantWithAgent(host, superToken, 'Loja Azul', { queues: 3 })
 */
export async function tenantWithAgent(
  host: TestHost,
  superToken: string,
  name: string,
  opts: { queues?: number } = {},
): Promise<TenantWithAgent> {
  const tenant = await createTenant(host, superToken, { name });
  if (opts.queues !== undefined) {
    const plan = await host.request(`/api/plans/${tenant.planId}`, {
      method: 'PUT',
      token: superToken,
      body: { queues: opts.queues },
    });
    if (plan.status !== 200) throw new Error(`plan: ${plan.status} ${await plan.text()}`);
  }
  const adminToken = (await host.login(tenant.email, tenant.password)).token;
  const agentEmail = `agent@${name.toLowerCase().replace(/\W+/g, '-')}.test`;
  const created = await host.request('/api/users', {
    token: adminToken,
    body: { name: `${name} Agent`, email: agentEmail, password: 'agent-pass' },
  });
  if (created.status !== 201) throw new Error(`agent: ${created.status} ${await created.text()}`);
  const agent = await host.login(agentEmail, 'agent-pass');
  return {
    companyId: tenant.companyId,
    planId: tenant.planId,
    adminToken,
    agentToken: agent.token,
    agentId: agent.user.id,
  };
}

/** A frame as a test socket received it. */
export interface TestFrame {
  channel: string;
  data: Record<string, unknown>;
}

/**
 * Opens `/ws` with `token`, waits until the server says its access is loaded (`ready`) and collects every frame it
 * receives; `close()` ends it.
 * @example const socket = await openSocket(host.url, token); await eventually(() => socket.frames.find(…))
 */
export async function openSocket(
  baseUrl: string,
  token: string,
): Promise<{ frames: TestFrame[]; send(frame: object): void; close(): void }> {
  const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws?token=${token}`);
  const frames: TestFrame[] = [];
  ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  await eventually(() => frames.find((f) => f.channel === 'ready'));
  return { frames, send: (frame) => ws.send(JSON.stringify(frame)), close: () => ws.terminate() };
}
