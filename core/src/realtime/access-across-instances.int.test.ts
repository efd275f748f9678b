import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kernel } from '../kernel/kernel.js';
import { createQueue } from '../testing/attendance-fixtures.js';
import { startSecondInstance } from '../testing/second-instance.js';
import { openSocket, type TestFrame } from '../testing/tenant-fixtures.js';
import type { RealtimeHub } from './hub.js';

// A change of who sees what is made on one instance; the attendant's socket is open on another. That socket must
// follow at once, not at its next userStatus heartbeat (5 minutes; the test socket never sends one).

let host: TestHost;
let second: Kernel;
let admin: string;
let agentId: number;
let agentSocket: Awaited<ReturnType<typeof openSocket>>;
let queueId: number;
let probes = 0;

const PROBE = 'company-1-probe';

/**
 * Publishes on the host a ticket event of a pending ticket in the queue (masked for who must not see numbers), then
 * a marker for everyone; once the marker is on the other instance's socket, the probe got there or was withheld.
 */
async function probe(): Promise<TestFrame | undefined> {
  const n = ++probes;
  const realtime = host.resolve<RealtimeHub>('realtime');
  await realtime.publish({
    companyId: 1,
    channel: PROBE,
    data: { n, number: '5511987650001' },
    masked: { n, number: '551198*****01' },
    audience: { userId: null, queueId, isGroup: false },
  });
  await realtime.publish({ companyId: 1, channel: PROBE, data: { n, marker: true } });
  await eventually(() => agentSocket.frames.find((f) => f.data.n === n && f.data.marker));
  return agentSocket.frames.find((f) => f.data.n === n && !f.data.marker);
}

const setQueues = (queueIds: number[]) =>
  host.request(`/api/users/${agentId}`, { method: 'PUT', token: admin, body: { queueIds } });
const setLgpd = (value: 'enabled' | 'disabled') =>
  host.request('/api/settings/lgpdHideNumber', { method: 'PUT', token: admin, body: { value } });

beforeAll(async () => {
  host = await createTestHost();
  admin = (await host.login(host.admin.email, host.admin.password)).token;
  queueId = await createQueue(host, 1, 'Vendas', '#2e7d32');
  const created = await host.request('/api/users', {
    token: admin,
    body: { name: 'Ana', email: 'ana@instances.test', password: 'agent-pass', profile: 'user' },
  });
  agentId = (await created.json()).id;
  second = await startSecondInstance(host);
  const agent = (await host.login('ana@instances.test', 'agent-pass')).token;
  agentSocket = await openSocket(second.url, agent);
});
afterAll(async () => {
  agentSocket?.close();
  await second?.stop();
  await host?.stop();
});

describe("a user's access on another instance's sockets", () => {
  it('follows queue changes made on this instance at once', async () => {
    expect(await probe()).toBeUndefined();

    expect((await setQueues([queueId])).status).toBe(200);
    await eventually(async () => ((await probe()) ? true : undefined));

    expect((await setQueues([])).status).toBe(200);
    await eventually(async () => ((await probe()) ? undefined : true));
  });

  it("follows the company's LGPD setting changed on this instance at once", async () => {
    expect((await setQueues([queueId])).status).toBe(200);
    await eventually(async () => ((await probe()) ? true : undefined));

    expect((await setLgpd('enabled')).status).toBe(200);
    await eventually(async () => ((await probe())?.data.number === '551198*****01' ? true : undefined));

    expect((await setLgpd('disabled')).status).toBe(200);
    await eventually(async () => ((await probe())?.data.number === '5511987650001' ? true : undefined));
  });
});
