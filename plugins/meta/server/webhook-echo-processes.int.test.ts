import { delivery, type MockGraph, startMockGraph, textEvent } from '@balcao/channel-meta/testing';
import type { MessageDto, TicketDto } from '@balcao/sdk';
import {
  createTenant,
  createTestHost,
  eventually,
  type Kernel,
  startInstance,
  type TestHost,
} from '@balcao/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { APP_SECRET, PUBLIC_URL, postWebhook, VERIFY_TOKEN } from './contract-harness.js';
import { createMetaPlugin } from './index.js';

/**
 * Balcão as separate processes (BALCAO_ROLE): a web process receives Meta's webhook, a worker process delivers the
 * outbox, and they share only the database. An Instagram echo (Instagram's Send API takes no metadata) that arrives
 * at the web process before Graph has answered the worker's send is still told apart as Balcão's own: the farewell
 * the attendant sent just before closing the ticket is stored once, and the closed ticket stays closed.
 */
const PAGE = { id: '890001', name: 'Loja Processos', accessToken: 'EAAGprocPageToken00001' };
const IG = { id: '890009', username: 'loja.processos' };
let graph: MockGraph;
let web: TestHost;
let worker: Kernel | undefined;
let shop: { token: string; userId: number };
/** The Instagram account's connection. */
let igConnection: number;

const meta = () =>
  createMetaPlugin({
    env: {},
    appSecret: APP_SECRET,
    verifyToken: VERIFY_TOKEN,
    graphUrl: graph.url,
    publicUrl: PUBLIC_URL,
  });

beforeAll(async () => {
  graph = await startMockGraph();
  web = await createTestHost({ plugins: [meta()], env: { BALCAO_ROLE: 'web' } });
  worker = await startInstance(web, { role: 'worker', plugins: [meta()], env: { OUTBOX_POLL_MS: '50' } });
  const superToken = (await web.login(web.admin.email, web.admin.password)).token;
  const t = await createTenant(web, superToken, {
    name: 'Loja Processos',
    flags: { useFacebook: true, useInstagram: true },
  });
  // The page and its Instagram account are two connections.
  await web.request(`/api/plans/${t.planId}`, { method: 'PUT', token: superToken, body: { connections: 5 } });
  const login = await web.login(t.email, t.password);
  shop = { token: login.token, userId: login.user.id };
  graph.users.set('8900', { token: 'EAAGprocUserToken00001', pages: [{ ...PAGE, instagram: IG }] });
  const linked = await web.request('/api/facebook', {
    token: shop.token,
    body: { facebookUserId: '8900', facebookUserToken: 'EAAGprocUserToken00001', addInstagram: true },
  });
  expect(linked.status).toBe(200);
  const { connections } = (await linked.json()) as { connections: { id: number; channel: string }[] };
  igConnection = connections.find((c) => c.channel === 'instagram')?.id ?? 0;
  expect(igConnection).toBeGreaterThan(0);
});
afterAll(async () => {
  await worker?.stop();
  await web?.stop();
  await graph?.stop();
});

const api = async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
  const res = await web.request(path, { ...init, token: shop.token });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return (await res.json()) as T;
};
const ticketsOf = async (number: string, status: string) =>
  (await api<{ tickets: TicketDto[] }>(`/api/tickets?status=${status}&showAll=true`)).tickets.filter(
    (t) => t.contact.number === number,
  );
const messagesOf = async (ticketId: number) =>
  (await api<{ messages: MessageDto[] }>(`/api/messages/${ticketId}`)).messages;
/** The contact's tickets that are not closed (pending or open), now. */
const notClosed = async (number: string) => [
  ...(await ticketsOf(number, 'pending')),
  ...(await ticketsOf(number, 'open')),
];

/**
 * The contact writes on Instagram; the attendant takes the ticket, sends `farewell` while Graph holds its answer to
 * the worker's send, and closes the ticket; Meta's echo of the send is posted (signed) to the web process, and Graph
 * answers a moment later. Answers the ticket, the farewell, the webhook's answer to the echo and the contact's
 * tickets not closed while Graph held the answer.
 */
