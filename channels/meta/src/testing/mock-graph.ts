import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A page the mock Graph knows: its token, and its Instagram account when linked. */
export interface MockPage {
  id: string;
  name: string;
  accessToken: string;
  instagram?: { id: string; username: string };
}

/** What the mock's Send API received. */
export interface MockSend {
  pageId: string;
  recipient: string;
  messageId: string;
  text?: string;
  attachment?: { type: string; url?: string; data?: Buffer; fileName?: string; mimeType?: string };
  /** The send's `message.metadata`, which Messenger hands back in the message's echo. */
  metadata?: string;
}

const graphError = (res: ServerResponse, status: number, code: number, message: string) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message, type: 'OAuthException', code, fbtrace_id: 'mock' } }));
};

/** A contact's profile on the mock (Messenger's or Instagram's fields, as Graph answers them). */
export interface MockProfile {
  first_name?: string;
  last_name?: string;
  name?: string;
  username?: string;
  profile_pic?: string;
}

const json = (res: ServerResponse, body: unknown) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A local Graph API for tests (node http on an ephemeral port): `/{user}/accounts` (cursor paging),
 * `/{page}/subscribed_apps`, `/me` (the page of a page token), contacts' profiles (`/{psid}?fields=…`),
 * `/me/messages` (JSON or an upload) and a CDN for the attachments contacts send. Nothing leaves the machine.
 * @example const graph = await startMockGraph(); graph.users.set('42', { token: 'u-tok', pages: [page] })
 */
