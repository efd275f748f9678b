import { DisconnectReason } from '@whiskeysockets/baileys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CREDS_KEY } from './auth-state.js';
import { whatsappChannel } from './channel.js';
import { backoffDelay, DEFAULT_SESSION_POLICY } from './session-policy.js';
import { fakeSockets } from './testing/fake-socket.js';
import { MemorySessionStore, recordingSessionContext } from './testing/memory-session-store.js';

const settle = () => vi.advanceTimersByTimeAsync(0);
const policy = { maxRetries: 3, maxQrCodes: 2, backoffMs: 1_000, maxBackoffMs: 3_000 };

describe('WhatsApp session lifecycle and status', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a new session shows a QR code; the scan pairs it and it connects with the account’s number', async () => {
    const fake = fakeSockets();
    const channel = whatsappChannel({ makeSocket: fake.makeSocket, policy });
    const { ctx, statuses, reports } = recordingSessionContext();
    await channel.start?.(ctx);
    fake.last().showQr('2@qr-one');
    await settle();
    expect(reports.at(-1)).toEqual({ status: 'qrcode', qrcode: '2@qr-one' });

    // WhatsApp closes once after the scan (restart required); the adapter reconnects at once with the new creds.
    fake.last().drop(DisconnectReason.restartRequired);
    await settle();
    expect(fake.opened).toHaveLength(2);
    fake.last().openAs('5511999990000');
    await settle();
    expect(statuses()).toEqual(['OPENING', 'qrcode', 'PAIRING', 'OPENING', 'CONNECTED']);
    expect(reports.at(-1)).toEqual({ status: 'CONNECTED', number: '5511999990000' });
    expect(await ctx.session.get(CREDS_KEY)).toContain('5511999990000');
  });

  it('the reconnect right after pairing uses the new creds even before their save has reached the store', async () => {
    const store = new MemorySessionStore();
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const slow = Object.assign(Object.create(store), {
      set: async (k: string, v: string) => gate.then(() => store.set(k, v)),
    });
    const fake = fakeSockets();
    const { ctx, statuses } = recordingSessionContext(1, slow);
    await whatsappChannel({ makeSocket: fake.makeSocket, policy }).start?.(ctx);
    fake.last().showQr('2@qr');
    fake.last().openAs('5511999990000'); // the scan: creds get `me` (saved, slowly) …
    fake.last().drop(DisconnectReason.restartRequired); // … and WhatsApp restarts the connection at once
    await settle();
    expect(fake.opened).toHaveLength(2);
    expect(fake.last().config.auth?.creds.me?.id).toContain('5511999990000');
    release();
    await settle();
    expect(await store.get(CREDS_KEY)).toContain('5511999990000');
    expect(statuses()).toContain('PAIRING');
  });

  it('a session stopped while it is still reading its store opens no socket', async () => {
    const store = new MemorySessionStore();
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const slow = Object.assign(Object.create(store), {
      get: async (k: string) => gate.then(() => store.get(k)),
    });
    const fake = fakeSockets();
    const channel = whatsappChannel({ makeSocket: fake.makeSocket, policy });
    const { ctx } = recordingSessionContext(1, slow);
    const starting = channel.start?.(ctx);
    await settle();
    await channel.stop?.(ctx);
    release();
    await starting;
    expect(fake.opened).toHaveLength(0);
  });

  it('a socket let go of keeps none of the adapter’s listeners', async () => {
    const fake = fakeSockets();
    const channel = whatsappChannel({ makeSocket: fake.makeSocket, policy });
    const { ctx } = recordingSessionContext();
    await channel.start?.(ctx);
    expect(fake.last().listeners('messages.upsert')).toBe(1);
    await channel.stop?.(ctx);
    for (const event of ['connection.update', 'creds.update', 'messages.upsert', 'messages.update'] as const)
      expect(fake.last().listeners(event)).toBe(0);
  });

  it('a restarted (or moved) session resumes from the store: its socket gets the linked creds, no QR code', async () => {
    const store = new MemorySessionStore();
    const first = fakeSockets();
    const one = recordingSessionContext(1, store);
    await whatsappChannel({ makeSocket: first.makeSocket, policy }).start?.(one.ctx);
    first.last().openAs('5511999990000');
    await settle();

    // Another worker's adapter, the same store.
    const second = fakeSockets();
    const two = recordingSessionContext(1, store);
    await whatsappChannel({ makeSocket: second.makeSocket, policy }).start?.(two.ctx);
    expect(second.last().config.auth?.creds.me?.id).toBe('5511999990000:7@s.whatsapp.net');
    expect(second.last().config.auth?.creds.noiseKey.private).toEqual(
      first.last().config.auth?.creds.noiseKey.private,
    );
  });

  it('a lost connection is retried with doubling delays (TIMEOUT while waiting), up to the cap, then DISCONNECTED', async () => {
    const fake = fakeSockets();
    const { ctx, statuses } = recordingSessionContext();
    await whatsappChannel({ makeSocket: fake.makeSocket, policy }).start?.(ctx);
    fake.last().openAs('5511999990000');
    await settle();

    const delays = [1_000, 2_000, 3_000]; // doubling, capped at maxBackoffMs
    for (const delay of delays) {
      const before = fake.opened.length;
      fake.last().drop(DisconnectReason.timedOut);
      await settle();
      expect(statuses().at(-1)).toBe('TIMEOUT');
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(fake.opened).toHaveLength(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(fake.opened).toHaveLength(before + 1);
    }
    fake.last().drop(DisconnectReason.timedOut);
    await settle();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(statuses().at(-1)).toBe('DISCONNECTED');
    expect(fake.opened).toHaveLength(1 + delays.length);
  });

  it('a connection that comes back resets the retry count', async () => {
    const fake = fakeSockets();
    const { ctx, statuses } = recordingSessionContext();
    await whatsappChannel({ makeSocket: fake.makeSocket, policy }).start?.(ctx);
    for (let i = 0; i < 6; i++) {
      fake.last().drop(DisconnectReason.connectionLost);
      await vi.advanceTimersByTimeAsync(1_000);
      fake.last().openAs('5511999990000');
      await settle();
    }
    expect(statuses().at(-1)).toBe('CONNECTED');
    expect(statuses()).not.toContain('DISCONNECTED');
  });

  it('with no network (close 408 at once, every time) it ends DISCONNECTED after the cap, and stays quiet', async () => {
    const fake = fakeSockets((socket) => socket.drop(DisconnectReason.timedOut));
    const { ctx, statuses } = recordingSessionContext();
    await whatsappChannel({ makeSocket: fake.makeSocket, policy }).start?.(ctx);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(fake.opened).toHaveLength(1 + policy.maxRetries);
    expect(statuses().at(-1)).toBe('DISCONNECTED');
    // Quiet: an hour later it has neither dialled again nor said anything. (Not vi.getTimerCount(): test files share
    // their worker, so another file's timers may be counted.)
    const said = statuses().length;
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(fake.opened).toHaveLength(1 + policy.maxRetries);
    expect(statuses()).toHaveLength(said);
  });

  it('QR codes nobody scans are replaced up to the cap, then the socket closes as DISCONNECTED', async () => {
    const fake = fakeSockets();
    const { ctx, statuses } = recordingSessionContext();
    await whatsappChannel({ makeSocket: fake.makeSocket, policy }).start?.(ctx);
    for (const qr of ['2@a', '2@b', '2@c']) fake.last().showQr(qr);
    await settle();
    expect(statuses()).toEqual(['OPENING', 'qrcode', 'qrcode', 'DISCONNECTED']);
    expect(fake.last().ended).toBe(true);
  });

  it('unlinked from the phone (401): the keys are forgotten and it does not reconnect', async () => {
    const fake = fakeSockets();
    const { ctx, statuses } = recordingSessionContext();
    await whatsappChannel({ makeSocket: fake.makeSocket, policy }).start?.(ctx);
    fake.last().openAs('5511999990000');
    await settle();
    fake.last().drop(DisconnectReason.loggedOut);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(statuses().at(-1)).toBe('DISCONNECTED');
    expect(await ctx.session.get(CREDS_KEY)).toBeNull();
    expect(fake.opened).toHaveLength(1);
  });

  it.each([
    ['no network (408)', DisconnectReason.timedOut, 'no-network'],
    ['closed (428)', DisconnectReason.connectionClosed, 'no-network'],
    ['connection refused (405)', 405, 'refused'],
    ['unavailable service (503)', DisconnectReason.unavailableService, 'refused'],
    ['replaced elsewhere (440)', DisconnectReason.connectionReplaced, 'replaced'],
    ['an unknown code (499)', 499, 'unknown'],
  ])(
    'each close says why: %s → TIMEOUT with the reason, then DISCONNECTED with it',
    async (_what, code, reason) => {
      const fake = fakeSockets((socket) => socket.drop(code));
      const { ctx, reports } = recordingSessionContext();
      await whatsappChannel({ makeSocket: fake.makeSocket, policy }).start?.(ctx);
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      expect(reports.filter((r) => r.status === 'TIMEOUT')).toEqual(
        Array.from({ length: policy.maxRetries }, () => ({ status: 'TIMEOUT', reason })),
      );
      expect(reports.at(-1)).toEqual({ status: 'DISCONNECTED', reason });
    },
  );

  it('a banned or forbidden number (403) is not dialled again: DISCONNECTED, banned', async () => {
    const fake = fakeSockets((socket) => socket.drop(DisconnectReason.forbidden));
    const { ctx, reports } = recordingSessionContext();
    await whatsappChannel({ makeSocket: fake.makeSocket, policy }).start?.(ctx);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(fake.opened).toHaveLength(1);
    expect(reports.at(-1)).toEqual({ status: 'DISCONNECTED', reason: 'banned' });
  });

  it('unlinked on the phone (401) and QR codes nobody scanned say so', async () => {
    const unlinked = fakeSockets((socket) => socket.drop(DisconnectReason.loggedOut));
    const first = recordingSessionContext();
    await whatsappChannel({ makeSocket: unlinked.makeSocket, policy }).start?.(first.ctx);
    await settle();
    expect(first.reports.at(-1)).toEqual({ status: 'DISCONNECTED', reason: 'logged-out' });

    const unscanned = fakeSockets();
    const second = recordingSessionContext();
    await whatsappChannel({ makeSocket: unscanned.makeSocket, policy }).start?.(second.ctx);
    for (const qr of ['2@a', '2@b', '2@c']) unscanned.last().showQr(qr);
    await settle();
    expect(second.reports.at(-1)).toEqual({ status: 'DISCONNECTED', reason: 'qr-not-scanned' });
  });

  it('stop closes the socket and keeps the store; nothing reconnects', async () => {
    const fake = fakeSockets();
    const channel = whatsappChannel({ makeSocket: fake.makeSocket, policy });
    const { ctx } = recordingSessionContext();
    await channel.start?.(ctx);
    fake.last().openAs('5511999990000');
    await settle();
    await channel.stop?.(ctx);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fake.last().ended).toBe(true);
    expect(fake.last().loggedOut).toBe(false);
    expect(fake.opened).toHaveLength(1);
    expect(await ctx.session.get(CREDS_KEY)).not.toBeNull();
  });

  it('logout unlinks the device on WhatsApp’s side and closes', async () => {
    const fake = fakeSockets();
    const channel = whatsappChannel({ makeSocket: fake.makeSocket, policy });
    const { ctx } = recordingSessionContext();
    await channel.start?.(ctx);
    fake.last().openAs('5511999990000');
    await settle();
    await channel.logout?.(ctx);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fake.last().loggedOut).toBe(true);
    expect(fake.last().ended).toBe(true);
    expect(fake.opened).toHaveLength(1);
  });

  it('a new QR forgets the linked account and starts afresh', async () => {
    const fake = fakeSockets();
    const channel = whatsappChannel({ makeSocket: fake.makeSocket, policy });
    const { ctx } = recordingSessionContext();
    await channel.start?.(ctx);
    fake.last().openAs('5511999990000');
    await settle();
    await channel.requestQr?.(ctx);
    expect(fake.opened).toHaveLength(2);
    expect(fake.opened[0]?.ended).toBe(true);
    expect(fake.last().config.auth?.creds.me).toBeUndefined();
  });

  it('the default policy backs off 2 s, 4 s, 8 s … up to a minute', () => {
    expect([1, 2, 3, 6, 7, 20].map((n) => backoffDelay(n, DEFAULT_SESSION_POLICY))).toEqual([
      2_000, 4_000, 8_000, 60_000, 60_000, 60_000,
    ]);
  });
});
