import { FIXTURE_IDS, fixture, imageDelivery, type MockGraph } from '@balcao/channel-meta/testing';
import type { MessageDto, PluginInfoDto, TicketDto } from '@balcao/sdk';
import { createTenant, eventually, type TestHost } from '@balcao/testing';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postWebhook, startMetaHost, VERIFY_TOKEN } from './contract-harness.js';
import { WEBHOOK_PATH } from './index.js';

/**
 * The webhook Meta posts every linked page's events to: it answers the verification handshake, takes only deliveries
 * signed with the app secret (anything else is 401 and stores nothing), stores messages once, downloads attachments
 * into Balcão, stores the page's own messages (echoes) as the company's, turns deliveries and reads into acks, and
 * hears only pages whose company's plan offers the channel.
 */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
let host: TestHost;
let graph: MockGraph;
let superToken: string;
let shop: { token: string; planId: number; userId: number };

beforeAll(async () => {
  ({ host, graph } = await startMetaHost());
  superToken = (await host.login(host.admin.email, host.admin.password)).token;
  const t = await createTenant(host, superToken, {
    name: 'Loja Webhook',
    flags: { useFacebook: true, useInstagram: true },
  });
  await host.request(`/api/plans/${t.planId}`, {
    method: 'PUT',
    token: superToken,
    body: { connections: 5 },
  });
  const login = await host.login(t.email, t.password);
  shop = { token: login.token, planId: t.planId, userId: login.user.id };
  // The recorded deliveries' page and Instagram account belong to this company.
  const pages = [
    {
      id: FIXTURE_IDS.page,
      name: 'Loja Webhook',
      accessToken: 'EAAGwebhookPageToken0001',
      instagram: { id: FIXTURE_IDS.instagram, username: 'loja.webhook' },
    },
  ];
  graph.users.set('7001', { token: 'EAAGwebhookUserToken0001', pages });
  const linked = await host.request('/api/facebook', {
    token: shop.token,
    body: { facebookUserId: '7001', facebookUserToken: 'EAAGwebhookUserToken0001', addInstagram: true },
  });
  expect(linked.status).toBe(200);
});
afterAll(async () => {
  await host?.stop();
  await graph?.stop();
});

const api = async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
  const res = await host.request(path, { ...init, token: shop.token });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return (await res.json()) as T;
};
const ticketOf = (number: string, status = 'pending') =>
  eventually(async () =>
    (await api<{ tickets: TicketDto[] }>(`/api/tickets?status=${status}&showAll=true`)).tickets.find(
      (t) => t.contact.number === number,
    ),
  );
const messagesOf = async (ticketId: number) =>
  (await api<{ messages: MessageDto[] }>(`/api/messages/${ticketId}`)).messages;
const messageCount = async () => {
  const [row] = await host
    .resolve<MikroORM>('orm')
    .em.getConnection()
    .execute<{ n: string }[]>('select count(*) as n from messages');
  return Number(row?.n);
};

