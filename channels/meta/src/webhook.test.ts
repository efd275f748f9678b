import type { ConversationsPort, Logger } from '@balcao/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALCAO_SEND_METADATA, PAGE_TOKEN_KEY, sentByBalcaoKey } from './channel.js';
import { ContactProfiles, PROFILE_MAX_AGE_MS, PROFILE_RETRY_MS } from './contact-profile.js';
import { GraphClient } from './graph.js';
import { FIXTURE_IDS, fixture, imageDelivery } from './testing/fixtures.js';
import { type MockGraph, startMockGraph } from './testing/mock-graph.js';
import { recordingConversations } from './testing/recording-conversations.js';
import { delivery, textEvent } from './testing/webhook-events.js';
import { handleWebhook, webhookSchema } from './webhook.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const logger: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => logger };
let graph: MockGraph;
beforeAll(async () => {
  graph = await startMockGraph();
});
afterAll(() => graph.stop());

const run = (payload: unknown, conversations: ConversationsPort, profiles?: ContactProfiles) =>
  handleWebhook(webhookSchema.parse(payload), { conversations, logger, profiles });

describe('Meta webhook deliveries', () => {
  it('a Messenger text is ingested on the page’s connection, from the sender’s PSID, with the mid as externalId', async () => {
    const rec = recordingConversations();
    const payload = fixture('messenger-text');
    expect(await run(payload, rec.port)).toMatchObject({ stored: 1 });
    expect(rec.ingested).toEqual([
      {
        connection: 7,
        inbound: expect.objectContaining({
          externalId: 'm_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789text',
          from: { id: FIXTURE_IDS.psid, name: '', picture: null },
          body: 'Olá! Vocês entregam no sábado?',
          timestamp: new Date(payload.entry[0]?.messaging[0]?.timestamp as number),
        }),
      },
    ]);
  });

  it('an image is downloaded into Balcão’s media and ingested as an image with its address', async () => {
    const rec = recordingConversations();
    await run(imageDelivery(graph.file('pedido.png', PNG, 'image/png')), rec.port);
    expect(rec.stored).toEqual([{ fileName: 'pedido.png', mimeType: 'image/png', size: PNG.length }]);
    expect(rec.ingested[0]?.inbound).toMatchObject({
      mediaType: 'image',
      mediaUrl: '/api/media/company1/0123456789abcdef0123456789abcdef.png',
      body: '',
    });
  });

  it('an attachment that cannot be downloaded still arrives, as its type without a file', async () => {
    const rec = recordingConversations();
    await run(imageDelivery(`${graph.url}/cdn/missing.png`), rec.port);
    expect(rec.stored).toEqual([]);
    expect(rec.ingested[0]?.inbound).toMatchObject({ mediaType: 'image', mediaUrl: null });
  });

  it('the page’s own message (an echo) is the company’s message to the recipient: fromMe, once by its mid', async () => {
    const rec = recordingConversations();
    expect(await run(fixture('messenger-echo'), rec.port)).toMatchObject({ stored: 1 });
    expect(await run(fixture('messenger-echo'), rec.port)).toMatchObject({ stored: 0 });
    expect(rec.ingested).toEqual([
      {
        connection: 7,
        inbound: expect.objectContaining({
          externalId: 'm_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789echo',
          from: { id: FIXTURE_IDS.psid, name: '', picture: null },
          body: 'Respondido pela caixa de entrada da página',
          fromMe: true,
        }),
      },
    ]);
  });

  it('an echo of a mid Balcão’s send marked (a file, its caption) is skipped and its mark consumed', async () => {
    const rec = recordingConversations();
    const store = rec.stores.get(7);
    await store?.set(sentByBalcaoKey('m_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789echo'), '1');
    expect(await run(fixture('messenger-echo'), rec.port)).toMatchObject({ stored: 0, skipped: 1 });
    expect(rec.ingested).toEqual([]);
    expect([...(store?.map.keys() ?? [])]).toEqual([PAGE_TOKEN_KEY]);
  });

  it('an echo carrying Balcão’s send metadata is skipped, unmarked: it is Balcão’s own send, whose answer may still be on its way', async () => {
    const rec = recordingConversations();
    const echo = fixture('messenger-echo');
    const event = echo.entry[0]?.messaging[0];
    if (!event) throw new Error('the fixture has no event');
    event.message = { ...(event.message as object), metadata: BALCAO_SEND_METADATA };
    expect(await run(echo, rec.port)).toMatchObject({ stored: 0, skipped: 1 });
    expect(rec.ingested).toEqual([]);
    // Other metadata (another app's) is the page's message like any other.
    event.message = { ...(event.message as object), metadata: 'crm:42' };
    expect(await run(echo, rec.port)).toMatchObject({ skipped: 0 });
    expect(rec.ingested).toHaveLength(1);
  });

  it('a delivery acks each message it names as delivered (2); a read marks the contact’s messages read', async () => {
    const rec = recordingConversations();
    await run(fixture('messenger-delivery'), rec.port);
    await run(fixture('messenger-read'), rec.port);
    expect(rec.acks).toEqual([{ externalId: 'm_mock1', ack: 2 }]);
    expect(rec.reads).toEqual([FIXTURE_IDS.psid]);
  });

  it('Instagram deliveries go to the Instagram account’s connection', async () => {
    const rec = recordingConversations();
    await run(fixture('instagram-text'), rec.port);
    await run(fixture('instagram-read'), rec.port);
    expect(rec.ingested).toEqual([
      {
        connection: 8,
        inbound: expect.objectContaining({ from: { id: FIXTURE_IDS.igsid, name: '', picture: null } }),
      },
    ]);
    expect(rec.reads).toEqual([FIXTURE_IDS.igsid]);
  });

  it('entries of a page no connection is linked to are skipped', async () => {
    const rec = recordingConversations();
    const payload = fixture('messenger-text');
    if (payload.entry[0]) payload.entry[0].id = '999';
    expect(await run(payload, rec.port)).toMatchObject({ stored: 0, skipped: 1 });
    expect(rec.ingested).toEqual([]);
  });
});

