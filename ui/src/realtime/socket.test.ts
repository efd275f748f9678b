import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  backoffDelay,
  PING_INTERVAL_MS,
  parseServerFrame,
  RealtimeClient,
  type SocketLike,
  socketUrl,
  USER_STATUS_INTERVAL_MS,
} from './socket';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((ev: Event) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(data: unknown) {
    this.onmessage?.({ data: JSON.stringify(data) } as MessageEvent);
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
}

describe('RealtimeClient', () => {
  let sockets: FakeSocket[];
  let token: string;
  const make = (extra: Partial<ConstructorParameters<typeof RealtimeClient>[0]> = {}) =>
    new RealtimeClient({
      url: () => `ws://host/ws?token=${token}`,
      createSocket: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket;
      },
      ...extra,
    });

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    token = 'first';
  });
  afterEach(() => vi.useRealTimers());

  it('dispatches { channel, data } frames to the channel subscribers only', () => {
    const client = make();
    client.start();
    sockets[0].open();
    const auth = vi.fn();
    const other = vi.fn();
    const off = client.subscribe('company-1-auth', auth);
    client.subscribe('company-1-ticket', other);
    sockets[0].receive({ channel: 'company-1-auth', data: { action: 'update' } });
    expect(auth).toHaveBeenCalledWith({ action: 'update' });
    expect(other).not.toHaveBeenCalled();
    off();
    sockets[0].receive({ channel: 'company-1-auth', data: {} });
    expect(auth).toHaveBeenCalledTimes(1);
  });

  it('is connecting until the server says ready, and offline while the socket is down', () => {
    const client = make();
    const seen: string[] = [];
    client.onStatus(() => seen.push(client.status));
    expect(client.status).toBe('offline');
    client.start();
    sockets[0].open();
    expect(client.status).toBe('connecting');
    sockets[0].receive({ channel: 'ready', data: {} });
    expect(client.status).toBe('ready');
    sockets[0].drop();
    expect(client.status).toBe('offline');
    vi.advanceTimersByTime(backoffDelay(0));
    sockets[1].open();
    sockets[1].receive({ channel: 'ready', data: {} });
    expect(seen).toEqual(['connecting', 'ready', 'offline', 'connecting', 'ready']);
  });

  it('counts a resync each time it becomes ready, the first connect included', () => {
    const client = make();
    const ready = (socket: FakeSocket) => {
      socket.open();
      socket.receive({ channel: 'ready', data: {} });
    };
    let notified = 0;
    client.onStatus(() => notified++);
    client.start();
    sockets[0].open();
    // A page's first loads go out now, before the server has loaded the socket's access: events may still be missed.
    expect(client.resyncs).toBe(0);
    sockets[0].receive({ channel: 'ready', data: {} });
    expect(client.resyncs).toBe(1);
    sockets[0].receive({ channel: 'ready', data: {} });
    expect(client.resyncs).toBe(1);

    sockets[0].drop();
    vi.advanceTimersByTime(backoffDelay(0));
    sockets[1].open();
    expect(client.resyncs).toBe(1); // open, but not ready yet
    const before = notified;
    sockets[1].receive({ channel: 'ready', data: {} });
    expect(client.resyncs).toBe(2);
    expect(notified).toBe(before + 1); // subscribers re-read the count with the status

    // A socket that never got ready before dropping again: still one gap, one resync.
    sockets[1].drop();
    vi.advanceTimersByTime(backoffDelay(0));
    sockets[2].drop();
    vi.advanceTimersByTime(backoffDelay(1));
    ready(sockets[3]);
    expect(client.resyncs).toBe(3);
  });

  it('has data loaded before a ready read again once, and data loaded while ready only after a drop', () => {
    const client = make();
    /** A view kept live by the socket, as the hooks do it: it loads at mount and again when the count changes. */
    const view = () => {
      let loadedAt = client.resyncs;
      let loads = 1;
      client.onStatus(() => {
        if (client.resyncs === loadedAt) return;
        loadedAt = client.resyncs;
        loads++;
      });
      return { loads: () => loads };
    };
    const firstPaint = view(); // the page renders (and loads) before the bridge even starts the socket
    client.start();
    const whileConnecting = view();
    sockets[0].open();
    sockets[0].receive({ channel: 'ready', data: {} });
    expect(firstPaint.loads()).toBe(2);
    expect(whileConnecting.loads()).toBe(2);
    const whileReady = view();
    sockets[0].receive({ channel: 'ready', data: {} });
    expect(whileReady.loads()).toBe(1);

    sockets[0].drop();
    const whileDown = view();
    vi.advanceTimersByTime(backoffDelay(0));
    sockets[1].open();
    sockets[1].receive({ channel: 'ready', data: {} });
    expect([firstPaint, whileConnecting, whileReady, whileDown].map((v) => v.loads())).toEqual([3, 3, 2, 2]);
  });

  it("never counts back after stop(): a new session's first ready is one more resync", () => {
    const client = make();
    client.start();
    sockets[0].open();
    sockets[0].receive({ channel: 'ready', data: {} });
    client.stop();
    expect(client.resyncs).toBe(1);
    client.start();
    sockets[1].open();
    sockets[1].receive({ channel: 'ready', data: {} });
    expect(client.resyncs).toBe(2);
  });

  it('sends userStatus on open, ping every 18 s and userStatus every 5 min', () => {
    const client = make();
    client.start();
    sockets[0].open();
    expect(sockets[0].sent).toEqual([{ type: 'userStatus' }]);
    vi.advanceTimersByTime(PING_INTERVAL_MS);
    expect(sockets[0].sent.at(-1)).toEqual({ type: 'ping' });
    sockets[0].sent = [];
    vi.advanceTimersByTime(USER_STATUS_INTERVAL_MS - PING_INTERVAL_MS);
    expect(sockets[0].sent).toContainEqual({ type: 'userStatus' });
  });

  it('reconnects with backoff using the current token and replays joins', () => {
    const client = make();
    client.start();
    sockets[0].open();
    client.join({ type: 'joinNotification' });
    token = 'refreshed';
    sockets[0].drop();
    vi.advanceTimersByTime(backoffDelay(0) - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets[1].url).toBe('ws://host/ws?token=refreshed');
    sockets[1].open();
    expect(sockets[1].sent).toContainEqual({ type: 'joinNotification' });
  });

  it('refreshes the token before reconnecting when the server rejects it', async () => {
    const onAuthRejected = vi.fn(async () => {
      token = 'fresh';
    });
    const client = make({ onAuthRejected });
    client.start();
    sockets[0].drop(4401);
    await vi.runOnlyPendingTimersAsync();
    expect(onAuthRejected).toHaveBeenCalledOnce();
    expect(sockets[1].url).toContain('token=fresh');
  });

  it('refreshes the token when the handshake is refused (closed before it ever opened)', async () => {
    const onAuthRejected = vi.fn(async () => {
      token = 'fresh';
    });
    const client = make({ onAuthRejected });
    client.start();
    sockets[0].drop(1006);
    await vi.runOnlyPendingTimersAsync();
    expect(onAuthRejected).toHaveBeenCalledOnce();
    expect(sockets[1].url).toContain('token=fresh');
    sockets[1].open();
    sockets[1].drop(1006);
    await vi.runOnlyPendingTimersAsync();
    // A socket that was open and dropped is a network problem, not a token problem.
    expect(onAuthRejected).toHaveBeenCalledOnce();
  });

  it('stops for good: no reconnect after stop()', () => {
    const client = make();
    client.start();
    sockets[0].open();
    client.stop();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(client.send({ type: 'ping' })).toBe(false);
  });
});

describe('socket helpers', () => {
  it('backs off exponentially up to 30 s', () => {
    expect([0, 1, 2, 3, 10].map(backoffDelay)).toEqual([1000, 2000, 4000, 8000, 30000]);
  });

  it('builds ws and wss URLs on the page host', () => {
    expect(socketUrl('a b', { protocol: 'http:', host: 'localhost:5173' })).toBe(
      'ws://localhost:5173/ws?token=a%20b',
    );
    expect(socketUrl('t', { protocol: 'https:', host: 'app.example.com' })).toBe(
      'wss://app.example.com/ws?token=t',
    );
  });

  it('parses only { channel, data } frames', () => {
    expect(parseServerFrame('{"channel":"c","data":1}')).toEqual({ channel: 'c', data: 1 });
    expect(parseServerFrame('not json')).toBeNull();
    expect(parseServerFrame('{"data":1}')).toBeNull();
    expect(parseServerFrame(42)).toBeNull();
  });
});
