import { type ConnectionDto, definePlugin, type MessageDto, type OutboundMessage } from '@balcao/sdk';
import {
  createTenant,
  createTestHost,
  eventually,
  type Kernel,
  startInstance,
  type TestHost,
} from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../testing/attendance-fixtures.js';
import {
  fakeSessionCalls,
  fakeWhatsappChannel,
  fakeWhatsappPlugin,
} from '../../testing/fake-whatsapp-plugin.js';

/**
 * A plan that loses `useWhatsapp` (a downgrade), with web and worker apart: the worker owning the session stops it and
 * the connection says why; no session starts, no ticket opens and no message is sent through the connection — a
 * delivery already queued is marked not delivered with ERR_CHANNEL_NOT_IN_PLAN — until the plan has the flag again,
 * when the session resumes and the attendant's retry delivers.
 */
// The fake channel behind the flag the real WhatsApp plugin carries.
const flagged = definePlugin({
  ...fakeWhatsappPlugin,
  contributes: { channels: [{ ...fakeWhatsappChannel, planFlag: 'useWhatsapp' }] },
});
const SLOW = 15_000;
let web: TestHost;
let worker: Kernel | undefined;
let superToken: string;
let shop: { token: string; planId: number; userId: number };
let phone: ConnectionDto;
let ticketId: number;

const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
  web.request(path, { ...init, token: shop.token });
const connection = async () => (await (await api(`/api/whatsapp/${phone.id}`)).json()) as ConnectionDto;
const sent = async () =>
  (
    (await (await web.request(`/test-channel/${phone.token}/outbox`)).json()) as {
      messages: OutboundMessage[];
    }
  ).messages;
const setFlag = async (useWhatsapp: boolean) => {
  const res = await web.request(`/api/plans/${shop.planId}`, {
    method: 'PUT',
    token: superToken,
    body: { useWhatsapp },
  });
  expect(res.status).toBe(200);
};

beforeAll(async () => {
  web = await createTestHost({ plugins: [flagged], env: { BALCAO_ROLE: 'web' } });
  worker = await startInstance(web, {
    role: 'worker',
    plugins: [flagged],
    env: {
      SESSION_RENEW_MS: '100',
      SESSION_LEASE_SECONDS: '3',
      OUTBOX_POLL_MS: '50',
      OUTBOX_RETRY_BASE_MS: '100',
    },
  });
  superToken = (await web.login(web.admin.email, web.admin.password)).token;
  const t = await createTenant(web, superToken, { name: 'Loja Rebaixada', flags: { useWhatsapp: true } });
  const login = await web.login(t.email, t.password);
  shop = { token: login.token, planId: t.planId, userId: login.user.id };
  const created = await api('/api/whatsapp', { body: { name: 'Celular Loja', channel: 'whatsapp' } });
  expect(created.status).toBe(201);
  phone = (await created.json()) as ConnectionDto;
  await eventually(async () => ((await connection()).status === 'qrcode' ? true : undefined), SLOW);
  expect((await web.request(`/test-channel/${phone.token}/scan`, { body: {} })).status).toBe(204);
  await eventually(async () => ((await connection()).status === 'CONNECTED' ? true : undefined), SLOW);
  const inbound = await web.request(`/test-channel/${phone.token}/inbound`, {
    body: { externalId: 'down-1', from: { id: '5511955550001', name: 'Cida' }, body: 'Oi' },
  });
  expect(inbound.status).toBe(201);
  ticketId = ((await inbound.json()) as { ticketId: number }).ticketId;
  const accepted = await api(`/api/tickets/${ticketId}`, {
    method: 'PUT',
    body: { status: 'open', userId: shop.userId },
  });
  expect(accepted.status).toBe(200);
}, 60_000);
afterAll(async () => {
  await worker?.stop();
  await web?.stop();
});

describe('a plan that loses the channel', () => {
  it('stops the session on the worker that owns it, holds what was queued, refuses new work, and resumes with the flag', async () => {
    // A message queued while WhatsApp's servers are away waits in the outbox for its retry.
    expect(
      (await web.request(`/test-channel/${phone.token}/outage`, { method: 'PUT', body: { down: true } }))
        .status,
    ).toBe(204);
    const queued = await api(`/api/messages/${ticketId}`, { body: { body: 'Seu pedido saiu' } });
    expect(queued.status).toBe(201);
    const message = (await queued.json()) as MessageDto;
    const stopsBefore = fakeSessionCalls.filter((c) => c.token === phone.token && c.call === 'stop').length;

    await setFlag(false);
    // The worker stops the session and the connection says why.
    await eventually(async () => {
      const stops = fakeSessionCalls.filter((c) => c.token === phone.token && c.call === 'stop').length;
      return stops > stopsBefore ? true : undefined;
    }, SLOW);
    const held = await eventually(async () => {
      const c = await connection();
      return c.status === 'DISCONNECTED' && c.notInPlan ? c : undefined;
    }, SLOW);
    expect(held.notInPlan).toBe(true);
    // The servers are back (after the worker read the new plan: it caches plans a few seconds).
    await web.request(`/test-channel/${phone.token}/outage`, { method: 'PUT', body: { down: false } });
    // The queued delivery is not sent: the message is marked not delivered, with the reason, at once.
    const [failed] = await eventually(async () => {
      const rows = await sql<{ delivery_error: string | null }>(
        web,
        'select delivery_error from messages where id = $1',
        [message.id],
      );
      return rows[0]?.delivery_error ? rows : undefined;
    }, SLOW);
    expect(failed.delivery_error).toBe('ERR_CHANNEL_NOT_IN_PLAN');
    expect((await sent()).some((m) => m.messageId === message.id)).toBe(false);

    // Nothing new goes through it: a message, a new conversation, a session start.
    const refusedSend = await api(`/api/messages/${ticketId}`, { body: { body: 'Mais uma' } });
    expect(refusedSend.status).toBe(403);
    expect(await refusedSend.json()).toMatchObject({ error: 'ERR_CHANNEL_NOT_IN_PLAN', channel: 'whatsapp' });
    const contact = await api('/api/contacts', { body: { name: 'Davi Plano', number: '5511955550002' } });
    expect(contact.status).toBeLessThan(300);
    const { id: contactId } = (await contact.json()) as { id: number };
    const refusedTicket = await api('/api/tickets', {
      body: { contactId, whatsappId: phone.id, status: 'open', userId: shop.userId },
    });
    expect(refusedTicket.status).toBe(403);
    expect(await refusedTicket.json()).toMatchObject({ error: 'ERR_CHANNEL_NOT_IN_PLAN' });
    const refusedStart = await api(`/api/whatsappsession/${phone.id}`, { method: 'POST' });
    expect(refusedStart.status).toBe(403);
    expect(await refusedStart.json()).toMatchObject({ error: 'ERR_CHANNEL_NOT_IN_PLAN' });

    // The flag comes back: the session resumes (its auth state kept, no new QR) and the retry delivers.
    await setFlag(true);
    await eventually(async () => {
      const c = await connection();
      return c.status === 'CONNECTED' && !c.notInPlan ? true : undefined;
    }, SLOW);
    const retried = await api(`/api/messages/${message.id}/retry`, { method: 'POST' });
    expect(retried.status, await retried.clone().text()).toBeLessThan(300);
    await eventually(
      async () => ((await sent()).some((m) => m.messageId === message.id) ? true : undefined),
      SLOW,
    );
  });
});
