import { proto } from '@whiskeysockets/baileys';
import { describe, expect, it, vi } from 'vitest';
import { whatsappChannel } from './channel.js';
import { fakeSockets, historyFixture, waMessage } from './testing/fake-socket.js';
import { type RecordedHistory, recordingSessionContext } from './testing/memory-session-store.js';

const DAY = 86_400_000;
const ANA = '5511911110001';
const BRUNO = '5511911110002';
const { HistorySyncType } = proto.HistorySync;
/** The fixtures' newest message is a day old; each test's window is relative to it. */
const newest = () => new Date(Date.now() - DAY);
const daysBefore = (n: number) => new Date(newest().getTime() - n * DAY);

/** A session connected on a fake socket whose connection asks for `window` (null: no import). */
async function connected(window: RecordedHistory['window'], idleMs = 60_000) {
  const fake = fakeSockets();
  const channel = whatsappChannel({
    makeSocket: fake.makeSocket,
    policy: { historyIdleMs: idleMs, backoffMs: 10 },
  });
  const history: RecordedHistory = { window, progress: [], finished: 0 };
  const rec = recordingSessionContext(1, undefined, undefined, history);
  await channel.start?.(rec.ctx);
  fake.last().openAs('5511999990000');
  await vi.waitFor(() => expect(rec.statuses()).toContain('CONNECTED'));
  return { fake, channel, socket: fake.last(), ...rec };
}

const ids = (messages: { externalId: string }[]) => messages.map((m) => m.externalId).sort();

describe('WhatsApp history import', () => {
  it('asks WhatsApp for the full history only when the connection has an import window', async () => {
    const plain = await connected(null);
    expect(plain.socket.config.syncFullHistory).toBe(false);
    const importing = await connected({ from: daysBefore(30), until: null, groups: false });
    expect(importing.socket.config.syncFullHistory).toBe(true);
    expect(importing.socket.config.shouldSyncHistoryMessage?.({ syncType: HistorySyncType.FULL })).toBe(true);
  });

  it('imports the messages inside the window, private chats only, named from the chats and address book', async () => {
    const { socket, imported, ingested, history } = await connected({
      from: daysBefore(30),
      until: null,
      groups: false,
    });
    socket.historySet(historyFixture('history-set-recent', newest()));
    await vi.waitFor(() => expect(history.progress.length).toBeGreaterThan(1));
    // 40 days old: outside; the group: not asked for; status broadcast and the revoke: not conversation messages.
    expect(ids(imported)).toEqual(['3EB0HIST0002', '3EB0HIST0003', '3EB0HIST0004', '3EB0HIST0008']);
    expect(imported.find((m) => m.externalId === '3EB0HIST0002')?.from).toEqual({
      id: ANA,
      name: 'Ana Souza',
    });
    expect(imported.find((m) => m.externalId === '3EB0HIST0008')?.from).toEqual({ id: BRUNO, name: 'Bruno' });
    expect(imported.find((m) => m.externalId === '3EB0HIST0003')).toMatchObject({ fromMe: true });
    expect(imported.find((m) => m.externalId === '3EB0HIST0004')).toMatchObject({
      mediaType: 'image',
      body: 'Foto do produto',
    });
    expect(ingested).toEqual([]); // nothing went the live way (no bots, no greetings)
    expect(history.progress).toEqual([
      [-1, 0],
      [4, 4],
    ]);
  });

  it('takes groups when asked, and stops at the recent date', async () => {
    const { socket, imported, history } = await connected({
      from: daysBefore(30),
      until: daysBefore(3),
      groups: true,
    });
    socket.historySet(historyFixture('history-set-recent', newest()));
    await vi.waitFor(() => expect(history.progress.length).toBe(2));
    expect(ids(imported)).toEqual(['3EB0HIST0002', '3EB0HIST0003', '3EB0HIST0004', '3EB0HIST0005']);
    expect(imported.find((m) => m.externalId === '3EB0HIST0005')).toMatchObject({
      isGroup: true,
      participant: BRUNO,
      from: { id: '120363000000000001', name: 'Equipe Vendas' },
    });
  });

  it('ends when the FULL sync reaches 100 %, counting every batch; a batch played again stores nothing twice', async () => {
    const { socket, imported, history } = await connected({
      from: daysBefore(30),
      until: null,
      groups: false,
    });
    const recent = historyFixture('history-set-recent', newest());
    socket.historySet(recent);
    socket.historySet(recent);
    socket.historySet(historyFixture('history-set-full', newest()));
    await vi.waitFor(() => expect(history.finished).toBe(1));
    expect(ids(imported)).toEqual([
      '3EB0HIST0002',
      '3EB0HIST0003',
      '3EB0HIST0004',
      '3EB0HIST0008',
      '3EB0HIST0010',
    ]);
    expect(history.progress).toEqual([
      [-1, 0],
      [4, 4],
      [8, 8],
      [9, 9],
    ]);
  });

  it('ends a while after the last batch when WhatsApp never says it is complete', async () => {
    const { socket, history } = await connected({ from: daysBefore(30), until: null, groups: false }, 50);
    socket.historySet(historyFixture('history-set-recent', newest()));
    socket.historyStatus(HistorySyncType.RECENT);
    await vi.waitFor(() => expect(history.finished).toBe(1));
  });

  it('ends with what it has when the socket goes mid-import, and only once', async () => {
    const { socket, channel, ctx, history } = await connected({
      from: daysBefore(30),
      until: null,
      groups: false,
    });
    socket.historySet(historyFixture('history-set-recent', newest()));
    await vi.waitFor(() => expect(history.progress.length).toBe(2));
    await channel.stop?.(ctx);
    await vi.waitFor(() => expect(history.finished).toBe(1));
    socket.historySet(historyFixture('history-set-full', newest()));
    await new Promise((r) => setTimeout(r, 20));
    expect(history.finished).toBe(1);
  });

  it('a past reaction is imported; a reaction taken back is not (it only drops a badge, live)', async () => {
    const { socket, imported, history } = await connected({
      from: daysBefore(30),
      until: null,
      groups: false,
    });
    const batch = historyFixture('history-set-recent', newest());
    const at = { timestamp: Math.floor(newest().getTime() / 1000) - 60 };
    const target = { remoteJid: `${ANA}@s.whatsapp.net`, fromMe: true, id: '3EB0HIST0003' };
    socket.historySet({
      ...batch,
      messages: [
        ...batch.messages,
        waMessage.from(ANA, 'HREACT1', { reactionMessage: { key: target, text: '👍' } }, at),
        waMessage.from(ANA, 'HREACT2', { reactionMessage: { key: target, text: '' } }, at),
      ],
    });
    await vi.waitFor(() => expect(history.progress.length).toBeGreaterThan(1));
    expect(imported.find((m) => m.externalId === 'HREACT1')).toMatchObject({
      body: '👍',
      mediaType: 'reactionMessage',
    });
    expect(imported.some((m) => m.externalId === 'HREACT2')).toBe(false);
  });

  it('without a window, history batches import nothing and report no progress', async () => {
    const { socket, imported, ingested, history } = await connected(null);
    socket.historySet(historyFixture('history-set-recent', newest()));
    await new Promise((r) => setTimeout(r, 20));
    expect([imported, ingested, history.progress]).toEqual([[], [], []]);
  });
});

