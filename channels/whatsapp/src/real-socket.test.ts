import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { whatsappChannel } from './channel.js';
import { recordingSessionContext } from './testing/memory-session-store.js';

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

// The real library, pointed at a loopback port nothing listens on (no traffic leaves the machine): what a start
// without network does, as Baileys itself reports it.
describe('the real Baileys socket where WhatsApp cannot be reached', () => {
  it('retries with backoff (TIMEOUT between tries) and ends DISCONNECTED after the cap, then stays quiet', async () => {
    const port = await closedPort();
    const channel = whatsappChannel({
      socketConfig: { waWebSocketUrl: `ws://127.0.0.1:${port}/ws/chat`, connectTimeoutMs: 2_000 },
      policy: { maxRetries: 2, backoffMs: 50, maxBackoffMs: 100 },
    });
    const rec = recordingSessionContext();
    await channel.start?.(rec.ctx);
    const deadline = Date.now() + 20_000;
    while (rec.statuses().at(-1) !== 'DISCONNECTED' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(rec.statuses()).toEqual(['OPENING', 'TIMEOUT', 'OPENING', 'TIMEOUT', 'OPENING', 'DISCONNECTED']);
    await new Promise((r) => setTimeout(r, 500));
    expect(rec.statuses().at(-1)).toBe('DISCONNECTED');
    await channel.stop?.(rec.ctx);
  });
});
