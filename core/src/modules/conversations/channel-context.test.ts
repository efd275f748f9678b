import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChannelConnection, RealtimePort, SessionStore } from '@balcao/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionManager } from '../sessions/session-manager.js';
import { channelSendContext } from './channel-context.js';

const realtime: RealtimePort = { publish: async () => {}, defineRoom() {}, defineGuest() {} };
const connectionOf = (id: number, companyId: number): ChannelConnection => ({
  id,
  companyId,
  channel: 'whatsapp',
  name: `Zap ${id}`,
  token: 'T'.repeat(30),
  greetingMessage: null,
  embedOrigins: [],
});

let dataDir: string;
/** The connections' own stores (not what these tests look at). */
const emptyStore: SessionStore = {
  get: async () => null,
  set: async () => {},
  delete: async () => {},
  list: async () => [],
  clear: async () => {},
};
const sessions = { store: () => emptyStore } as unknown as Pick<SessionManager, 'store'>;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'balcao-channel-media-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('the media door channels get', () => {
  it('stores a received file with the connection’s company and reads it back by its URL', async () => {
    const { media } = channelSendContext(connectionOf(1, 1), { realtime, dataDir, sessions });
    const data = Buffer.from('%PDF-1.4 boleto', 'latin1');
    const stored = await media.store({ data, fileName: 'boleto.pdf', mimeType: 'application/pdf' });
    expect(stored).toMatchObject({ type: 'application', size: data.length });
    expect(stored.url).toMatch(/^\/api\/media\/company1\/[0-9a-f]{32}\.pdf$/);
    expect(await media.read(stored.url)).toEqual({
      data,
      mimeType: 'application/pdf',
      fileName: path.basename(stored.url),
    });
  });

  it('a connection of another company reads nothing at that URL, nor outside the store', async () => {
    const mine = channelSendContext(connectionOf(1, 1), { realtime, dataDir, sessions });
    const theirs = channelSendContext(connectionOf(2, 2), { realtime, dataDir, sessions });
    const { url } = await mine.media.store({
      data: Buffer.from([1, 2, 3]),
      fileName: 'a.png',
      mimeType: 'image/png',
    });
    expect(await theirs.media.read(url)).toBeNull();
    expect(await theirs.media.read(url.replace('company1', 'company2'))).toBeNull();
    expect(await mine.media.read('/api/media/company1/../../secrets.json')).toBeNull();
  });

  it('what the store refuses (markup a browser would run) throws its AppError', async () => {
    const { media } = channelSendContext(connectionOf(1, 1), { realtime, dataDir, sessions });
    await expect(
      media.store({ data: Buffer.from('<script>'), fileName: 'x.html', mimeType: 'text/html' }),
    ).rejects.toMatchObject({ code: 'ERR_MEDIA_TYPE_NOT_ALLOWED' });
  });
});

describe('the sockets channels get', () => {
  it('publish to the connection’s company only: another company’s envelope is refused, unsent', async () => {
    const sent: unknown[] = [];
    const recording: RealtimePort = { ...realtime, publish: async (e) => void sent.push(e) };
    const ctx = channelSendContext(connectionOf(1, 1), { realtime: recording, dataDir, sessions });
    const own = { companyId: 1, channel: 'webchat-visitor', room: 'webchat:1:v', data: {} };
    await ctx.realtime.publish(own);
    await expect(ctx.realtime.publish({ ...own, companyId: 2 })).rejects.toMatchObject({
      code: 'ERR_NO_PERMISSION',
      status: 403,
    });
    await expect(ctx.realtime.publish({ ...own, companyId: null })).rejects.toMatchObject({ status: 403 });
    expect(sent).toEqual([own]);
  });
});
