import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the mock received, body read whole. */
export interface MockRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  json<T = unknown>(): T;
}

/** What a handler answers: a status and a JSON (or raw) body; `delayMs` holds the answer back. */
export interface MockAnswer {
  status?: number;
  json?: unknown;
  body?: string | Buffer;
  contentType?: string;
  delayMs?: number;
}

export type MockHandler = (req: MockRequest) => MockAnswer | Promise<MockAnswer>;

/**
 * A local HTTP server standing in for an outside service (Typebot, n8n, Dialogflow, Google's token URL) — the edge of
 * the world, so no test reaches the internet. Tests reach it through the platform's egress with
 * `BALCAO_EGRESS_ALLOW=127.0.0.1`.
 */
export async function startMockServer(handler: MockHandler) {
  const requests: MockRequest[] = [];
  let current = handler;
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const seen: MockRequest = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      headers: req.headers,
      body,
      json: <T>() => JSON.parse(body) as T,
    };
    requests.push(seen);
    try {
      const answer = await current(seen);
      if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
      if (res.destroyed) return;
      const raw = answer.json !== undefined ? JSON.stringify(answer.json) : (answer.body ?? '');
      res.writeHead(answer.status ?? 200, {
        'content-type': answer.contentType ?? (answer.json !== undefined ? 'application/json' : 'text/plain'),
      });
      res.end(raw);
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Changes how the mock answers from now on. */
    answer(next: MockHandler) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type MockServer = Awaited<ReturnType<typeof startMockServer>>;
