import { randomUUID } from 'node:crypto';
import { visitorContactId } from '@balcao/channel-webchat';
import type { ConnectionDto, TicketDto } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import webchat from './index.js';
import { visitorContactIdSql } from './migrations.js';

/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let host: TestHost;
let admin: string;
let token: string;
const sockets: WebSocket[] = [];

interface Frame {
  channel: string;
  data: {
    action?: string;
    message?: { id: number; body: string; fromMe: boolean; mediaType?: string; mediaUrl?: string | null };
  };
}

function visitorSocket(visitorId: string): Promise<{ ws: WebSocket; frames: Frame[] }> {
  const ws = new WebSocket(
    `${host.url.replace('http', 'ws')}/ws?guest=webchat&token=${token}&visitorId=${visitorId}`,
  );
  const frames: Frame[] = [];
  ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
  ws.on('error', () => undefined); // a refused handshake is asserted through 'unexpected-response'
  return new Promise((resolve, reject) => {
    ws.once('open', () => {
      sockets.push(ws);
      resolve({ ws, frames });
    });
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
  });
}

const post = (visitorId: string, body: string, extra: Record<string, unknown> = {}) =>
  host.request(`/api/webchat/${token}/messages`, {
    body: { visitorId, name: 'Marina', body, clientMessageId: randomUUID(), ...extra },
  });

/** The admin (user 1) accepts the pending ticket the visitor's first message opened; its id. */
async function acceptedBy(token: string, visitor: string): Promise<number> {
  const pending = (await (await host.request('/api/tickets?status=pending', { token })).json())
    .tickets as TicketDto[];
  const id = pending.find((t) => t.contact.number === visitorContactId(visitor))?.id ?? 0;
  await host.request(`/api/tickets/${id}`, { method: 'PUT', token, body: { status: 'open', userId: 1 } });
  return id;
}

const history = async (visitorId: string) =>
  (await (await host.request(`/api/webchat/${token}/messages?visitorId=${visitorId}`)).json()).messages as {
    body: string;
    fromMe: boolean;
    mediaType?: string;
    mediaUrl?: string | null;
  }[];

beforeAll(async () => {
  host = await createTestHost({ plugins: [webchat] });
  admin = (await host.login(host.admin.email, host.admin.password)).token;
  const connections = (await (
    await host.request('/api/whatsapp', { token: admin })
  ).json()) as ConnectionDto[];
  token = connections.find((c) => c.channel === 'webchat')?.token ?? '';
});
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await host?.stop();
});

