import type { ConnectionDto } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../testing/attendance-fixtures.js';
import { fakeSessionCalls, fakeWhatsappPlugin } from '../../testing/fake-whatsapp-plugin.js';
import { openSocket, type TestFrame, tenantWithAgent } from '../../testing/tenant-fixtures.js';

/** Fast leases: a pass every 100 ms. */
export const FAST_SESSIONS = { SESSION_LEASE_SECONDS: '1', SESSION_RENEW_MS: '100' };

interface SessionFrame {
  action: string;
  session: {
    id: number;
    status: string;
    qrcode: string | null;
    number: string | null;
    retries: number;
    token: null;
    failureReason?: string | null;
  };
}

const sessionFrames = (frames: TestFrame[], companyId: number, id: number) =>
  frames
    .filter((f) => f.channel === `company-${companyId}-whatsappSession`)
    .map((f) => f.data as unknown as SessionFrame)
    .filter((d) => d.session.id === id);

describe('stateful channel sessions (fake WhatsApp)', () => {
  let host: TestHost;
  let admin: string;
  let conn: ConnectionDto;

  const row = async (id: number) =>
    (
      await sql<{ status: string; qrcode: string | null; number: string | null; retries: number }>(
        host,
        'select status, qrcode, number, retries from whatsapps where id = $1',
        [id],
      )
    )[0];

  beforeAll(async () => {
    host = await createTestHost({ plugins: [fakeWhatsappPlugin], env: FAST_SESSIONS });
    admin = (await host.login(host.admin.email, host.admin.password)).token;
    const res = await host.request('/api/whatsapp', {
      token: admin,
      body: { name: 'Celular', channel: 'whatsapp' },
    });
    conn = (await res.json()) as ConnectionDto;
  });
  afterAll(() => host?.stop());

  it('a new connection starts linking at once: its QR code is on the row, for admins only', async () => {
    await eventually(async () => ((await row(conn.id)).status === 'qrcode' ? true : undefined));
    const first = (await row(conn.id)).qrcode;
    expect(first).toMatch(/^2@fake-qr-/);
    const read = async (token: string) =>
      (await (await host.request(`/api/whatsapp/${conn.id}`, { token })).json()) as ConnectionDto;
    expect(await read(admin)).toMatchObject({ status: 'qrcode', qrcode: first, retries: 1 });
    const { token: superToken } = await host.login(host.admin.email, host.admin.password);
    admin = superToken;
    const shop = await tenantWithAgent(host, superToken, 'Loja QR');
    const theirs = await host.request('/api/whatsapp', {
      token: shop.adminToken,
      body: { name: 'Celular da loja', channel: 'whatsapp' },
    });
    const shopConn = (await theirs.json()) as ConnectionDto;
    await eventually(async () => ((await row(shopConn.id)).status === 'qrcode' ? true : undefined));
    const agentView = (await (
      await host.request(`/api/whatsapp/${shopConn.id}`, { token: shop.agentToken })
    ).json()) as ConnectionDto;
    expect(agentView).toMatchObject({ status: 'qrcode', qrcode: null, token: null });
  });

  it('tries again on request, publishes qrcode, and a scan goes PAIRING then CONNECTED with the number', async () => {
    const socket = await openSocket(host.url, admin);
    const started = await host.request(`/api/whatsappsession/${conn.id}`, { method: 'POST', token: admin });
    expect(started.status).toBe(200);

    const qr = await eventually(() =>
      sessionFrames(socket.frames, 1, conn.id).find((f) => f.session.status === 'qrcode'),
    );
    expect(qr.action).toBe('update');
    expect(qr.session.qrcode).toMatch(/^2@fake-qr-/);
    expect(qr.session.token).toBeNull();
    expect(await row(conn.id)).toMatchObject({ status: 'qrcode', qrcode: qr.session.qrcode, retries: 2 });

    expect(
      (await host.request(`/test-channel/${conn.token}/scan`, { body: { number: '5511988887777' } })).status,
    ).toBe(204);
    const connected = await eventually(() =>
      sessionFrames(socket.frames, 1, conn.id).find((f) => f.session.status === 'CONNECTED'),
    );
    expect(connected.session).toMatchObject({ number: '5511988887777', qrcode: null, retries: 0 });
    const statuses = sessionFrames(socket.frames, 1, conn.id).map((f) => f.session.status);
    expect(statuses).toEqual(['OPENING', 'qrcode', 'PAIRING', 'CONNECTED']);
    expect(await row(conn.id)).toMatchObject({ status: 'CONNECTED', number: '5511988887777', qrcode: null });
    socket.close();
  });

  it('keeps the auth state encrypted at rest: the stored value is not the plaintext', async () => {
    const [stored] = await sql<{ key: string; value: string }>(
      host,
      'select key, value from channel_session_data where connection_id = $1',
      [conn.id],
    );
    expect(stored.key).toBe('auth');
    expect(stored.value).toMatch(/^v1:/);
    expect(stored.value).not.toContain('5511988887777');
    const store = host
      .resolve<{ store(id: number): { get(k: string): Promise<string | null> } }>('sessions')
      .store(conn.id);
    expect(JSON.parse((await store.get('auth')) ?? '{}').me).toBe('5511988887777');
  });

  it('resumes CONNECTED after a restart without a new QR code', async () => {
    const socket = await openSocket(host.url, admin);
    const res = await host.request('/api/whatsapp-restart/', { method: 'POST', token: admin });
    expect(res.status).toBe(200);
    await eventually(() =>
      sessionFrames(socket.frames, 1, conn.id).find((f) => f.session.status === 'CONNECTED'),
    );
    expect(sessionFrames(socket.frames, 1, conn.id).map((f) => f.session.status)).toEqual([
      'OPENING',
      'CONNECTED',
    ]);
    socket.close();
  });

  it('asks for a new QR code (PUT), forgetting the old auth state', async () => {
    const socket = await openSocket(host.url, admin);
    expect(
      (await host.request(`/api/whatsappsession/${conn.id}`, { method: 'PUT', token: admin })).status,
    ).toBe(200);
    await eventually(() =>
      sessionFrames(socket.frames, 1, conn.id).find((f) => f.session.status === 'qrcode'),
    );
    expect(
      (await host.request(`/test-channel/${conn.token}/scan`, { body: { number: '5511988887777' } })).status,
    ).toBe(204);
    await eventually(() =>
      sessionFrames(socket.frames, 1, conn.id).find((f) => f.session.status === 'CONNECTED'),
    );
    socket.close();
  });

  it('logs out (DELETE): DISCONNECTED, no number, the session store cleared, and start asks for a QR again', async () => {
    const socket = await openSocket(host.url, admin);
    const res = await host.request(`/api/whatsappsession/${conn.id}`, { method: 'DELETE', token: admin });
    expect(res.status).toBe(200);
    await eventually(() =>
      sessionFrames(socket.frames, 1, conn.id).find((f) => f.session.status === 'DISCONNECTED'),
    );
    expect(await row(conn.id)).toMatchObject({ status: 'DISCONNECTED', number: null });
    expect(
      await sql(host, 'select 1 from channel_session_data where connection_id = $1', [conn.id]),
    ).toHaveLength(0);
    expect(
      await sql(host, 'select 1 from channel_sessions where connection_id = $1', [conn.id]),
    ).toHaveLength(0);

    await host.request(`/api/whatsappsession/${conn.id}`, { method: 'POST', token: admin });
    await eventually(async () => ((await row(conn.id)).status === 'qrcode' ? true : undefined));
    socket.close();
  });

  it('logs the session out and forgets its store with the connection', async () => {
    const res = await host.request('/api/whatsapp', {
      token: admin,
      body: { name: 'Descartável', channel: 'whatsapp' },
    });
    const other = (await res.json()) as ConnectionDto;
    await eventually(async () => ((await row(other.id))?.status === 'qrcode' ? true : undefined));
    await host.request(`/test-channel/${other.token}/scan`, { body: {} });
    await eventually(async () => ((await row(other.id))?.status === 'CONNECTED' ? true : undefined));
    expect((await host.request(`/api/whatsapp/${other.id}`, { method: 'DELETE', token: admin })).status).toBe(
      204,
    );
    expect(
      await sql(host, 'select 1 from channel_session_data where connection_id = $1', [other.id]),
    ).toHaveLength(0);
    const manager = host.resolve<{ owned(): number[] }>('sessions');
    expect(manager.owned()).not.toContain(other.id);
    expect(fakeSessionCalls.filter((c) => c.token === other.token).map((c) => c.call)).toEqual([
      'start',
      'logout',
    ]);
  });

  it('a failure keeps its reason on the connection and its frame until the session works again (issue 24)', async () => {
    const sessions = host.resolve<{
      report(id: number, r: { status: string; reason?: string }): Promise<boolean>;
    }>('sessions');
    const socket = await openSocket(host.url, admin);
    const read = async () =>
      (await (await host.request(`/api/whatsapp/${conn.id}`, { token: admin })).json()) as ConnectionDto;

    await sessions.report(conn.id, { status: 'TIMEOUT', reason: 'no-network' });
    expect(await read()).toMatchObject({ status: 'TIMEOUT', failureReason: 'no-network' });
    const frame = await eventually(() =>
      sessionFrames(socket.frames, 1, conn.id).find((f) => f.session.status === 'TIMEOUT'),
    );
    expect(frame.session).toMatchObject({ failureReason: 'no-network' });
    await sessions.report(conn.id, { status: 'DISCONNECTED', reason: 'banned' });
    expect(await read()).toMatchObject({ status: 'DISCONNECTED', failureReason: 'banned' });
    // A reason the catalogue does not know is refused, not stored.
    await expect(sessions.report(conn.id, { status: 'DISCONNECTED', reason: 'gremlins' })).rejects.toThrow();
    expect((await read()).failureReason).toBe('banned');
    await sessions.report(conn.id, { status: 'CONNECTED' });
    expect((await read()).failureReason).toBeNull();
    socket.close();
  });

  it('emits connection.status to subscribers as statuses change', async () => {
    // The bus validates every payload against the catalogue in tests; here we read what reached it.
    const seen: { status: string; connectionId: number }[] = [];
    host
      .resolve<{ on(e: string, h: (p: { status: string; connectionId: number }) => Promise<void>): void }>(
        'events',
      )
      .on('connection.status', async (p) => void seen.push(p));
    await host.request(`/api/whatsappsession/${conn.id}`, { method: 'PUT', token: admin });
    await eventually(() => seen.find((p) => p.connectionId === conn.id && p.status === 'qrcode'));
  });

  describe('routes', () => {
    it('are for admins: an attendant gets 403, another company 404', async () => {
      // A new login of the same account ends the old session: the tests after this one use the new token.
      const { token: superToken } = await host.login(host.admin.email, host.admin.password);
      admin = superToken;
      const shop = await tenantWithAgent(host, superToken, 'Loja Sessões');
      for (const [method, path] of [
        ['POST', `/api/whatsappsession/${conn.id}`],
        ['PUT', `/api/whatsappsession/${conn.id}`],
        ['DELETE', `/api/whatsappsession/${conn.id}`],
        ['POST', '/api/whatsapp-restart'],
      ] as const) {
        expect((await host.request(path, { method, token: shop.agentToken })).status).toBe(403);
        expect((await host.request(path, { method })).status).toBe(401);
      }
      const foreign = await host.request(`/api/whatsappsession/${conn.id}`, {
        method: 'POST',
        token: shop.adminToken,
      });
      expect(foreign.status).toBe(404);
      expect(await foreign.json()).toEqual({ error: 'ERR_NO_WAPP_FOUND' });
    });

    it('answer 400 on a bad id and on a connection whose channel has no session', async () => {
      expect((await host.request('/api/whatsappsession/abc', { method: 'POST', token: admin })).status).toBe(
        400,
      );
      expect((await host.request('/api/whatsappsession/0', { method: 'DELETE', token: admin })).status).toBe(
        400,
      );
      expect((await host.request('/api/whatsappsession/99999', { method: 'PUT', token: admin })).status).toBe(
        404,
      );
      await sql(
        host,
        "insert into whatsapps (company_id, name, channel, token, status) values (1, 'Site', 'webchat', $1, 'CONNECTED')",
        ['W'.repeat(30)],
      );
      const [site] = await sql<{ id: number }>(host, "select id from whatsapps where name = 'Site'");
      const res = await host.request(`/api/whatsappsession/${site.id}`, { method: 'POST', token: admin });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'ERR_WAPP_NOT_INITIALIZED' });
    });

    it('a scan of a session that shows no QR code is refused', async () => {
      await host.request(`/api/whatsappsession/${conn.id}`, { method: 'DELETE', token: admin });
      expect((await host.request(`/test-channel/${conn.token}/scan`, { body: {} })).status).toBe(409);
    });
  });
});
