import { type ChannelSessionContext, MEDIA_MAX_BYTES } from '@balcao/sdk';
import { proto, type WAMessage } from '@whiskeysockets/baileys';
import { describe, expect, it, vi } from 'vitest';
import { whatsappChannel } from './channel.js';
import { OWED_PREFIX } from './history-owed.js';
import { fakeSockets, type HistoryBatch, waMessage } from './testing/fake-socket.js';
import {
  MemorySessionStore,
  type RecordedHistory,
  recordingSessionContext,
} from './testing/memory-session-store.js';

/**
 * History media are owed durably (history-media.ts, history-owed.ts): recorded in the connection's session store as
 * the import stores their messages, removed as each is fetched or fails for good; a session that ends before fetching
 * them all (the socket goes, the process dies) leaves the rest to the next session on the same store.
 */
const DAY = 86_400_000;
const ANA = '5511911110001';
const { HistorySyncType } = proto.HistorySync;
const seconds = (daysAgo: number, plus = 0) => Math.floor((Date.now() - daysAgo * DAY) / 1000) + plus;

const photo = (id: string, plus: number, size = 1_000): WAMessage =>
  waMessage.from(
    ANA,
    id,
    {
      imageMessage: {
        caption: `foto ${id}`,
        mimetype: 'image/jpeg',
        fileLength: size,
        mediaKey: Buffer.from(id),
      },
    },
    { timestamp: seconds(2, plus) },
  );

const batch = (messages: WAMessage[], last: boolean): HistoryBatch => ({
  chats: [],
  contacts: [],
  messages,
  syncType: last ? HistorySyncType.FULL : HistorySyncType.RECENT,
  progress: last ? 100 : 50,
  isLatest: false,
});

const bytesOf = (id: string) => new TextEncoder().encode(`jpeg of ${id}`);

/** The ids still owed in `store`. */
const owed = (store: MemorySessionStore) =>
  [...store.entries.keys()].filter((k) => k.startsWith(OWED_PREFIX)).map((k) => k.slice(OWED_PREFIX.length));

/**
 * One session of the connection on `ctx` (its store kept from session to session), downloading one at a time through
 * `download`; `downloads` records every download asked for, with the media key it was given.
 */
async function session(
  ctx: ChannelSessionContext,
  statuses: () => string[],
  download: (message: WAMessage) => Promise<Uint8Array> = async (m) => bytesOf(m.key.id ?? ''),
  historyMediaMax = 2_000,
) {
  const fake = fakeSockets();
  const downloads: string[] = [];
  const keys: string[] = [];
  const channel = whatsappChannel({
    makeSocket: fake.makeSocket,
    policy: { historyIdleMs: 60_000, backoffMs: 10, historyMediaConcurrency: 1, historyMediaMax },
    downloadMedia: async (message) => {
      downloads.push(message.key.id ?? '');
      const content = message.message?.imageMessage;
      keys.push(Buffer.from(content?.mediaKey ?? []).toString());
      return download(message);
    },
  });
  const before = statuses().length;
  await channel.start?.(ctx);
  fake.last().openAs('5511999990000');
  await vi.waitFor(() => expect(statuses().slice(before)).toContain('CONNECTED'));
  return { channel, socket: fake.last(), downloads, keys };
}

function connection() {
  const store = new MemorySessionStore();
  const history: RecordedHistory = {
    window: { from: new Date(Date.now() - 30 * DAY), until: null, groups: false },
    progress: [],
    finished: 0,
  };
  return { store, ...recordingSessionContext(1, store, undefined, history) };
}