describe('WhatsApp gap recovery after a reconnect', () => {
  it('what came while disconnected is ingested live once, though WhatsApp delivers it twice and then again', async () => {
    const { fake, socket, ingested, imported } = await connected(null);
    socket.drop(408); // the connection is lost …
    await vi.waitFor(() => expect(fake.opened).toHaveLength(2));
    const again = fake.last();
    again.openAs('5511999990000'); // … and comes back
    await new Promise((r) => setTimeout(r, 5));
    // One offline message arrives as messages.upsert ('notify'); the ON_DEMAND sync brings it again with another.
    const batch = historyFixture('history-set-on-demand', new Date());
    const [, first] = batch.messages;
    if (first) again.receive(first, 'notify');
    again.historySet(batch);
    again.historySet(batch);
    await vi.waitFor(() => expect(ids(ingested)).toEqual(['3EB0GAP0001', '3EB0GAP0002']));
    await new Promise((r) => setTimeout(r, 20));
    // The one older than the disconnection was seen before it: not a gap.
    expect(ids(ingested)).toEqual(['3EB0GAP0001', '3EB0GAP0002']);
    expect(imported).toEqual([]);
    expect(ingested.find((m) => m.externalId === '3EB0GAP0001')).toMatchObject({
      from: { id: BRUNO },
      body: 'Oi, boa tarde',
    });
  });

  it('an imported reply or reaction names the message it points at, as a live one does (quotedExternalId)', async () => {
    const { socket, imported, history } = await connected({
      from: daysBefore(30),
      until: null,
      groups: false,
    });
    const at = Math.floor(daysBefore(2).getTime() / 1000);
    const asked = waMessage.from(ANA, 'Q1', { conversation: 'Qual o prazo?' }, { timestamp: at });
    const reply = waMessage.from(
      ANA,
      'Q2',
      { extendedTextMessage: { text: 'Amanhã', contextInfo: { stanzaId: 'Q1' } } },
      { fromMe: true, timestamp: at + 60 },
    );
    const liked = waMessage.from(
      ANA,
      'Q3',
      {
        reactionMessage: { text: '👍', key: { remoteJid: `${ANA}@s.whatsapp.net`, fromMe: true, id: 'Q2' } },
      },
      { timestamp: at + 120 },
    );
    socket.historySet({
      chats: [],
      contacts: [],
      messages: [asked, reply, liked],
      syncType: HistorySyncType.RECENT,
      progress: 50,
      isLatest: false,
    });
    await vi.waitFor(() => expect(history.progress.length).toBe(2));
    const byId = Object.fromEntries(imported.map((m) => [m.externalId, m.quotedExternalId ?? null]));
    expect(byId).toEqual({ Q1: null, Q2: 'Q1', Q3: 'Q2' });
  });

  it('a message the phone sent while Balcão was away (append) is ingested as the account’s own', async () => {
    const { fake, socket, ingested } = await connected(null);
    socket.drop(408);
    await vi.waitFor(() => expect(fake.opened).toHaveLength(2));
    fake.last().openAs('5511999990000');
    const sent = waMessage.from(BRUNO, 'PHONE9', { conversation: 'respondi pelo celular' }, { fromMe: true });
    fake.last().receive(sent, 'append');
    fake.last().receive(sent, 'append');
    await vi.waitFor(() => expect(ingested).toHaveLength(1));
    expect(ingested[0]).toMatchObject({ externalId: 'PHONE9', fromMe: true });
  });
});
