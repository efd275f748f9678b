import type { ConnectionDto } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kernel } from '../../kernel/kernel.js';
import { sql } from '../../testing/attendance-fixtures.js';
import { fakeSessionCalls, fakeWhatsappPlugin } from '../../testing/fake-whatsapp-plugin.js';
import { startSecondInstance } from '../../testing/second-instance.js';

/**
 * Scale-out: a web node serves the API and two workers share one database. Exactly one worker runs a session; when it
 * stops (or its lease runs out) the other takes the session over and resumes it from the store, without a new QR.
 */
describe('session leases across instances', () => {
  const sessions = { leaseMs: 1000, renewMs: 100 };
  let web: TestHost;
  let workers: Kernel[];
  let admin: string;
  let conn: ConnectionDto;

  const owners = () => workers.filter((w) => w.container.cradle.sessions.owned().includes(conn.id));
  const status = async () =>
    (
      await sql<{ status: string; number: string | null }>(
        web,
        'select status, number from whatsapps where id = $1',
        [conn.id],
      )
    )[0];
  const starts = () => fakeSessionCalls.filter((c) => c.token === conn.token && c.call === 'start').length;
  const until = (want: string) =>
    eventually(async () => ((await status()).status === want ? true : undefined));

  beforeAll(async () => {
    web = await createTestHost({ plugins: [fakeWhatsappPlugin], env: { BALCAO_ROLE: 'web' } });
    workers = [
      await startSecondInstance(web, { role: 'worker', plugins: [fakeWhatsappPlugin], sessions }),
      await startSecondInstance(web, { role: 'worker', plugins: [fakeWhatsappPlugin], sessions }),
    ];
    admin = (await web.login(web.admin.email, web.admin.password)).token;
    const res = await web.request('/api/whatsapp', {
      token: admin,
      body: { name: 'Celular', channel: 'whatsapp' },
    });
    conn = (await res.json()) as ConnectionDto;
  });
  afterAll(async () => {
    for (const w of workers) await w.stop();
    await web?.stop();
  });

  it("exactly one worker starts a new connection's session; the web node that created it never does", async () => {
    await until('qrcode');
    await new Promise((r) => setTimeout(r, 3 * sessions.renewMs));
    expect(owners()).toHaveLength(1);
    expect(starts()).toBe(1);
    expect(web.resolve<{ owned(): number[] }>('sessions').owned()).toEqual([]);
    const [lease] = await sql<{ owner: string }>(
      web,
      'select owner from channel_sessions where connection_id = $1',
      [conn.id],
    );
    expect(lease.owner).toBe(owners()[0].container.cradle.sessions.instanceId);
    expect(
      (await web.request(`/test-channel/${conn.token}/scan`, { body: { number: '5511977776666' } })).status,
    ).toBe(204);
    await until('CONNECTED');
  });

  it('when the owner stops, the other worker takes the session over and resumes it without a new QR code', async () => {
    const [owner] = owners();
    const other = workers.find((w) => w !== owner)!;
    await owner.stop();
    workers = [other];
    await eventually(() => (other.container.cradle.sessions.owned().includes(conn.id) ? true : undefined));
    await eventually(() => (starts() === 2 ? true : undefined));
    await until('CONNECTED');
    expect((await status()).number).toBe('5511977776666');
    const calls = fakeSessionCalls.filter((c) => c.token === conn.token).map((c) => c.call);
    expect(calls).toEqual(['start', 'stop', 'start']);
  });

  it('a lease that runs out elsewhere (a dead owner) is taken over once it expires', async () => {
    const [worker] = workers;
    const before = starts();
    // Another instance claims the session and dies at once: its lease lapses after a second.
    await sql(
      web,
      "update channel_sessions set owner = 'dead-instance', expires_at = now() + interval '1 second' where connection_id = $1",
      [conn.id],
    );
    await eventually(() => (worker.container.cradle.sessions.owned().includes(conn.id) ? undefined : true));
    await eventually(
      () => (worker.container.cradle.sessions.owned().includes(conn.id) ? true : undefined),
      5_000,
    );
    expect(starts()).toBe(before + 1);
    await until('CONNECTED');
  });

  it('relays a logout from the web node to the owning worker through the lease row', async () => {
    expect(
      (await web.request(`/api/whatsappsession/${conn.id}`, { method: 'DELETE', token: admin })).status,
    ).toBe(200);
    await until('DISCONNECTED');
    expect(fakeSessionCalls.filter((c) => c.token === conn.token).at(-1)?.call).toBe('logout');
    expect(
      await sql(web, 'select 1 from channel_session_data where connection_id = $1', [conn.id]),
    ).toHaveLength(0);
    await eventually(() =>
      workers[0].container.cradle.sessions.owned().includes(conn.id) ? undefined : true,
    );
  });
});