describe('webhook verification (GET)', () => {
  const verify = (query: string) => fetch(`${host.url}${WEBHOOK_PATH}?${query}`);

  it('echoes hub.challenge when the verify token matches', async () => {
    const res = await verify(`hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('1158201444');
  });

  it('refuses a wrong token or mode with 403', async () => {
    expect((await verify('hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1')).status).toBe(403);
    expect(
      (await verify(`hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`)).status,
    ).toBe(403);
  });
});

describe('webhook deliveries (POST)', () => {
  it('a bad, missing or foreign signature is 401 and nothing is stored', async () => {
    const before = await messageCount();
    const payload = fixture('messenger-text');
    const body = JSON.stringify(payload);
    const post = (headers: Record<string, string>) =>
      fetch(`${host.url}${WEBHOOK_PATH}`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', ...headers },
      });
    expect((await post({})).status).toBe(401);
    expect((await post({ 'x-hub-signature-256': `sha256=${'0'.repeat(64)}` })).status).toBe(401);
    expect((await postWebhook(host, payload, 'not-the-app-secret')).status).toBe(401);
    expect(await messageCount()).toBe(before);
  });

  it('malformed JSON is 400, and so is a body that is not a delivery', async () => {
    const res = await fetch(`${host.url}${WEBHOOK_PATH}`, {
      method: 'POST',
      body: '{"object": "page", "entry": [',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${'0'.repeat(64)}` },
    });
    expect(res.status).toBe(400);
    expect((await postWebhook(host, { entry: 'none' })).status).toBe(400);
  });

  it('a text is stored once in a pending facebook ticket, however often Meta delivers it', async () => {
    expect((await postWebhook(host, fixture('messenger-text'))).status).toBe(200);
    expect((await postWebhook(host, fixture('messenger-text'))).status).toBe(200);
    const ticket = await ticketOf(FIXTURE_IDS.psid);
    expect(ticket.channel).toBe('facebook');
    const texts = (await messagesOf(ticket.id)).filter((m) => m.body === 'Olá! Vocês entregam no sábado?');
    expect(texts).toHaveLength(1);
  });

  it('an image is downloaded into Balcão and served with the same bytes', async () => {
    await postWebhook(host, imageDelivery(graph.file('pedido.png', PNG, 'image/png')));
    const ticket = await ticketOf(FIXTURE_IDS.psid);
    const image = await eventually(async () =>
      (await messagesOf(ticket.id)).find((m) => m.mediaType === 'image'),
    );
    const served = await fetch(new URL(image.mediaUrl ?? '', host.url));
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
  });

  it('the page’s recorded echo is stored once, as the company’s message in the contact’s ticket', async () => {
    const before = await messageCount();
    expect((await postWebhook(host, fixture('messenger-echo'))).status).toBe(200);
    expect((await postWebhook(host, fixture('messenger-echo'))).status).toBe(200);
    expect(await messageCount()).toBe(before + 1);
    const ticket = await ticketOf(FIXTURE_IDS.psid);
    const echoes = (await messagesOf(ticket.id)).filter(
      (m) => m.body === 'Respondido pela caixa de entrada da página',
    );
    expect(echoes.map((m) => m.fromMe)).toEqual([true]);
  });

  it('Instagram messages arrive on the Instagram connection', async () => {
    await postWebhook(host, fixture('instagram-text'));
    const ticket = await ticketOf(FIXTURE_IDS.igsid);
    expect(ticket.channel).toBe('instagram');
  });

  it('a reply is delivered (2) then read (3) as the page’s delivery and read events say', async () => {
    const ticket = await ticketOf(FIXTURE_IDS.psid);
    await api(`/api/tickets/${ticket.id}`, { method: 'PUT', body: { status: 'open', userId: shop.userId } });
    const reply = await api<MessageDto>(`/api/messages/${ticket.id}`, { body: { body: 'Entregamos sim!' } });
    // Accepting the ticket sent the greeting first: the reply is the send that carries its text.
    const sent = await eventually(() =>
      graph.sends.find((s) => s.recipient === FIXTURE_IDS.psid && s.text?.includes('Entregamos sim!')),
    );
    const ackOf = async () => (await messagesOf(ticket.id)).find((m) => m.id === reply.id)?.ack;
    await eventually(async () => ((await ackOf()) === 1 ? true : undefined));
    const delivered = fixture('messenger-delivery');
    const event = delivered.entry[0]?.messaging[0];
    if (event) event.delivery = { mids: [sent.messageId], watermark: Date.now() };
    await postWebhook(host, delivered);
    await eventually(async () => ((await ackOf()) === 2 ? true : undefined));
    await postWebhook(host, fixture('messenger-read'));
    await eventually(async () => ((await ackOf()) === 3 ? true : undefined));
  });

  it('24 hours after the contact’s last message, a reply is refused with 400 ERR_OUTSIDE_REPLY_WINDOW', async () => {
    const ticket = await ticketOf(FIXTURE_IDS.psid, 'open');
    await host
      .resolve<MikroORM>('orm')
      .em.getConnection()
      .execute(
        `update messages set created_at = now() - interval '25 hours' where ticket_id = ? and not from_me`,
        [ticket.id],
      );
    const res = await host.request(`/api/messages/${ticket.id}`, {
      token: shop.token,
      body: { body: 'Tarde demais' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'ERR_OUTSIDE_REPLY_WINDOW', hours: 24 });
  });
});

describe('plan flags', () => {
  it('a plan without useInstagram is not offered instagram, and its Instagram deliveries are not stored', async () => {
    const before = (await api<PluginInfoDto[]>('/api/plugins')).find((p) => p.name === 'meta');
    expect(before?.channels).toEqual(['facebook', 'instagram']);
    await host.request(`/api/plans/${shop.planId}`, {
      method: 'PUT',
      token: superToken,
      body: { useInstagram: false },
    });
    const after = (await api<PluginInfoDto[]>('/api/plugins')).find((p) => p.name === 'meta');
    expect(after?.channels).toEqual(['facebook']);
    const count = await messageCount();
    const payload = fixture('instagram-text');
    const message = payload.entry[0]?.messaging[0]?.message as { mid: string } | undefined;
    if (message) message.mid = 'aWdfZAG1faXRlbToxOklHTWVzc2FnZAUlEOjE3ODQxNDAwMDAwMDAwMDAxOjk5OQ==';
    const res = await postWebhook(host, payload);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ stored: 0, skipped: 1 });
    expect(await messageCount()).toBe(count);
  });
});