describe('web chat', () => {
  it('is seeded for company 1, connected, with a 30-character token', () => {
    expect(token).toMatch(/^[A-Z0-9]{30}$/);
  });

  it('is listed as a channel the tenant can create connections on', async () => {
    const plugins = await (await host.request('/api/plugins', { token: admin })).json();
    expect(plugins).toMatchObject([{ name: 'webchat', planFlag: null, channels: ['webchat'] }]);
  });

  it('serves the visitor page for a good token and 404 for a bad one', async () => {
    const page = await host.request(`/webchat/${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Chat do site');
    expect((await host.request('/webchat/NOPE')).status).toBe(404);
    expect((await host.request(`/webchat/${token}/embed.js`)).headers.get('content-type')).toContain(
      'javascript',
    );
    expect(
      (
        await post('visitor-aaaa', 'oi').then(() =>
          host.request('/api/webchat/XXXXXXXXXXXXXXXXXXXXXXXXXXXXXX/messages', {
            body: { visitorId: 'visitor-aaaa', name: 'M', body: 'x' },
          }),
        )
      ).status,
    ).toBe(404);
  });

  it("embed.js opens Balcão's own page, whichever site loads it", async () => {
    const page = JSON.stringify(`${host.url}/webchat/${token}`);
    for (const headers of [{}, { origin: 'https://loja.com.br' }] as Record<string, string>[]) {
      const embed = await host.request(`/webchat/${token}/embed.js`, { headers });
      expect(await embed.text()).toContain(`const url = ${page};`);
    }
  });

  it('runs no inline code on the visitor page: its style and script are files the CSP allows', async () => {
    const page = await host.request(`/webchat/${token}`);
    const html = await page.text();
    expect(html).not.toMatch(/<style|<script>|\son\w+=/);
    expect(html).toContain('<link rel="stylesheet" href="/webchat/assets/page.css" />');
    expect(html).toContain('<script src="/webchat/assets/page.js"></script>');
    expect(html).toContain(`data-token="${token}"`);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self';/);
    const css = await host.request('/webchat/assets/page.css');
    expect(css.headers.get('content-type')).toContain('text/css');
    const js = await host.request('/webchat/assets/page.js');
    expect(js.headers.get('content-type')).toContain('javascript');
    expect(await js.text()).toContain('document.body.dataset.token');
  });

  it("is written in the visitor's language (Accept-Language), from the plugin's locales; Spanish otherwise", async () => {
    const page = async (acceptLanguage: string) => {
      const res = await host.request(`/webchat/${token}`, { headers: { 'accept-language': acceptLanguage } });
      expect(res.headers.get('vary')).toMatch(/accept-language/i);
      return res.text();
    };
    const tr = await page('tr-TR,tr;q=0.9,en;q=0.8');
    expect(tr).toContain('<html lang="tr">');
    expect(tr).toContain('Merhaba! Size nasıl yardımcı olabiliriz?');
    expect(tr).toContain('>Gönder</button>');
    expect(await page('fr-FR, en;q=0.5')).toContain('placeholder="Your name"');
    expect(await page('pt')).toContain('Começar conversa');
    expect(await page('fr')).toContain('<html lang="es">');
  });

  it('bundles the page script with the shared formatter and its words for every language', async () => {
    const js = await (await host.request('/webchat/assets/page.js')).text();
    // The SDK's formatter (formatSegments) and the locales travel inside the one file.
    expect(js).toContain('noopener noreferrer');
    expect(js).toContain('Yeniden bağlanıyor…');
    expect(js).toContain('Reconectando…');
  });

  it('declares web chat visitors (GET /api/plugins): the attendant UI shows them as visitors, reached on their own connection only', async () => {
    const plugins = (await (await host.request('/api/plugins', { token: admin })).json()) as {
      name: string;
      channelTraits: { kind: string; traits: Record<string, unknown> }[];
    }[];
    expect(plugins.find((p) => p.name === 'webchat')?.channelTraits).toEqual([
      {
        kind: 'webchat',
        traits: {
          contactAddress: 'visitor',
          reaches: 'own-contacts',
          replyWindowHours: null,
          retractWithinHours: null,
          needsSession: false,
          groups: false,
          embeddable: true,
          reactions: false,
        },
      },
    ]);
    const connection = (
      (await (await host.request('/api/whatsapp', { token: admin })).json()) as ConnectionDto[]
    ).find((c) => c.token === token);
    const contact = await host.request('/api/contacts', {
      token: admin,
      body: { name: 'Telefone', number: '5511912340000' },
    });
    const res = await host.request('/api/tickets', {
      token: admin,
      body: { contactId: (await contact.json()).id, whatsappId: connection?.id, status: 'open' },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('ERR_CONNECTION_CANNOT_REACH');
  });

  it("is framed only by Balcão until the connection names the company's sites; embed.js loads anywhere", async () => {
    const frameAncestors = async () => {
      const res = await host.request(`/webchat/${token}`);
      const csp = res.headers.get('content-security-policy') ?? '';
      return { ancestors: /frame-ancestors ([^;]*)/.exec(csp)?.[1], xfo: res.headers.get('x-frame-options') };
    };
    expect(await frameAncestors()).toEqual({ ancestors: "'self'", xfo: 'SAMEORIGIN' });
    const connection = (
      (await (await host.request('/api/whatsapp', { token: admin })).json()) as ConnectionDto[]
    ).find((c) => c.token === token);
    const put = await host.request(`/api/whatsapp/${connection?.id}`, {
      method: 'PUT',
      token: admin,
      body: { embedOrigins: ['https://loja.com.br', 'https://*.loja.com.br'] },
    });
    expect(put.status).toBe(200);
    // The page reads the connection through the token cache (a few seconds).
    expect(
      await eventually(async () => {
        const now = await frameAncestors();
        return now.ancestors === "'self'" ? undefined : now;
      }, 10_000),
    ).toEqual({ ancestors: "'self' https://loja.com.br https://*.loja.com.br", xfo: null });

    const embed = await host.request(`/webchat/${token}/embed.js`);
    expect(embed.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect((await host.request('/webchat/assets/page.js')).headers.get('cross-origin-resource-policy')).toBe(
      'same-origin',
    );
    await host.request(`/api/whatsapp/${connection?.id}`, {
      method: 'PUT',
      token: admin,
      body: { embedOrigins: null },
    });
  });

  it('refuses an empty message and names the field', async () => {
    const res = await post('visitor-bbbb', '   ');
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toContainEqual({ path: 'body', message: 'Required' });
  });

  it('a visitor message opens a pending ticket; the reply reaches the visitor live; notes never do', async () => {
    const visitor = 'visitor-cccc-1';
    const { frames } = await visitorSocket(visitor);
    const first = await post(visitor, 'Olá, quero um orçamento', { clientMessageId: 'client-0001' });
    expect(first.status).toBe(201);
    // The stored message's id comes back, so the page shows it once when the history brings it too.
    const { messageId } = (await first.json()) as { outcome: string; messageId: number };
    expect((await history(visitor)).map((m) => (m as { id?: number }).id)).toContain(messageId);
    // A retried post with the same client id is stored once.
    expect(
      await (await post(visitor, 'Olá, quero um orçamento', { clientMessageId: 'client-0001' })).json(),
    ).toEqual({ outcome: 'duplicate' });

    const pending = (await (await host.request('/api/tickets?status=pending', { token: admin })).json())
      .tickets as TicketDto[];
    const ticket = pending.find((t) => t.contact.number === visitorContactId(visitor));
    expect(ticket).toMatchObject({
      channel: 'webchat',
      status: 'pending',
      unreadMessages: 1,
      contact: { name: 'Marina' },
    });
    const id = ticket?.id ?? 0;

    await host.request(`/api/tickets/${id}`, {
      method: 'PUT',
      token: admin,
      body: { status: 'open', userId: 1 },
    });
    await host.request(`/api/messages/${id}`, {
      token: admin,
      body: { body: 'Nota interna', isPrivate: true },
    });
    const reply = await (
      await host.request(`/api/messages/${id}`, { token: admin, body: { body: 'Claro! Qual produto?' } })
    ).json();

    const frame = await eventually(() => frames.find((f) => f.data.message?.id === reply.id), 10_000);
    expect(frame).toEqual({
      channel: 'webchat',
      data: {
        action: 'message',
        message: expect.objectContaining({ body: 'Claro! Qual produto?', fromMe: true }),
      },
    });
    expect(JSON.stringify(frames)).not.toContain('Nota interna');
    // Accepting greeted the visitor (sendGreetingAccepted is on by default) before the reply.
    expect((await history(visitor)).map((m) => [m.body, m.fromMe])).toEqual([
      ['Olá, quero um orçamento', false],
      [
        expect.stringMatching(
          /^\u200e.* \*Marina\*, meu nome é .* e agora vou prosseguir com seu atendimento!$/,
        ),
        true,
      ],
      ['Claro! Qual produto?', true],
    ]);
    // Delivered: the attendant's message reached ack 2.
    await eventually(async () => {
      const page = await (await host.request(`/api/messages/${id}`, { token: admin })).json();
      return page.messages.find((m: { id: number; ack: number }) => m.id === reply.id && m.ack === 2);
    }, 10_000);
  });

  it('read receipts: the visitor has read the replies, the attendant sees ack 3 live; only their own', async () => {
    const visitor = 'visitor-read-1';
    await post(visitor, 'Vocês abrem domingo?');
    const id = await acceptedBy(admin, visitor);
    const note = await (
      await host.request(`/api/messages/${id}`, { token: admin, body: { body: 'só admin', isPrivate: true } })
    ).json();
    const reply = await (
      await host.request(`/api/messages/${id}`, { token: admin, body: { body: 'Abrimos sim!' } })
    ).json();
    const acks = async () =>
      new Map(
        (
          (await (await host.request(`/api/messages/${id}`, { token: admin })).json()).messages as {
            id: number;
            ack: number;
          }[]
        ).map((m) => [m.id, m.ack]),
      );
    await eventually(async () => ((await acks()).get(reply.id) === 2 ? true : undefined), 10_000);

    const attendant = new WebSocket(`${host.url.replace('http', 'ws')}/ws?token=${admin}`);
    sockets.push(attendant);
    const frames: { channel: string; data: { action?: string; message?: { id: number; ack: number } } }[] =
      [];
    attendant.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
    await eventually(() => frames.find((f) => f.channel === 'ready'));

    // Another visitor's receipt changes nothing here.
    const other = await host.request(`/api/webchat/${token}/read`, { body: { visitorId: 'visitor-read-2' } });
    expect(await other.json()).toEqual({ read: 0 });
    const read = await host.request(`/api/webchat/${token}/read`, { body: { visitorId: visitor } });
    expect(read.status).toBe(200);
    expect((await read.json()).read).toBe(2); // the accept greeting and the reply; never the private note
    const live = await eventually(() =>
      frames.find((f) => f.channel === 'company-1-appMessage' && f.data.message?.id === reply.id),
    );
    expect(live.data).toMatchObject({ action: 'update', message: { id: reply.id, ack: 3 } });
    const after = await acks();
    expect(after.get(reply.id)).toBe(3);
    expect(after.get(note.id)).toBe(3); // a note is "read" from the start, and stays untouched
    const bad = await host.request('/api/webchat/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/read', {
      body: { visitorId: visitor },
    });
    expect(bad.status).toBe(404);
  });

  it('a reply the attendant deletes is taken back from the open page and the history; a note is never sent', async () => {
    const visitor = 'visitor-retract-1';
    const { frames } = await visitorSocket(visitor);
    await post(visitor, 'Qual o prazo?');
    const id = await acceptedBy(admin, visitor);
    const send = async (body: string, isPrivate = false) =>
      (await (
        await host.request(`/api/messages/${id}`, { token: admin, body: { body, isPrivate } })
      ).json()) as {
        id: number;
      };
    const wrong = await send('30 dias');
    const note = await send('conferir prazo', true);
    await eventually(() => frames.find((f) => f.data.message?.id === wrong.id), 10_000);
    expect((await host.request(`/api/messages/${wrong.id}`, { method: 'DELETE', token: admin })).status).toBe(
      204,
    );
    expect((await host.request(`/api/messages/${note.id}`, { method: 'DELETE', token: admin })).status).toBe(
      204,
    );
    const taken = await eventually(
      () => frames.find((f) => (f.data as { action?: string }).action === 'delete'),
      10_000,
    );
    expect(taken).toEqual({ channel: 'webchat', data: { action: 'delete', messageId: wrong.id } });
    expect((await history(visitor)).map((m) => m.body)).not.toContain('30 dias');
    // The note never reached the visitor, so nothing is taken back for it.
    await new Promise((r) => setTimeout(r, 300));
    expect(frames.filter((f) => (f.data as { action?: string }).action === 'delete')).toHaveLength(1);
  });

  it('typing: attendants who may see the ticket hear the visitor compose and stop; nobody else', async () => {
    const visitor = 'visitor-typing-1';
    await post(visitor, 'Oi, uma dúvida');
    const id = await acceptedBy(admin, visitor);
    const created = await host.request('/api/users', {
      token: admin,
      body: { name: 'Outra', email: 'outra.typing@teste.com', password: 'senha-123', profile: 'user' },
    });
    expect(created.status).toBe(201);
    const other = (await host.login('outra.typing@teste.com', 'senha-123')).token;
    const listen = async (jwt: string) => {
      const ws = new WebSocket(`${host.url.replace('http', 'ws')}/ws?token=${jwt}`);
      sockets.push(ws);
      const frames: { channel: string; data: { action?: string; ticketId?: number; presence?: string } }[] =
        [];
      ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
      await eventually(() => frames.find((f) => f.channel === 'ready'));
      return frames;
    };
    const [mine, theirs] = [await listen(admin), await listen(other)];
    const presence = (body: Record<string, unknown>, t = token) =>
      host.request(`/api/webchat/${t}/presence`, { body });
    const heard = (state: string) =>
      eventually(() =>
        mine.find(
          (f) =>
            f.channel === 'company-1-ticket' && f.data.action === 'presence' && f.data.presence === state,
        ),
      );

    expect((await presence({ visitorId: visitor, presence: 'composing' })).status).toBe(204);
    expect((await heard('composing')).data).toEqual({
      action: 'presence',
      ticketId: id,
      presence: 'composing',
    });
    expect((await presence({ visitorId: visitor, presence: 'available' })).status).toBe(204);
    await heard('available');
    // A visitor with no conversation changes nothing; bad input is refused.
    expect((await presence({ visitorId: 'visitor-typing-none', presence: 'composing' })).status).toBe(204);
    expect((await presence({ visitorId: visitor, presence: 'dancing' })).status).toBe(400);
    expect((await presence({ visitorId: visitor, presence: 'composing' }, 'A'.repeat(30))).status).toBe(404);
    // The user who may not see the admin's ticket heard none of it.
    await new Promise((r) => setTimeout(r, 300));
    expect(theirs.filter((f) => f.data.action === 'presence')).toEqual([]);
    expect(mine.filter((f) => f.data.action === 'presence').map((f) => f.data.presence)).toEqual([
      'composing',
      'available',
    ]);
  });

  it('a visitor receives media with their URL, loads them, and sees them in the history', async () => {
    const visitor = 'visitor-media-1';
    const { frames } = await visitorSocket(visitor);
    await post(visitor, 'Pode mandar a foto?');
    const id = await acceptedBy(admin, visitor);
    const form = new FormData();
    form.append('medias', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'produto.png');
    form.append('body', 'Aqui está');
    const res = await fetch(`${host.url}/api/messages/${id}`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.status).toBe(201);
    const [sent] = await res.json();
    const frame = await eventually(() => frames.find((f) => f.data.message?.id === sent.id), 10_000);
    expect(frame.data.message).toMatchObject({
      body: 'Aqui está',
      mediaType: 'image',
      mediaUrl: sent.mediaUrl,
    });
    const image = await fetch(`${host.url}${sent.mediaUrl}`);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
    expect((await history(visitor)).at(-1)).toMatchObject({ mediaType: 'image', mediaUrl: sent.mediaUrl });
  });

  it("a visitor never sees another visitor's conversation, and hears no company events", async () => {
    await post('visitor-dddd-1', 'segredo do primeiro');
    expect(await history('visitor-dddd-2')).toEqual([]);
    const other = await visitorSocket('visitor-dddd-2');
    await post('visitor-dddd-3', 'um terceiro chega');
    await host.request('/api/users/1', { method: 'PUT', token: admin, body: { farewellMessage: 'tchau' } });
    await new Promise((r) => setTimeout(r, 300));
    expect(other.frames).toEqual([]);
    other.ws.send(JSON.stringify({ type: 'joinNotification' }));
    await eventually(() => other.frames.find((f) => f.channel === 'error'));
  });

  it("what attendants see of a visitor (the contact's number) opens nothing of theirs: only the secret id does", async () => {
    const visitor = `secret-${randomUUID()}`;
    await post(visitor, 'só eu leio isto');
    const id = await acceptedBy(admin, visitor);
    const ticket = (await (await host.request(`/api/tickets/${id}`, { token: admin })).json()) as TicketDto;
    const shown = ticket.contact.number ?? '';
    expect(shown).toBe(visitorContactId(visitor));
    expect(shown).not.toContain(visitor);
    expect(JSON.stringify(ticket)).not.toContain(visitor);
    // Used as a visitor id, the number shown opens another (empty) conversation and hears nothing of this one.
    expect(await history(shown)).toEqual([]);
    const impostor = await visitorSocket(shown);
    await host.request(`/api/messages/${id}`, { token: admin, body: { body: 'resposta privada' } });
    const real = await visitorSocket(visitor);
    await host.request(`/api/messages/${id}`, { token: admin, body: { body: 'segunda resposta' } });
    await eventually(() => real.frames.find((f) => f.data.message?.body === 'segunda resposta'));
    expect(impostor.frames).toEqual([]);
    expect((await history(visitor)).map((m) => m.body)).toContain('resposta privada');
  });

  it("the migration gives existing visitors' contacts the hash the visitor's id now maps to", async () => {
    const db = host.resolve<{
      em: { getConnection(): { execute<T>(sql: string, p: unknown[]): Promise<T> } };
    }>('orm');
    for (const id of ['0f1e2d3c4b5a69788796a5b4c3d2e1f0', 'visitor-cccc-1', 'A_b-C_d-E_f-G_h']) {
      const [row] = await db.em
        .getConnection()
        .execute<{ hash: string }[]>(`select ${visitorContactIdSql('?::text')} as hash`, [id]);
      expect(row.hash).toBe(visitorContactId(id));
    }
  });

  it('refuses a post without clientMessageId (a retry must never store a message twice)', async () => {
    const res = await post('visitor-no-id', 'oi', { clientMessageId: undefined });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toContainEqual({ path: 'clientMessageId', message: 'Required' });
  });

  it('refuses a guest socket with a bad token or visitor id', async () => {
    const saved = token;
    token = 'X'.repeat(30);
    await expect(visitorSocket('visitor-eeee')).rejects.toThrow('refused 401');
    token = saved;
    await expect(visitorSocket('bad id!')).rejects.toThrow('refused 401');
  });
});
