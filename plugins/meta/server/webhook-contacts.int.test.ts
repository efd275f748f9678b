import {
  BALCAO_SEND_METADATA,
  PROFILE_MAX_AGE_MS,
  PROFILE_RETRY_MS,
  profileKey,
  SUBSCRIBED_FIELDS,
  SUBSCRIBED_KEY,
} from '@balcao/channel-meta';
import { delivery, type MockGraph, textEvent } from '@balcao/channel-meta/testing';
import type { ConversationsPort, MessageDto, SessionStore, TicketDto } from '@balcao/sdk';
import { createTenant, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postWebhook, startMetaHost } from './contract-harness.js';

/**
 * What the webhook makes of who writes and what the page writes: a contact shows the name (and picture) Graph gives
 * for them, asked once with the page token kept in the connection's store; a failed lookup leaves the id as the name and
 * is asked again with a later message. Messages the page writes in Meta's own inbox (echoes) are the company's
 * messages in the contact's ticket, stored once; the echo of a reply Balcão sent is not stored again.
 */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PAGE = { id: '880001', name: 'Loja Nomes', accessToken: 'EAAGnamesPageToken00001' };
const IG = { id: '880009', username: 'loja.nomes' };
let host: TestHost;
let graph: MockGraph;
let shop: { token: string; userId: number };