describe('contact names and pictures from Graph', () => {
  let clock = Date.UTC(2026, 10, 1);
  const profiles = () =>
    new ContactProfiles(new GraphClient({ graphUrl: graph.url, graphVersion: 'v9.0' }), logger, () => clock);
  const PAGE = '106070012345678';
  beforeAll(() => {
    graph.users.set('91', {
      token: 'user-91',
      pages: [{ id: PAGE, name: 'Loja', accessToken: 'page-token-fixture' }],
    });
  });
  const requestsFor = (id: string) => graph.profileRequests.filter((r) => r.id === id).length;

  it('a new contact’s first message carries their name and picture, kept in Balcão; later messages ask Graph nothing', async () => {
    const rec = recordingConversations();
    const p = profiles();
    graph.profiles.set('psid-n1', {
      first_name: 'Ana',
      last_name: 'Souza',
      profile_pic: graph.file('ana.png', PNG, 'image/png'),
    });
    await run(delivery('page', PAGE, [textEvent(PAGE, 'psid-n1', 'm-n1-1', 'Oi')]), rec.port, p);
    await run(
      delivery('page', PAGE, [
        textEvent(PAGE, 'psid-n1', 'm-n1-2', 'Tudo bem?'),
        textEvent(PAGE, 'psid-n1', 'm-n1-3', '?'),
      ]),
      rec.port,
      p,
    );
    expect(rec.ingested.map((i) => i.inbound.from)).toEqual([
      {
        id: 'psid-n1',
        name: 'Ana Souza',
        picture: '/api/media/company1/0123456789abcdef0123456789abcdef.png',
      },
      { id: 'psid-n1', name: '', picture: null },
      { id: 'psid-n1', name: '', picture: null },
    ]);
    expect(rec.stored).toEqual([{ fileName: 'ana.png', mimeType: 'image/png', size: PNG.length }]);
    expect(requestsFor('psid-n1')).toBe(1);
    expect(rec.stores.get(7)?.map.get('profile:psid-n1')).toBe(String(clock));
  });

  it('a picture that cannot be downloaded, or is no image, leaves none; the name and message still go in', async () => {
    const rec = recordingConversations();
    const p = profiles();
    graph.profiles.set('psid-p1', { first_name: 'Caio', profile_pic: `${graph.url}/cdn/gone.jpg` });
    graph.profiles.set('psid-p2', {
      first_name: 'Duda',
      profile_pic: graph.file('duda.html', Buffer.from('<html>hi</html>'), 'text/html'),
    });
    await run(
      delivery('page', PAGE, [
        textEvent(PAGE, 'psid-p1', 'm-p1-1', 'Oi'),
        textEvent(PAGE, 'psid-p2', 'm-p2-1', 'Olá'),
      ]),
      rec.port,
      p,
    );
    expect(rec.ingested.map((i) => i.inbound.from)).toEqual([
      { id: 'psid-p1', name: 'Caio', picture: null },
      { id: 'psid-p2', name: 'Duda', picture: null },
    ]);
    expect(rec.stored).toEqual([]);
  });

  it('a contact looked up more than a week ago (or by older code) is looked up again on their next message', async () => {
    const rec = recordingConversations();
    const p = profiles();
    graph.profiles.set('psid-w1', {
      first_name: 'Eva',
      profile_pic: graph.file('eva.png', PNG, 'image/png'),
    });
    const say = (mid: string) =>
      run(delivery('page', PAGE, [textEvent(PAGE, 'psid-w1', mid, 'Oi')]), rec.port, p);
    await say('m-w1-1');
    clock += PROFILE_MAX_AGE_MS - 1;
    await say('m-w1-2');
    expect(requestsFor('psid-w1')).toBe(1);
    clock += 2;
    await say('m-w1-3');
    expect(requestsFor('psid-w1')).toBe(2);
    expect(rec.ingested.at(-1)?.inbound.from).toMatchObject({
      name: 'Eva',
      picture: expect.stringMatching(/^\/api\/media\//),
    });
    expect(rec.stores.get(7)?.map.get('profile:psid-w1')).toBe(String(clock));
    // A marker of older code (`1`, no date) held a CDN link that has since expired: asked again.
    rec.stores.get(7)?.map.set('profile:psid-w1', '1');
    await say('m-w1-4');
    expect(requestsFor('psid-w1')).toBe(3);
  });

  it('a picture that could not be kept is looked up again after PROFILE_RETRY_MS (not on every message meanwhile), then weekly', async () => {
    const rec = recordingConversations();
    const p = profiles();
    graph.profiles.set('psid-r1', { first_name: 'Rui', profile_pic: `${graph.url}/cdn/gone.jpg` });
    const say = (mid: string) =>
      run(delivery('page', PAGE, [textEvent(PAGE, 'psid-r1', mid, 'Oi')]), rec.port, p);
    await say('m-r1-1');
    expect(rec.ingested.at(-1)?.inbound.from).toEqual({ id: 'psid-r1', name: 'Rui', picture: null });
    clock += PROFILE_RETRY_MS - 1;
    await say('m-r1-2');
    expect(requestsFor('psid-r1')).toBe(1);
    // An hour on, Meta serves the picture again: looked up again, and kept.
    graph.profiles.set('psid-r1', {
      first_name: 'Rui',
      profile_pic: graph.file('rui.png', PNG, 'image/png'),
    });
    clock += 2;
    await say('m-r1-3');
    expect(requestsFor('psid-r1')).toBe(2);
    expect(rec.ingested.at(-1)?.inbound.from.picture).toMatch(/^\/api\/media\//);
    // Kept: the next lookup is a week away again.
    clock += PROFILE_RETRY_MS + 1;
    await say('m-r1-4');
    clock += PROFILE_MAX_AGE_MS - PROFILE_RETRY_MS - 2;
    await say('m-r1-5');
    expect(requestsFor('psid-r1')).toBe(2);
    clock += 2;
    await say('m-r1-6');
    expect(requestsFor('psid-r1')).toBe(3);
  });

  it('a failed lookup keeps the id as the name (the message still goes in) and is tried again with the next message', async () => {
    const rec = recordingConversations();
    const p = profiles();
    graph.profiles.set('psid-n2', { first_name: 'Bruno', last_name: '' });
    graph.failNextProfiles(1);
    expect(
      await run(delivery('page', PAGE, [textEvent(PAGE, 'psid-n2', 'm-n2-1', 'Oi')]), rec.port, p),
    ).toMatchObject({
      stored: 1,
    });
    expect(rec.stores.get(7)?.map.has('profile:psid-n2')).toBe(false);
    await run(delivery('page', PAGE, [textEvent(PAGE, 'psid-n2', 'm-n2-2', 'Alô?')]), rec.port, p);
    expect(rec.ingested.map((i) => i.inbound.from.name)).toEqual(['', 'Bruno']);
    expect(requestsFor('psid-n2')).toBe(2);
  });

  it('a contact Graph will not show is asked again later, never blocking the message', async () => {
    const rec = recordingConversations();
    await run(delivery('page', PAGE, [textEvent(PAGE, 'psid-hidden', 'm-h-1', 'Oi')]), rec.port, profiles());
    expect(rec.ingested).toHaveLength(1);
    expect(rec.stores.get(7)?.map.has('profile:psid-hidden')).toBe(false);
  });
});