export async function startMockGraph() {
  const users = new Map<string, { token: string; pages: MockPage[] }>();
  const sends: MockSend[] = [];
  const subscriptions: { pageId: string; fields: string }[] = [];
  const files = new Map<string, { data: Buffer; mimeType: string }>();
  const state = { failSends: 0, failProfiles: 0, sequence: 0, accountsPageSize: 100 };
  /** While set, sends are recorded but their answers wait for it (holdSends). */
  let held: Promise<void> | null = null;
  /** Contact id → profile; what `/{id}?fields=` answers to a page token. */
  const profiles = new Map<string, MockProfile>();
  /** Every profile lookup: which contact, with which fields. */
  const profileRequests: { id: string; fields: string }[] = [];
  /** Every `/{user}/accounts` request (the first and each `paging.next` followed). */
  const accountsRequests: string[] = [];

  const pageByToken = (token: string | null) =>
    [...users.values()].flatMap((u) => u.pages).find((p) => p.accessToken === token);

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://mock');
    const token = url.searchParams.get('access_token');
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] === 'cdn') {
      const file = files.get(parts[1] ?? '');
      if (!file) return graphError(res, 404, 100, 'no such file');
      res.writeHead(200, { 'content-type': file.mimeType, 'content-length': file.data.length });
      return res.end(file.data);
    }
    const [, node, edge] = parts;
    if (req.method === 'GET' && edge === 'accounts') {
      const user = users.get(node ?? '');
      if (!user || user.token !== token) return graphError(res, 400, 190, 'Invalid OAuth access token.');
      accountsRequests.push(url.search);
      // Cursor paging as Graph does it: `after` is where the next page starts, `next` the full URL to it.
      const size = Math.min(Number(url.searchParams.get('limit') ?? 25), state.accountsPageSize);
      const start = Number(url.searchParams.get('after') ?? 0);
      const slice = user.pages.slice(start, start + size);
      const next = new URL(url.pathname, mockUrl());
      for (const [k, v] of url.searchParams) next.searchParams.set(k, v);
      next.searchParams.set('after', String(start + size));
      return json(res, {
        data: slice.map((p) => ({
          id: p.id,
          name: p.name,
          access_token: p.accessToken,
          ...(p.instagram ? { instagram_business_account: p.instagram } : {}),
        })),
        paging: {
          cursors: { before: String(start), after: String(start + size) },
          ...(start + size < user.pages.length ? { next: next.toString() } : {}),
        },
      });
    }
    if (req.method === 'GET' && node === 'me' && !edge) {
      const page = pageByToken(token);
      if (!page) return graphError(res, 400, 190, 'Invalid OAuth access token.');
      return json(res, { id: page.id, name: page.name });
    }
    if (req.method === 'GET' && node && !edge && node !== 'me') {
      const page = pageByToken(token);
      if (!page) return graphError(res, 400, 190, 'Invalid OAuth access token.');
      const fields = url.searchParams.get('fields') ?? '';
      profileRequests.push({ id: node, fields });
      if (state.failProfiles > 0) {
        state.failProfiles -= 1;
        return graphError(res, 500, 2, 'An unexpected error has occurred. Please retry your request later.');
      }
      const profile = profiles.get(node);
      if (!profile) return graphError(res, 400, 100, `Unsupported get request. Object with ID '${node}'`);
      const wanted = fields.split(',');
      return json(res, {
        id: node,
        ...Object.fromEntries(Object.entries(profile).filter(([k]) => wanted.includes(k))),
      });
    }
    if (req.method === 'POST' && edge === 'subscribed_apps') {
      const page = pageByToken(token);
      if (!page || page.id !== node) return graphError(res, 400, 190, 'Invalid OAuth access token.');
      subscriptions.push({ pageId: page.id, fields: url.searchParams.get('subscribed_fields') ?? '' });
      return json(res, { success: true });
    }
    if (req.method === 'POST' && node === 'me' && edge === 'messages') {
      const page = pageByToken(token);
      if (!page) return graphError(res, 400, 190, 'Invalid OAuth access token.');
      if (state.failSends > 0) {
        state.failSends -= 1;
        return graphError(res, 500, 2, 'An unexpected error has occurred. Please retry your request later.');
      }
      const send = await parseSend(req, page.id, `m_mock${++state.sequence}`);
      sends.push(send);
      if (held) await held;
      return json(res, { recipient_id: send.recipient, message_id: send.messageId });
    }
    return graphError(res, 404, 803, `unknown path ${url.pathname}`);
  }

  const mockUrl = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err) => graphError(res, 500, 1, String(err)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = mockUrl();

  return {
    url,
    users,
    sends,
    subscriptions,
    profiles,
    profileRequests,
    accountsRequests,
    /** The next `n` profile lookups answer 500 (Graph's transient error). */
    failNextProfiles(n: number) {
      state.failProfiles = n;
    },
    /** At most `n` pages per `/{user}/accounts` answer, whatever `limit` asks (Graph may answer fewer). */
    pageAccountsBy(n: number) {
      state.accountsPageSize = n;
    },
    /** The next `n` sends answer 500 (Graph's transient error). */
    failNextSends(n: number) {
      state.failSends = n;
    },
    /**
     * Sends from now on are recorded (in `sends`) but Graph's answer waits until the returned function is called: what
     * a test needs to deliver a message's echo before the sender learns its id, as Meta may.
     */
    holdSends(): () => void {
      let release = () => {};
      held = new Promise<void>((resolve) => {
        release = () => {
          held = null;
          resolve();
        };
      });
      return release;
    },
    /** Serves `data` on the mock CDN; answers its URL (what a webhook attachment's payload.url holds). */
    file(name: string, data: Buffer, mimeType: string): string {
      files.set(name, { data, mimeType });
      return `${url}/cdn/${name}`;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type MockGraph = Awaited<ReturnType<typeof startMockGraph>>;

async function parseSend(req: IncomingMessage, pageId: string, messageId: string): Promise<MockSend> {
  const raw = await bodyOf(req);
  const type = req.headers['content-type'] ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': type } }).formData();
    const recipient = JSON.parse(String(form.get('recipient'))) as { id: string };
    const message = JSON.parse(String(form.get('message'))) as {
      attachment: { type: string };
      metadata?: string;
    };
    const file = form.get('filedata') as File;
    return {
      pageId,
      recipient: recipient.id,
      messageId,
      ...(message.metadata === undefined ? {} : { metadata: message.metadata }),
      attachment: {
        type: message.attachment.type,
        data: Buffer.from(await file.arrayBuffer()),
        fileName: file.name,
        mimeType: file.type,
      },
    };
  }
  const body = JSON.parse(raw.toString('utf8')) as {
    recipient: { id: string };
    message: { text?: string; attachment?: { type: string; payload: { url?: string } }; metadata?: string };
  };
  return {
    pageId,
    recipient: body.recipient.id,
    messageId,
    ...(body.message.metadata === undefined ? {} : { metadata: body.message.metadata }),
    text: body.message.text,
    attachment: body.message.attachment
      ? { type: body.message.attachment.type, url: body.message.attachment.payload.url }
      : undefined,
  };
}
