import { MEDIA_MAX_BYTES } from '@balcao/sdk';
import { proto, type WAMessage } from '@whiskeysockets/baileys';
import { describe, expect, it, vi } from 'vitest';
import { whatsappChannel } from './channel.js';
import { policyFromEnv, type SessionPolicy } from './session-policy.js';
import { fakeSockets, type HistoryBatch, waMessage } from './testing/fake-socket.js';
import { type RecordedHistory, recordingSessionContext } from './testing/memory-session-store.js';

const DAY = 86_400_000;
const ANA = '5511911110001';
const { HistorySyncType } = proto.HistorySync;
const seconds = (daysAgo: number, plus = 0) => Math.floor((Date.now() - daysAgo * DAY) / 1000) + plus;

/** A photo Ana sent `daysAgo` days ago (`plus` seconds later), WhatsApp declaring `size` bytes. */
const photo = (id: string, daysAgo: number, plus = 0, size = 1_000): WAMessage =>
  waMessage.from(
    ANA,
    id,
    { imageMessage: { caption: `foto ${id}`, mimetype: 'image/jpeg', fileLength: size } },
    { timestamp: seconds(daysAgo, plus) },
  );
const text = (id: string, daysAgo: number) =>
  waMessage.from(ANA, id, { conversation: `texto ${id}` }, { timestamp: seconds(daysAgo) });

/** A history batch; a FULL one at 100 % ends the import. */
const batch = (messages: WAMessage[], last = false): HistoryBatch => ({
  chats: [],
  contacts: [],
  messages,
  syncType: last ? HistorySyncType.FULL : HistorySyncType.RECENT,
  progress: last ? 100 : 50,
  isLatest: false,
});

/** Bytes for a message id: what the fake media servers answer. */
const bytesOf = (id: string) => new TextEncoder().encode(`jpeg of ${id}`);

/**
 * A session importing the last 30 days on a fake socket. `download` plays WhatsApp's media servers (every call is
 * recorded with what the import had done by then); `policy` is over the defaults.
 */
async function importing(
  policy: Partial<SessionPolicy> = {},
  download: (message: WAMessage) => Promise<Uint8Array> = async (m) => bytesOf(m.key.id ?? ''),
) {
  const fake = fakeSockets();
  const history: RecordedHistory = {
    window: { from: new Date(Date.now() - 30 * DAY), until: null, groups: false },
    progress: [],
    finished: 0,
  };
  const rec = recordingSessionContext(1, undefined, undefined, history);
  const downloads: { id: string; finished: number; imported: number }[] = [];
  const channel = whatsappChannel({
    makeSocket: fake.makeSocket,
    policy: { historyIdleMs: 60_000, backoffMs: 10, ...policy },
    downloadMedia: async (message) => {
      downloads.push({ id: message.key.id ?? '', finished: history.finished, imported: rec.imported.length });
      return download(message);
    },
  });
  await channel.start?.(rec.ctx);
  fake.last().openAs('5511999990000');
  await vi.waitFor(() => expect(rec.statuses()).toContain('CONNECTED'));
  return { fake, channel, socket: fake.last(), downloads, ...rec };
}

const mediaWarnings = (warnings: { fields: object | string }[]) =>
  warnings
    .map((w) => w.fields as { code?: string; externalId?: string })
    .filter((f) => f.code === 'ERR_WAPP_DOWNLOAD_MEDIA')
    .map((f) => f.externalId)
    .sort();

