import type { ConnectionDto, OutboundMessage } from '@balcao/sdk';
import { createTestHost, eventually, type Kernel, startInstance, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../testing/attendance-fixtures.js';
import { fakeWhatsappPlugin, fakeWhatsappWebPlugin } from '../../testing/fake-whatsapp-plugin.js';

/**
 * Balcão as a web process and a worker process sharing only the database (BALCAO_ROLE): the WhatsApp session runs in
 * the worker, so every request that needs the phone's socket — the new contact's number check, "Import from phone",
 * the password-reset code — is relayed to the session's owner and answered from there. The web process's fake fails
 * such calls as Baileys does without a socket, so a call made in the wrong process fails the test.
 */
let web: TestHost;
let worker: Kernel | undefined;
let admin: string;
let phone: ConnectionDto;

const statusOf = async () =>
  ((await (await web.request(`/api/whatsapp/${phone.id}`, { token: admin })).json()) as ConnectionDto).status;

beforeAll(async () => {
  web = await createTestHost({
    plugins: [fakeWhatsappWebPlugin],
    env: { BALCAO_ROLE: 'web', SESSION_CALL_TIMEOUT_MS: '700', TRUST_PROXY: 'true' },
  });
  worker = await startInstance(web, {
    role: 'worker',
    plugins: [fakeWhatsappPlugin],
    env: { SESSION_RENEW_MS: '100', SESSION_LEASE_SECONDS: '3' },
  });
  admin = (await web.login(web.admin.email, web.admin.password)).token;
  const created = await web.request('/api/whatsapp', {
    token: admin,
    body: { name: 'Celular Processos', channel: 'whatsapp', isDefault: true },
  });
  expect(created.status).toBe(201);
  phone = (await created.json()) as ConnectionDto;
  // Opening the connection asks for its session: the worker claims and starts it; the phone scans the QR code.
  await eventually(async () => ((await statusOf()) === 'qrcode' ? true : undefined));
  expect((await web.request(`/test-channel/${phone.token}/scan`, { body: {} })).status).toBe(204);
  await eventually(async () => ((await statusOf()) === 'CONNECTED' ? true : undefined));
}, 60_000);
afterAll(async () => {
  await worker?.stop();
  await web?.stop();
});

describe('session calls from the web process', () => {
  it("a new contact's number is checked by the worker running the session: a number with an account is stored, one without is 400", async () => {
    const ok = await web.request('/api/contacts', {
      token: admin,
      body: { name: 'Ana Relay', number: '5511966660001' },
    });
    expect(ok.status, await ok.clone().text()).toBeLessThan(300);
    const none = await web.request('/api/contacts', {
      token: admin,
      body: { name: 'Sem Conta', number: '5500966660002' },
    });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ error: 'ERR_WAPP_INVALID_CONTACT' });
    const failing = await web.request('/api/contacts', {
      token: admin,
      body: { name: 'Falha', number: '5501966660003' },
    });
    expect(failing.status).toBe(502);
    expect(await failing.json()).toMatchObject({ error: 'ERR_WAPP_CHECK_CONTACT' });
  });

  it("Import from phone reads the address book through the worker's session", async () => {
    const book = { contacts: [{ number: '5511966661001', name: 'Bia Agenda' }] };
    expect(
      (await web.request(`/test-channel/${phone.token}/address-book`, { method: 'PUT', body: book })).status,
    ).toBe(204);
    const res = await web.request('/api/contacts/import', { token: admin, body: {} });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ imported: 1, skipped: 0 });
  });

  it('the password-reset code is texted by the worker running the platform connection', async () => {
    const wpp = '5511966662001';
    const created = await web.request('/api/users', {
      token: admin,
      body: { name: 'Rita Relay', email: 'rita.relay@balcao.test', password: 'senha-antiga', wpp },
    });
    expect(created.status).toBe(201);
    const asked = await web.request('/api/enviar-email', {
      body: { wpp },
      headers: { 'x-forwarded-for': '198.51.100.77' },
    });
    expect(asked.status).toBe(200);
    const sent = await eventually(async () => {
      const res = await web.request(`/test-channel/${phone.token}/outbox`);
      const { messages } = (await res.json()) as { messages: OutboundMessage[] };
      return messages.find((m) => m.to === wpp);
    });
    expect(sent.body).toMatch(/\b\d{6}\b/);
  });

  it('an owner that does not answer: 504 ERR_SESSION_TIMEOUT once the wait is over, and the call is withdrawn', async () => {
    // The lease names an instance that is not there (a frozen worker): nobody takes the call.
    await sql(
      web,
      "update channel_sessions set owner = 'frozen-worker', expires_at = now() + interval '1 hour'",
    );
    const res = await web.request('/api/contacts', {
      token: admin,
      body: { name: 'Cai Tempo', number: '5511966663001' },
    });
    expect(res.status).toBe(504);
    expect(await res.json()).toMatchObject({ error: 'ERR_SESSION_TIMEOUT' });
    expect(await sql(web, 'select id from channel_session_calls')).toEqual([]);
  });

  it('no live owner at all: 503 ERR_SESSION_UNAVAILABLE at once', async () => {
    await worker?.stop();
    worker = undefined;
    await sql(web, 'update channel_sessions set owner = null, expires_at = now()');
    const res = await web.request('/api/contacts/import', { token: admin, body: {} });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: 'ERR_SESSION_UNAVAILABLE' });
  });
});
