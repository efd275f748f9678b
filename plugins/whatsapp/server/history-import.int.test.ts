import { fakeSockets, historyFixture } from '@balcao/channel-whatsapp/testing';
import type { ConnectionDto, MessageDto, TicketDto } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { proto, type WAMessage } from '@whiskeysockets/baileys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWhatsappPlugin } from './index.js';

/**
 * A history import end to end: the connection asks for one, its session (the real adapter in the real plugin, on a
 * fake Baileys socket) connects, WhatsApp's recorded history batches arrive, and the imported conversations show as
 * tickets with the close action offered; "close imported" closes them.
 */
const DAY = 86_400_000;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);
let host: TestHost;
let token: string;
const fake = fakeSockets((socket) => socket.openAs('5511999990000'));

const api = async (path: string, init: { method?: string; body?: unknown } = {}) => {
  const res = await host.request(path, { ...init, token });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return res.json();
};

const ticketsOf = async (connectionId: number, status: string): Promise<TicketDto[]> =>
  (await api(`/api/tickets?status=${status}&showAll=true&whatsappIds=${connectionId}`)).tickets;

beforeAll(async () => {
  // WhatsApp's media servers, played here: each photo's bytes name its message.
  const downloadMedia = async (m: WAMessage) => new TextEncoder().encode(`jpeg ${m.key.id}`);
  host = await createTestHost({
    plugins: [createWhatsappPlugin({ makeSocket: fake.makeSocket, downloadMedia })],
  });
  token = (await host.login(host.admin.email, host.admin.password)).token;
});
afterAll(() => host?.stop());

describe('WhatsApp history import through core', () => {
  it('imports the window when the session connects, then offers and performs "close imported"', async () => {
    const connection = (await api('/api/whatsapp', {
      body: {
        name: 'Loja antiga',
        channel: 'whatsapp',
        importOldMessages: day(40),
        importRecentMessages: day(0),
      },
    })) as ConnectionDto;
    // A new connection's session starts at once.
    const socket = await eventually(() =>
      fake.opened.find((s) => s.config.auth?.creds.me && s.config.syncFullHistory === true),
    );
    await eventually(async () =>
      ((await api(`/api/whatsapp/${connection.id}`)) as ConnectionDto).status === 'CONNECTED'
        ? true
        : undefined,
    );

    expect(((await api(`/api/whatsapp/${connection.id}`)) as ConnectionDto).importStartedAt).toBeNull();
    const newest = new Date(Date.now() - DAY);
    const historyArrives = Date.now();
    socket.historySet(historyFixture('history-set-recent', newest));
    socket.historyStatus(proto.HistorySync.HistorySyncType.RECENT);
    socket.historySet(historyFixture('history-set-full', newest));
    const done = await eventually(async () => {
      const row = (await api(`/api/whatsapp/${connection.id}`)) as ConnectionDto;
      return row.statusImportMessages === 'renderButtonCloseTickets' ? row : undefined;
    }, 10_000);
    expect(done.id).toBe(connection.id);
    // The first batch started the import: the screen's 35-second "preparing" window counts from then.
    expect(Date.parse(done.importStartedAt ?? '')).toBeGreaterThanOrEqual(historyArrives - 1000);
    expect(Date.parse(done.importStartedAt ?? '')).toBeLessThanOrEqual(Date.now() + 1000);
    expect(fake.opened).toHaveLength(1);

    // Ana (three messages in the window, one 40 days old left out) and Bruno; the group was not asked for.
    const pending = await ticketsOf(connection.id, 'pending');
    expect(pending.map((t) => t.contact?.number).sort()).toEqual(['5511911110001', '5511911110002']);
    const ana = pending.find((t) => t.contact?.number === '5511911110001');
    expect(ana?.unreadMessages).toBe(0);
    const messages = (await api(`/api/messages/${ana?.id}`)).messages as { body: string }[];
    expect(messages.map((m) => m.body)).toEqual([
      'Fiz o pedido ontem',
      'Ainda aguardo retorno do pedido 1234',
      'Estamos verificando, Ana.',
    ]);

    // Bruno's photo came caption-only with the text; its file was fetched after the import and attached.
    const bruno = pending.find((t) => t.contact?.number === '5511911110002');
    const photo = await eventually(async () => {
      const list = (await api(`/api/messages/${bruno?.id}`)).messages as MessageDto[];
      return list.find((m) => m.mediaType === 'image' && m.mediaUrl);
    });
    expect(photo).toMatchObject({
      body: 'Foto do produto',
      mediaUrl: expect.stringMatching(/^\/api\/media\/company1\//),
    });
    const file = await host.request(photo.mediaUrl ?? '');
    expect(await file.text()).toBe('jpeg 3EB0HIST0004');

    expect(await api(`/api/closedimported/${connection.id}`, { method: 'POST' })).toEqual({ closed: 2 });
    expect(await ticketsOf(connection.id, 'pending')).toEqual([]);
    expect(((await api(`/api/whatsapp/${connection.id}`)) as ConnectionDto).statusImportMessages).toBeNull();
  });
});