beforeAll(async () => {
  ({ host, graph } = await startMetaHost());
  const superToken = (await host.login(host.admin.email, host.admin.password)).token;
  const t = await createTenant(host, superToken, {
    name: 'Loja Nomes',
    flags: { useFacebook: true, useInstagram: true },
  });
  await host.request(`/api/plans/${t.planId}`, {
    method: 'PUT',
    token: superToken,
    body: { connections: 5 },
  });
  const login = await host.login(t.email, t.password);
  shop = { token: login.token, userId: login.user.id };
  graph.users.set('8800', { token: 'EAAGnamesUserToken00001', pages: [{ ...PAGE, instagram: IG }] });
  const linked = await host.request('/api/facebook', {
    token: shop.token,
    body: { facebookUserId: '8800', facebookUserToken: 'EAAGnamesUserToken00001', addInstagram: true },
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
const post = async (object: 'page' | 'instagram', account: string, events: object[]) => {
  const res = await postWebhook(host, delivery(object, account, events));
  expect(res.status).toBe(200);
  return (await res.json()) as { stored: number; skipped: number };
};
const lookups = (id: string) => graph.profileRequests.filter((r) => r.id === id).length;
/** The page's connection store, where a contact's profile marker (when it was looked up) is kept. */
const pageStore = async () => {
  const conversations = host.resolve<ConversationsPort>('conversations');
  const connection = await conversations.connectionByAccount(PAGE.id, 'facebook');
  if (!connection) throw new Error('the page has no connection');
  const sessions = host.resolve<{ store(id: number): SessionStore | Promise<SessionStore> }>('sessions');
  return sessions.store(connection.id);
};
const getMarker = async (psid: string) => (await pageStore()).get(profileKey(psid));
/** Ages (or sets) a contact's profile marker, as time passing would. */
const setMarker = async (psid: string, at: number) => (await pageStore()).set(profileKey(psid), String(at));
/** The page writing to `psid` in Meta's inbox, as its echo arrives (with the send's metadata, if it had any). */
const echo = (psid: string, mid: string, text: string, metadata?: string) => ({
  sender: { id: PAGE.id },
  recipient: { id: psid },
  timestamp: Date.now(),
  message: { is_echo: true, app_id: 263902037430900, mid, text, ...(metadata ? { metadata } : {}) },
});
/** The contact's tickets in a status, now (none is waited for). */
const ticketsOf = async (number: string, status: string) =>
  (await api<{ tickets: TicketDto[] }>(`/api/tickets?status=${status}&showAll=true`)).tickets.filter(
    (t) => t.contact.number === number,
  );

describe('contact names and pictures', () => {
  it('a new Messenger contact shows their name and picture, kept in Balcão; Graph is asked once however often they write', async () => {
    graph.profiles.set('psid-ana', {
      first_name: 'Ana',
      last_name: 'Souza',
      profile_pic: graph.file('ana.png', PNG, 'image/png'),
    });
    await post('page', PAGE.id, [textEvent(PAGE.id, 'psid-ana', 'm-ana-1', 'Oi')]);
    await post('page', PAGE.id, [textEvent(PAGE.id, 'psid-ana', 'm-ana-2', 'Tem em azul?')]);
    const ticket = await ticketOf('psid-ana');
    expect(ticket.contact.name).toBe('Ana Souza');
    // Not Meta's CDN link, which expires: the file itself, in the company's media.
    expect(ticket.contact.urlPicture).toMatch(/^\/api\/media\//);
    const picture = await host.request(ticket.contact.urlPicture ?? '', { token: shop.token });
    expect(Buffer.from(await picture.arrayBuffer())).toEqual(PNG);
    expect(await messagesOf(ticket.id)).toHaveLength(2);
    expect(lookups('psid-ana')).toBe(1);
    expect(graph.profileRequests.find((r) => r.id === 'psid-ana')?.fields).toBe(
      'first_name,last_name,profile_pic',
    );
  });

  it('an Instagram contact is asked with Instagram’s fields and shows their name', async () => {
    graph.profiles.set('igsid-bia', { name: 'Bia Costa', username: 'bia.c' });
    await post('instagram', IG.id, [textEvent(IG.id, 'igsid-bia', 'ig-bia-1', 'Olá')]);
    const ticket = await ticketOf('igsid-bia');
    expect(ticket.contact.name).toBe('Bia Costa');
    expect(graph.profileRequests.find((r) => r.id === 'igsid-bia')?.fields).toBe('name,username,profile_pic');
  });

  it('a failed lookup keeps the id as the name, the message stored; the next message asks again and names them', async () => {
    graph.profiles.set('psid-caio', { first_name: 'Caio', last_name: 'Reis' });
    graph.failNextProfiles(1);
    expect(
      await post('page', PAGE.id, [textEvent(PAGE.id, 'psid-caio', 'm-caio-1', 'Bom dia')]),
    ).toMatchObject({
      stored: 1,
    });
    expect((await ticketOf('psid-caio')).contact.name).toBe('psid-caio');
    await post('page', PAGE.id, [textEvent(PAGE.id, 'psid-caio', 'm-caio-2', 'Alguém?')]);
    expect((await ticketOf('psid-caio')).contact.name).toBe('Caio Reis');
    expect(lookups('psid-caio')).toBe(2);
    await post('page', PAGE.id, [textEvent(PAGE.id, 'psid-caio', 'm-caio-3', 'Obrigado')]);
    expect(lookups('psid-caio')).toBe(2);
  });
});

describe('contact pictures kept fresh', () => {
  it('a picture Meta will not serve leaves none; a contact looked up over a week ago is looked up again, picture and all', async () => {
    graph.profiles.set('psid-gil', { first_name: 'Gil', profile_pic: `${graph.url}/cdn/expired.jpg` });
    await post('page', PAGE.id, [textEvent(PAGE.id, 'psid-gil', 'm-gil-1', 'Oi')]);
    expect((await ticketOf('psid-gil')).contact).toMatchObject({ name: 'Gil', urlPicture: null });
    // A week and a day later (the marker aged in the connection's store), Graph has a new picture.
    graph.profiles.set('psid-gil', {
      first_name: 'Gil',
      profile_pic: graph.file('gil.png', PNG, 'image/png'),
    });
    await post('page', PAGE.id, [textEvent(PAGE.id, 'psid-gil', 'm-gil-2', 'Ainda aí?')]);
    expect(lookups('psid-gil')).toBe(1);
    // The marker aged in the connection's store.
    await setMarker('psid-gil', Date.now() - PROFILE_MAX_AGE_MS - 86_400_000);
    await post('page', PAGE.id, [textEvent(PAGE.id, 'psid-gil', 'm-gil-3', 'Alô')]);
    expect(lookups('psid-gil')).toBe(2);
    expect((await ticketOf('psid-gil')).contact.urlPicture).toMatch(/^\/api\/media\//);
  });

  it('a weekly refresh whose picture fails keeps the picture the contact had; it is tried again an hour later', async () => {
    graph.profiles.set('psid-ivo', {
      first_name: 'Ivo',
      profile_pic: graph.file('ivo.png', PNG, 'image/png'),
    });
    await post('page', PAGE.id, [textEvent(PAGE.id, 'psid-ivo', 'm-ivo-1', 'Oi')]);
    const before = (await ticketOf('psid-ivo')).contact.urlPicture;
    expect(before).toMatch(/^\/api\/media\//);
    // A week and a day later, Graph's link to the picture no longer serves it.
    graph.profiles.set('psid-ivo', { first_name: 'Ivo', profile_pic: `${graph.url}/cdn/expired.jpg` });
    await setMarker('psid-ivo', Date.now() - PROFILE_MAX_AGE_MS - 86_400_000);
    await post('page', PAGE.id, [textEvent(PAGE.id, 'psid-ivo', 'm-ivo-2', 'Voltei')]);
    expect(lookups('psid-ivo')).toBe(2);
    expect((await ticketOf('psid-ivo')).contact.urlPicture).toBe(before);
    // Not asked again with each message, but once the retry delay is over (the marker aged by it).
    await post('page', PAGE.id, [textEvent(PAGE.id, 'psid-ivo', 'm-ivo-3', 'Alô')]);
    expect(lookups('psid-ivo')).toBe(2);
    graph.profiles.set('psid-ivo', {
      first_name: 'Ivo',
      profile_pic: graph.file('ivo2.png', PNG, 'image/png'),
    });
    await setMarker('psid-ivo', Number(await getMarker('psid-ivo')) - PROFILE_RETRY_MS);
    await post('page', PAGE.id, [textEvent(PAGE.id, 'psid-ivo', 'm-ivo-4', 'Alguém?')]);
    expect(lookups('psid-ivo')).toBe(3);
    expect((await ticketOf('psid-ivo')).contact.urlPicture).toMatch(/^\/api\/media\//);
  });
});

describe('the page’s own messages (echoes)', () => {
  it('a message written in Meta’s inbox is stored once, as the company’s, in the contact’s ticket', async () => {
    await post('page', PAGE.id, [textEvent(PAGE.id, 'psid-davi', 'm-davi-1', 'Qual o horário?')]);
    const ticket = await ticketOf('psid-davi');
    expect((await post('page', PAGE.id, [echo('psid-davi', 'm-echo-davi', 'Das 9 às 18h')])).stored).toBe(1);
    expect((await post('page', PAGE.id, [echo('psid-davi', 'm-echo-davi', 'Das 9 às 18h')])).stored).toBe(0);
    const messages = await messagesOf(ticket.id);
    expect(messages.map((m) => [m.body, m.fromMe])).toEqual([
      ['Qual o horário?', false],
      ['Das 9 às 18h', true],
    ]);
  });

  it('the echo of a reply Balcão sent is not stored again: it carries the mid the Send API answered', async () => {
    await post('page', PAGE.id, [textEvent(PAGE.id, 'psid-eva', 'm-eva-1', 'Oi, tudo bem?')]);
    const ticket = await ticketOf('psid-eva');
    await api(`/api/tickets/${ticket.id}`, { method: 'PUT', body: { status: 'open', userId: shop.userId } });
    const reply = await api<MessageDto>(`/api/messages/${ticket.id}`, { body: { body: 'Tudo ótimo!' } });
    const sent = await eventually(() =>
      graph.sends.find((s) => s.recipient === 'psid-eva' && s.text?.includes('Tudo ótimo!')),
    );
    // The outbox recorded the mid (ack 1) before Meta's echo of it arrives.
    await eventually(async () =>
      (await messagesOf(ticket.id)).find((m) => m.id === reply.id && m.ack >= 1) ? true : undefined,
    );
    const before = (await messagesOf(ticket.id)).length;
    expect(sent.metadata).toBe(BALCAO_SEND_METADATA);
    expect((await post('page', PAGE.id, [echo('psid-eva', sent.messageId, sent.text ?? '')])).stored).toBe(0);
    const after = await messagesOf(ticket.id);
    expect(after).toHaveLength(before);
    expect(after.filter((m) => m.body.includes('Tudo ótimo!'))).toHaveLength(1);
  });
  it('a farewell’s echo that overtakes Graph’s answer to the send opens no ticket: its metadata says it is Balcão’s', async () => {
    await post('page', PAGE.id, [textEvent(PAGE.id, 'psid-rui', 'm-rui-1', 'Obrigado, era isso')]);
    const ticket = await ticketOf('psid-rui');
    await api(`/api/tickets/${ticket.id}`, { method: 'PUT', body: { status: 'open', userId: shop.userId } });
    // Accepting sent the greeting: its answer comes first (the outbox sends a ticket's messages in order).
    await eventually(async () =>
      (await messagesOf(ticket.id)).some((m) => m.fromMe && m.ack >= 1) ? true : undefined,
    );
    const release = graph.holdSends();
    try {
      const reply = await api<MessageDto>(`/api/messages/${ticket.id}`, { body: { body: 'Até logo!' } });
      const sent = await eventually(() =>
        graph.sends.find((s) => s.recipient === 'psid-rui' && s.text?.includes('Até logo!')),
      );
      // The attendant closes the ticket; Meta's echo arrives while Graph's answer to the send is still on its way.
      await api(`/api/tickets/${ticket.id}`, { method: 'PUT', body: { status: 'closed' } });
      const echoed = await post('page', PAGE.id, [
        echo('psid-rui', sent.messageId, sent.text ?? '', sent.metadata),
      ]);
      expect(echoed).toMatchObject({ stored: 0, skipped: 1 });
      expect(await ticketsOf('psid-rui', 'pending')).toEqual([]);
      release();
      await eventually(async () =>
        (await messagesOf(ticket.id)).find((m) => m.id === reply.id && m.ack >= 1) ? true : undefined,
      );
    } finally {
      release();
    }
    expect((await messagesOf(ticket.id)).filter((m) => m.body.includes('Até logo!'))).toHaveLength(1);
    expect(await ticketsOf('psid-rui', 'pending')).toEqual([]);
    expect(await ticketsOf('psid-rui', 'open')).toEqual([]);
    expect((await ticketsOf('psid-rui', 'closed')).map((t) => t.id)).toEqual([ticket.id]);
  });
  it('on Instagram (no send metadata), an echo that overtakes Graph’s answer waits for the send and is skipped as Balcão’s', async () => {
    await post('instagram', IG.id, [textEvent(IG.id, 'igsid-caio', 'm-caio-1', 'Era só isso, obrigada')]);
    const ticket = await ticketOf('igsid-caio');
    await api(`/api/tickets/${ticket.id}`, { method: 'PUT', body: { status: 'open', userId: shop.userId } });
    await eventually(async () =>
      (await messagesOf(ticket.id)).some((m) => m.fromMe && m.ack >= 1) ? true : undefined,
    );
    const release = graph.holdSends();
    try {
      const reply = await api<MessageDto>(`/api/messages/${ticket.id}`, { body: { body: 'Até mais!' } });
      const sent = await eventually(() =>
        graph.sends.find((s) => s.recipient === 'igsid-caio' && s.text?.includes('Até mais!')),
      );
      expect(sent.metadata).toBeUndefined();
      await api(`/api/tickets/${ticket.id}`, { method: 'PUT', body: { status: 'closed' } });
      const igEcho = { ...echo('igsid-caio', sent.messageId, sent.text ?? ''), sender: { id: IG.id } };
      const echoed = post('instagram', IG.id, [igEcho]);
      // The webhook waits for the send to the contact still on its way; Graph answers, and the echo is Balcão's.
      await new Promise((r) => setTimeout(r, 200));
      release();
      expect(await echoed).toMatchObject({ stored: 0, skipped: 1 });
      await eventually(async () =>
        (await messagesOf(ticket.id)).find((m) => m.id === reply.id && m.ack >= 1) ? true : undefined,
      );
    } finally {
      release();
    }
    expect((await messagesOf(ticket.id)).filter((m) => m.body.includes('Até mais!'))).toHaveLength(1);
    expect(await ticketsOf('igsid-caio', 'pending')).toEqual([]);
    expect((await ticketsOf('igsid-caio', 'closed')).map((t) => t.id)).toEqual([ticket.id]);
  });
});

describe('pages linked before the echo subscription', () => {
  it('a page whose connection lacks the mark of the current fields is subscribed again once, on its next webhook', async () => {
    const OLD = { id: '880101', name: 'Loja Antiga', accessToken: 'EAAGoldPageToken000001' };
    graph.users.set('8801', { token: 'EAAGoldUserToken000001', pages: [OLD] });
    const linked = await host.request('/api/facebook', {
      token: shop.token,
      body: { facebookUserId: '8801', facebookUserToken: 'EAAGoldUserToken000001', addInstagram: false },
    });
    expect(linked.status).toBe(200);
    const calls = () => graph.subscriptions.filter((s) => s.pageId === OLD.id).length;
    expect(calls()).toBe(1);
    // As older code linked it: subscribed, but without the mark (nor message_echoes).
    const conversations = host.resolve<ConversationsPort>('conversations');
    const connection = await conversations.connectionByAccount(OLD.id, 'facebook');
    if (!connection) throw new Error('the page has no connection');
    const store = await host
      .resolve<{ store(id: number): SessionStore | Promise<SessionStore> }>('sessions')
      .store(connection.id);
    await store.delete(SUBSCRIBED_KEY);

    await post('page', OLD.id, [textEvent(OLD.id, 'psid-old-1', 'm-old-1', 'Oi')]);
    await eventually(async () =>
      (await store.get(SUBSCRIBED_KEY)) === SUBSCRIBED_FIELDS ? true : undefined,
    );
    expect(calls()).toBe(2);
    expect(graph.subscriptions.at(-1)).toEqual({ pageId: OLD.id, fields: SUBSCRIBED_FIELDS });
    await post('page', OLD.id, [textEvent(OLD.id, 'psid-old-1', 'm-old-2', 'Tem alguém?')]);
    await post('page', OLD.id, [textEvent(OLD.id, 'psid-old-2', 'm-old-3', 'Bom dia')]);
    expect(calls()).toBe(2);
  });
});