async function farewellOvertakenByItsEcho(contact: string, farewell: string) {
  const wrote = await postWebhook(
    web,
    delivery('instagram', IG.id, [textEvent(IG.id, contact, `m-${contact}`, 'Era só isso')]),
  );
  expect(wrote.status).toBe(200);
  const [ticket] = await eventually(async () => {
    const found = await ticketsOf(contact, 'pending');
    return found.length ? found : undefined;
  });
  await api(`/api/tickets/${ticket.id}`, { method: 'PUT', body: { status: 'open', userId: shop.userId } });
  // What accepting sent (a greeting) is delivered by the worker before the farewell (a ticket's sends go in order).
  await eventually(async () =>
    (await messagesOf(ticket.id)).some((m) => m.fromMe && m.ack >= 1) ? true : undefined,
  );

  const release = graph.holdSends();
  try {
    const reply = await api<MessageDto>(`/api/messages/${ticket.id}`, { body: { body: farewell } });
    // The worker's call to Graph is made; its answer is held.
    const sent = await eventually(() =>
      graph.sends.find((s) => s.recipient === contact && s.text?.includes(farewell)),
    );
    expect(sent.metadata).toBeUndefined();
    await api(`/api/tickets/${ticket.id}`, { method: 'PUT', body: { status: 'closed' } });
    // Meta's echo of the send reaches the web process first.
    const echo = {
      sender: { id: IG.id },
      recipient: { id: contact },
      timestamp: Date.now(),
      message: { is_echo: true, mid: sent.messageId, text: sent.text },
    };
    const posted = postWebhook(web, delivery('instagram', IG.id, [echo]));
    await new Promise((r) => setTimeout(r, 300));
    const whileHeld = await notClosed(contact);
    release();
    const echoed = await posted;
    await eventually(async () =>
      (await messagesOf(ticket.id)).find((m) => m.id === reply.id && m.ack >= 1) ? true : undefined,
    );
    return { ticket, echoed, whileHeld };
  } finally {
    release();
  }
}

/** The farewell is in the conversation once, the contact's one ticket is closed, and the webhook said why. */
async function expectFarewellOnceAndClosed(
  contact: string,
  farewell: string,
  scene: Awaited<ReturnType<typeof farewellOvertakenByItsEcho>>,
) {
  const { ticket, echoed, whileHeld } = scene;
  expect(whileHeld).toEqual([]);
  expect((await messagesOf(ticket.id)).filter((m) => m.body === farewell)).toHaveLength(1);
  expect(await notClosed(contact)).toEqual([]);
  expect((await ticketsOf(contact, 'closed')).map((t) => t.id)).toEqual([ticket.id]);
  // The webhook's answer says so: the echo was Balcão's own send, nothing stored.
  expect(echoed.status).toBe(200);
  expect(await echoed.json()).toMatchObject({ stored: 0, skipped: 1 });
}

it('with a reopen window, an Instagram echo reaching the web process before Graph answers the worker’s send reopens nothing: the farewell is stored once, the ticket stays closed', async () => {
  // A contact writing again within 10 minutes reopens their closed ticket (balcao_ingest): an echo must not.
  await api(`/api/whatsapp/${igConnection}`, { method: 'PUT', body: { timeCreateNewTicket: 10 } });
  try {
    const scene = await farewellOvertakenByItsEcho('igsid-proc-1', 'Até breve!');
    await expectFarewellOnceAndClosed('igsid-proc-1', 'Até breve!', scene);
  } finally {
    await api(`/api/whatsapp/${igConnection}`, { method: 'PUT', body: { timeCreateNewTicket: 0 } });
  }
}, 30_000);

it('without a reopen window, the same echo opens no ticket for the contact, not even for a moment', async () => {
  const scene = await farewellOvertakenByItsEcho('igsid-proc-2', 'Tchau, obrigado!');
  await expectFarewellOnceAndClosed('igsid-proc-2', 'Tchau, obrigado!', scene);
}, 30_000);