describe('WhatsApp history import: media', () => {
  it('stores the text first, then fetches each file and attaches it to its already-stored message', async () => {
    const { socket, downloads, history, imported, attached, media } = await importing();
    socket.historySet(batch([text('T1', 5), photo('P1', 4), photo('P2', 3)]));
    await vi.waitFor(() => expect(history.progress).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 20));
    expect(downloads).toEqual([]); // the import is not over: nothing fetched yet
    socket.historySet(batch([photo('P3', 2)], true));
    await vi.waitFor(() => expect(attached).toHaveLength(3));

    // Every download began after the whole import was stored and reported finished.
    expect(downloads.map((d) => [d.id, d.finished, d.imported])).toEqual([
      ['P3', 1, 4],
      ['P2', 1, 4],
      ['P1', 1, 4],
    ]);
    // Imported caption-only (the file missing until it arrives), then attached with the stored file's URL.
    expect(imported.find((m) => m.externalId === 'P1')).toMatchObject({
      mediaType: 'image',
      body: 'foto P1',
    });
    expect(imported.find((m) => m.externalId === 'P1')?.mediaUrl ?? null).toBeNull();
    for (const { externalId, url } of attached) {
      expect(media.files.get(url)).toEqual({
        data: bytesOf(externalId),
        fileName: `image-${externalId}.jpg`,
        mimeType: 'image/jpeg',
      });
    }
    expect(attached.map((a) => a.externalId).sort()).toEqual(['P1', 'P2', 'P3']);
  });

  it('downloads a few at a time, never more than the policy says', async () => {
    let inFlight = 0;
    let most = 0;
    const { socket, attached } = await importing({ historyMediaConcurrency: 2 }, async (m) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight -= 1;
      return bytesOf(m.key.id ?? '');
    });
    socket.historySet(
      batch(
        Array.from({ length: 8 }, (_, i) => photo(`C${i}`, 2, i)),
        true,
      ),
    );
    await vi.waitFor(() => expect(attached).toHaveLength(8));
    expect(most).toBe(2);
  });

  it('keeps a message caption-only, logged ERR_WAPP_DOWNLOAD_MEDIA, when its file cannot be fetched or kept', async () => {
    const { socket, downloads, attached, warnings, imported, media } = await importing(
      { historyMediaConcurrency: 1, historyMediaTimeoutMs: 50 },
      async (m) => {
        if (m.key.id === 'GONE') throw new Error('410: media expired and the phone did not re-upload it');
        if (m.key.id === 'HANGS') return new Promise<Uint8Array>(() => {});
        if (m.key.id === 'REFUSED') media.refuse = true;
        else media.refuse = false;
        return bytesOf(m.key.id ?? '');
      },
    );
    socket.historySet(
      batch(
        [
          photo('OK', 2, 1),
          photo('GONE', 2, 2),
          photo('HANGS', 2, 3),
          photo('REFUSED', 2, 4),
          photo('HUGE', 2, 5, MEDIA_MAX_BYTES + 1),
        ],
        true,
      ),
    );
    await vi.waitFor(() => expect(mediaWarnings(warnings)).toHaveLength(4));
    await vi.waitFor(() => expect(attached).toHaveLength(1));
    expect(attached[0]?.externalId).toBe('OK');
    expect(mediaWarnings(warnings)).toEqual(['GONE', 'HANGS', 'HUGE', 'REFUSED']);
    // Over the store's limit by WhatsApp's own count: never downloaded.
    expect(downloads.map((d) => d.id)).toEqual(['REFUSED', 'HANGS', 'GONE', 'OK']);
    // The messages are all there, with their type and caption.
    expect(imported.map((m) => [m.externalId, m.mediaType]).sort()).toEqual([
      ['GONE', 'image'],
      ['HANGS', 'image'],
      ['HUGE', 'image'],
      ['OK', 'image'],
      ['REFUSED', 'image'],
    ]);
  });

  it('fetches at most the cap per import, the most recent first', async () => {
    const { socket, downloads, attached } = await importing({
      historyMediaMax: 3,
      historyMediaConcurrency: 1,
    });
    socket.historySet(batch([photo('OLD1', 20), photo('NEW1', 1), photo('OLD2', 19)]));
    socket.historySet(batch([photo('NEW2', 2), photo('NEW3', 3), photo('OLD3', 18)], true));
    await vi.waitFor(() => expect(attached).toHaveLength(3));
    await new Promise((r) => setTimeout(r, 20));
    expect(downloads.map((d) => d.id)).toEqual(['NEW1', 'NEW2', 'NEW3']);
  });

  it('a cap of 0 fetches nothing', async () => {
    const { socket, downloads, history } = await importing({ historyMediaMax: 0 });
    socket.historySet(batch([photo('P1', 2)], true));
    await vi.waitFor(() => expect(history.finished).toBe(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(downloads).toEqual([]);
  });

  it('a batch played again, in the same import or after a reconnect, downloads nothing twice', async () => {
    const { fake, socket, downloads, attached, history } = await importing();
    const messages = [photo('R1', 3), photo('R2', 2)];
    socket.historySet(batch(messages));
    socket.historySet(batch(messages, true));
    await vi.waitFor(() => expect(attached).toHaveLength(2));
    socket.drop(408); // the connection is lost, comes back, and WhatsApp sends the history again
    await vi.waitFor(() => expect(fake.opened).toHaveLength(2));
    fake.last().openAs('5511999990000');
    await new Promise((r) => setTimeout(r, 5));
    fake.last().historySet(batch(messages, true));
    await vi.waitFor(() => expect(history.finished).toBe(2));
    await new Promise((r) => setTimeout(r, 20));
    expect(downloads.map((d) => d.id).sort()).toEqual(['R1', 'R2']);
    expect(attached).toHaveLength(2);
  });

  it('the socket going before the files are fetched starts no more downloads', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const { socket, channel, ctx, downloads, attached } = await importing(
      { historyMediaConcurrency: 1 },
      async (m) => {
        await gate;
        return bytesOf(m.key.id ?? '');
      },
    );
    socket.historySet(batch([photo('S1', 3), photo('S2', 2)], true));
    await vi.waitFor(() => expect(downloads).toHaveLength(1));
    await channel.stop?.(ctx);
    release();
    await new Promise((r) => setTimeout(r, 20));
    // The one under way lands; the next is never started.
    expect(downloads.map((d) => d.id)).toEqual(['S2']);
    expect(attached.map((a) => a.externalId)).toEqual(['S2']);
  });
});

describe('WHATSAPP_HISTORY_MEDIA_MAX', () => {
  it('sets the cap, is the default when empty, and names itself when it is not a whole number up to 100000', () => {
    expect(policyFromEnv({ WHATSAPP_HISTORY_MEDIA_MAX: '500' })).toEqual({ historyMediaMax: 500 });
    expect(policyFromEnv({ WHATSAPP_HISTORY_MEDIA_MAX: '0' })).toEqual({ historyMediaMax: 0 });
    expect(policyFromEnv({ WHATSAPP_HISTORY_MEDIA_MAX: ' ' })).toEqual({});
    expect(policyFromEnv({})).toEqual({});
    for (const bad of ['-1', '2.5', 'many', '100001'])
      expect(() => policyFromEnv({ WHATSAPP_HISTORY_MEDIA_MAX: bad })).toThrow(
        'WHATSAPP_HISTORY_MEDIA_MAX: a whole number from 0 to 100000',
      );
  });
});
