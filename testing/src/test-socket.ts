import { eventually, type HostClient } from '@balcao/sdk/testing';
import { WebSocket } from 'ws';

/** A frame the server pushed: its channel (`company-1-appMessage`, a room, `ready`) and its data. */
export interface TestFrame {
  channel: string;
  data: unknown;
}

/** A signed-in user's realtime socket, as a browser tab holds it. */
export interface TestSocket {
  /** Every frame received since the socket was ready, oldest first. */
  frames: TestFrame[];
  /** Waits (up to `timeoutMs`, 5 s by default) for a frame on `channel` that `match` accepts, and answers it. */
  waitFor(channel: string, match?: (data: unknown) => boolean, timeoutMs?: number): Promise<TestFrame>;
  /** Sends a frame (joining a room: `{ action: 'join', room: 'chat:7' }`). */
  send(frame: object): void;
  close(): void;
}

/**
 * Opens `/ws` with a user's token (or a guest's query, `guest=webchat&…`) and resolves once the server says `ready`:
 * from then on the socket receives every event its user may see. Close it at the end of the test.
 * @example const socket = await connectSocket(host, token); await socket.waitFor('company-1-appMessage')
 */
export async function connectSocket(host: HostClient, auth: string | { query: string }): Promise<TestSocket> {
  const query = typeof auth === 'string' ? `token=${encodeURIComponent(auth)}` : auth.query;
  const ws = new WebSocket(`${host.url.replace(/^http/, 'ws')}/ws?${query}`);
  const frames: TestFrame[] = [];
  let ready = false;
  ws.on('message', (raw) => {
    const frame = JSON.parse(raw.toString()) as TestFrame;
    if (frame.channel === 'ready') ready = true;
    else if (ready) frames.push(frame);
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  await eventually(() => (ready ? true : undefined));
  return {
    frames,
    waitFor: (channel, match = () => true, timeoutMs = 5_000) =>
      eventually(() => frames.find((f) => f.channel === channel && match(f.data)), timeoutMs),
    send: (frame) => ws.send(JSON.stringify(frame)),
    close: () => ws.terminate(),
  };
}
