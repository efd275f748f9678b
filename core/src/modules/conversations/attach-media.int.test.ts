import type { ChannelConnection, ConnectionDto, DomainEvents, InboundMessage, MessageDto } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventBus } from '../../events/event-bus.js';
import { sql } from '../../testing/attendance-fixtures.js';
import { openSocket, type TenantWithAgent, tenantWithAgent } from '../../testing/tenant-fixtures.js';
import type { ConversationsService } from './conversations-service.js';

/**
 * ConversationsPort.attachMedia: a history import stores media messages caption-only, and the channel attaches each
 * file once fetched. The message (of that connection, by the channel's id) gets its URL once, attendants see it live,
 * and nothing of another company moves. ingestHistory's storedIds says which messages were new (what to fetch).
 */
let host: TestHost;
let shop: TenantWithAgent;
let other: TenantWithAgent;
let conversations: ConversationsService;
const events: DomainEvents['message.media'][] = [];
const DAY = 86_400_000;

async function newConnection(tenant: TenantWithAgent, name: string): Promise<ChannelConnection> {
  const res = await host.request('/api/whatsapp', {
    token: tenant.adminToken,
    body: { channel: 'whatsapp', name },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const dto = (await res.json()) as ConnectionDto;
  const channel = await conversations.connectionByToken(dto.token as string, 'whatsapp');
  if (!channel) throw new Error('connection not found by token');
  return channel;
}

const photo = (externalId: string, from = '5511977770001'): InboundMessage => ({
  externalId,
  from: { id: from, name: 'Ana' },
  body: 'foto antiga',
  mediaType: 'image',
  timestamp: new Date(Date.now() - 3 * DAY),
});

const rowOf = async (c: ChannelConnection, externalId: string) =>
  (
    await sql<{ id: string; ticket_id: number; media_url: string | null; body: string }>(
      host,
      'select id, ticket_id, media_url, body from messages where whatsapp_id = $1 and external_id = $2',
      [c.id, externalId],
    )
  )[0];

const jpeg = (text: string) => ({
  data: new TextEncoder().encode(text),
  fileName: 'photo.jpg',
  mimeType: 'image/jpeg',
});

beforeAll(async () => {
  host = await createTestHost();
  const superToken = (await host.login(host.admin.email, host.admin.password)).token;
  shop = await tenantWithAgent(host, superToken, 'Midia Loja');
  other = await tenantWithAgent(host, superToken, 'Midia Outra');
  for (const t of [shop, other])
    await host.request(`/api/plans/${t.planId}`, {
      method: 'PUT',
      token: superToken,
      body: { connections: 10 },
    });
  conversations = host.resolve<ConversationsService>('conversations');
  host.resolve<EventBus>('events').on('message.media', async (payload) => void events.push(payload));
});
afterAll(() => host?.stop());

describe('attachMedia', () => {
  it("gives a stored message its file once, emits message.media, shows it live, and leaves another company's alone", async () => {
    const mine = await newConnection(shop, 'Fone midia');
    const theirs = await newConnection(other, 'Fone midia outra');
    const first = await conversations.ingestHistory(mine, [photo('wa-photo-1'), photo('wa-photo-2')]);
    expect(first).toMatchObject({ stored: 2, storedIds: ['wa-photo-1', 'wa-photo-2'] });
    // The same batch again: all duplicates, nothing to fetch.
    expect(await conversations.ingestHistory(mine, [photo('wa-photo-1')])).toMatchObject({
      stored: 0,
      duplicate: 1,
      storedIds: [],
    });
    // Another company's connection has a message with the same WhatsApp id.
    await conversations.ingestHistory(theirs, [photo('wa-photo-1', '5511977770009')]);
    const socket = await openSocket(host.url, shop.adminToken);

    const stored = await conversations.storeMedia(mine, jpeg('jpeg bytes'));
    expect(await conversations.attachMedia(mine, 'wa-photo-1', stored)).toBe(true);

    const row = await rowOf(mine, 'wa-photo-1');
    expect(row).toMatchObject({ media_url: stored.url, body: 'foto antiga' });
    expect(events).toEqual([
      { companyId: shop.companyId, ticketId: row?.ticket_id, messageId: Number(row?.id) },
    ]);
    const frame = await eventually(() =>
      socket.frames.find((f) => {
        const m = f.data.message as MessageDto | undefined;
        return (
          f.channel === `company-${shop.companyId}-appMessage` && m?.id === Number(row?.id) && m.mediaUrl
        );
      }),
    );
    expect(frame.data).toMatchObject({
      action: 'update',
      message: { mediaUrl: stored.url, mediaType: 'image' },
    });
    socket.close();

    expect((await rowOf(theirs, 'wa-photo-1'))?.media_url).toBeNull();
    expect((await rowOf(mine, 'wa-photo-2'))?.media_url).toBeNull();
  });

  it('changes nothing for an unknown id, a message that has its file, or a deleted one', async () => {
    const mine = await newConnection(shop, 'Fone midia 2');
    await conversations.ingestHistory(mine, [photo('wa-photo-3'), photo('wa-photo-4')]);
    const first = await conversations.storeMedia(mine, jpeg('first'));
    const second = await conversations.storeMedia(mine, jpeg('second'));
    const before = events.length;

    expect(await conversations.attachMedia(mine, 'wa-never-seen', first)).toBe(false);
    expect(await conversations.attachMedia(mine, 'wa-photo-3', first)).toBe(true);
    expect(await conversations.attachMedia(mine, 'wa-photo-3', second)).toBe(false);
    expect((await rowOf(mine, 'wa-photo-3'))?.media_url).toBe(first.url);
    expect(await conversations.revoked(mine, 'wa-photo-4')).toBe(true);
    expect(await conversations.attachMedia(mine, 'wa-photo-4', second)).toBe(false);
    expect((await rowOf(mine, 'wa-photo-4'))?.media_url).toBeNull();
    expect(events.length - before).toBe(1);
  });

  it("refuses a URL that is not a stored file of the connection's company (400 ERR_VALIDATION)", async () => {
    const mine = await newConnection(shop, 'Fone midia 3');
    const theirs = await newConnection(other, 'Fone midia outra 3');
    await conversations.ingestHistory(theirs, [photo('wa-photo-5')]);
    const shopFile = await conversations.storeMedia(mine, jpeg('shop only'));
    for (const url of [
      shopFile.url, // another company's file
      `/api/media/company${other.companyId}/${'0'.repeat(32)}.jpg`, // the right folder, no such file
      `/api/media/company${other.companyId}/../company${shop.companyId}/x.jpg`,
      'https://example.com/photo.jpg',
    ])
      await expect(conversations.attachMedia(theirs, 'wa-photo-5', { url })).rejects.toMatchObject({
        code: 'ERR_VALIDATION',
        status: 400,
      });
    expect((await rowOf(theirs, 'wa-photo-5'))?.media_url).toBeNull();
  });
});
