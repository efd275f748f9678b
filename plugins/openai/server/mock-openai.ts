import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the mock received: the path, the Authorization header and the JSON body. */
export interface MockCall {
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    max_tokens?: number;
    temperature?: number;
  };
  /** A transcription's multipart body as received (latin1), to see the file and the model that were sent. */
  multipart?: string;
}

/** What the mock answers to a chat: a text, a status with an error, or nothing at all (it hangs). */
export type MockAnswer = { text: string } | { status: number } | { hang: true };

/**
 * A local OpenAI-compatible server (chat.completions, audio.transcriptions) for tests: no test reaches the internet.
 * `answer` decides from the contact's last message; transcriptions answer `transcript`, or 404 when it is null (a
 * compatible server without speech-to-text, as many local ones are).
 */
export async function startMockOpenAi(
  answer: (lastUserMessage: string) => MockAnswer,
  transcript: string | null = 'transcrição do áudio',
): Promise<{ url: string; calls: MockCall[]; close(): Promise<void> }> {
  const calls: MockCall[] = [];
  const hanging = new Set<IncomingMessage>();
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const path = req.url ?? '';
    if (path.endsWith('/audio/transcriptions')) {
      const multipart = Buffer.concat(chunks).toString('latin1');
      calls.push({ path, authorization: req.headers.authorization, body: {}, multipart });
      if (transcript === null) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'not found', type: 'invalid_request_error' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: transcript }));
      return;
    }
    const body = JSON.parse(raw || '{}') as MockCall['body'];
    calls.push({ path, authorization: req.headers.authorization, body });
    const last = [...(body.messages ?? [])].reverse().find((m) => m.role === 'user')?.content ?? '';
    const decided = answer(last);
    if ('hang' in decided) {
      hanging.add(req);
      return;
    }
    if ('status' in decided) {
      res.writeHead(decided.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'mock failure', type: 'server_error' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: `chatcmpl-${calls.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model ?? 'mock',
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: decided.text } }],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        for (const req of hanging) req.socket.destroy();
        server.close(() => resolve());
      }),
  };
}