describe('WhatsApp history media, owed across sessions', () => {
  it('a session that stops after some downloads leaves the rest; the next session on the store fetches exactly it', async () => {
    const { store, history, ctx, statuses, attached } = connection();
    let first: Awaited<ReturnType<typeof session>> | undefined;
    first = await session(ctx, statuses, async (m) => {
      if (first && first.downloads.length === 3) {
        // The socket goes while the third downloads: not the file's fault.
        await first.channel.stop?.(ctx);
        throw new Error('Connection Closed');
      }
      return bytesOf(m.key.id ?? '');
    });
    first.socket.historySet(
      batch(
        [1, 2, 3, 4, 5].map((n) => photo(`P${n}`, n)),
        true,
      ),
    );
    await vi.waitFor(() => expect(history.finished).toBe(1));
    await vi.waitFor(() => expect(first?.downloads).toHaveLength(3));
    await vi.waitFor(() => expect(owed(store).sort()).toEqual(['P1', 'P2', 'P3']));
    expect(attached.map((a) => a.externalId)).toEqual(['P5', 'P4']);

    // The connection's next session, the import long over: the rest resumes as it opens, newest first.
    history.window = null;
    const second = await session(ctx, statuses);
    await vi.waitFor(() => expect(attached).toHaveLength(5));
    expect(second.downloads).toEqual(['P3', 'P2', 'P1']);
    // Each kept as WhatsApp gave it: its media key (the phone re-uploads by it) came back from the store.
    expect(second.keys).toEqual(['P3', 'P2', 'P1']);
    expect(owed(store)).toEqual([]);
    await second.channel.stop?.(ctx);
  });

  it('what an import stores is owed before any download, and a process that dies mid-import leaves it owed', async () => {
    const { store, ctx, statuses, attached } = connection();
    const first = await session(ctx, statuses);
    first.socket.historySet(batch([photo('M1', 1), photo('M2', 2)], false));
    await vi.waitFor(() => expect(owed(store).sort()).toEqual(['M1', 'M2']));
    expect(first.downloads).toEqual([]); // the import is not over: nothing fetched yet
    // The session ends mid-import (a process that died leaves the store just so): nothing more is recorded or fetched.
    await first.channel.stop?.(ctx);
    expect(first.downloads).toEqual([]);
    const second = await session(ctx, statuses);
    await vi.waitFor(() => expect(attached).toHaveLength(2));
    expect(second.downloads).toEqual(['M2', 'M1']);
    expect(owed(store)).toEqual([]);
    await second.channel.stop?.(ctx);
  });

  it('only the cap’s most recent are ever owed: an older one pushed out is no longer recorded', async () => {
    const { store, ctx, statuses } = connection();
    const first = await session(ctx, statuses, undefined, 2);
    first.socket.historySet(batch([photo('A1', 1), photo('A2', 2), photo('A3', 3)], false));
    await vi.waitFor(() => expect(owed(store).sort()).toEqual(['A2', 'A3']));
    first.socket.historySet(batch([photo('A4', 4)], false));
    await vi.waitFor(() => expect(owed(store).sort()).toEqual(['A3', 'A4']));
    expect(first.downloads).toEqual([]);
    await first.channel.stop?.(ctx);
  });

  it('a file that failed for good (gone after the re-upload request, or too large) is not asked for again', async () => {
    const { store, history, ctx, statuses, attached } = connection();
    const first = await session(ctx, statuses, async (m) => {
      if (m.key.id === 'GONE') throw new Error('410: media expired and the phone did not re-upload it');
      return bytesOf(m.key.id ?? '');
    });
    first.socket.historySet(
      batch([photo('OK', 1), photo('GONE', 2), photo('HUGE', 3, MEDIA_MAX_BYTES + 1)], true),
    );
    await vi.waitFor(() => expect(attached.map((a) => a.externalId)).toEqual(['OK']));
    await vi.waitFor(() => expect(owed(store)).toEqual([]));
    expect(first.downloads).toEqual(['GONE', 'OK']);
    await first.channel.stop?.(ctx);
    history.window = null;
    const second = await session(ctx, statuses);
    await new Promise((r) => setTimeout(r, 20));
    expect(second.downloads).toEqual([]);
    expect(attached.map((a) => a.externalId)).toEqual(['OK']);
    await second.channel.stop?.(ctx);
  });
});
