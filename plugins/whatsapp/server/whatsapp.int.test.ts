import type { WhatsappChannelOptions } from '@balcao/channel-whatsapp';
import { type FakeSocket, fakeSockets, waMessage } from '@balcao/channel-whatsapp/testing';
import type { ConnectionDto, ContactDto, MessageDto, TicketDto } from '@balcao/sdk';
import { createTestHost, eventually } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWhatsappPlugin } from './index.js';

const NUMBER = '5511999990000';

/** A host with the WhatsApp plugin on fake sockets, and an admin's way to a connection's row. */
async function whatsappHost(
  onOpen: (socket: FakeSocket) => void,
  policy = {},
  options: WhatsappChannelOptions = {},
) {
  const fake = fakeSockets(onOpen);
  const host = await createTestHost({
    plugins: [createWhatsappPlugin({ makeSocket: fake.makeSocket, policy, ...options })],
  });
  const { token } = await host.login(host.admin.email, host.admin.password);
  const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
    host.request(path, { ...init, token });
  const connection = (await (
    await api('/api/whatsapp', { body: { name: 'Loja', channel: 'whatsapp' } })
  ).json()) as ConnectionDto;
  const row = async () => (await (await api(`/api/whatsapp/${connection.id}`)).json()) as ConnectionDto;
  const until = (status: string) =>
    eventually(async () => ((await row()).status === status ? row() : undefined), 10_000);
  return { fake, host, api, connection, row, until };
}

describe('WhatsApp sessions run by core (lease, store, commands)', () => {
  let h: Awaited<ReturnType<typeof whatsappHost>>;
  let phoneScans = false;

  beforeAll(async () => {
    // A linked socket (creds with `me`) opens; a new one shows a QR code until the phone scans it.
    h = await whatsappHost((socket) =>
      socket.config.auth?.creds.me || phoneScans
        ? socket.openAs(NUMBER)
        : socket.showQr(`2@qr-${Date.now()}`),
    );
  });
  afterAll(() => h?.host.stop());

  it('starting shows a QR code on the connection; the scan connects it with its number', async () => {
    await h.api(`/api/whatsappsession/${h.connection.id}`, { method: 'POST' });
    await h.until('qrcode');
    phoneScans = true;
    h.fake.last().drop(515); // WhatsApp's restart after pairing
    const linked = await h.until('CONNECTED');
    expect(linked.number).toBe(NUMBER);
  });

  it('"try again" restarts the session from the stored keys: connected again without a QR code', async () => {
    phoneScans = false;
    const before = h.fake.opened.length;
    await h.api(`/api/whatsappsession/${h.connection.id}`, { method: 'POST' });
    await eventually(async () => (h.fake.opened.length > before ? true : undefined));
    expect(h.fake.last().config.auth?.creds.me?.id).toContain(NUMBER);
    expect((await h.until('CONNECTED')).number).toBe(NUMBER);
  });

  it('disconnect logs the device out on WhatsApp and forgets it: the next start asks for a QR code', async () => {
    const socket = h.fake.last();
    await h.api(`/api/whatsappsession/${h.connection.id}`, { method: 'DELETE' });
    const row = await h.until('DISCONNECTED');
    expect(socket.loggedOut).toBe(true);
    expect(row.number ?? null).toBeNull();
    await h.api(`/api/whatsappsession/${h.connection.id}`, { method: 'POST' });
    await h.until('qrcode');
    expect(h.fake.last().config.auth?.creds.me).toBeUndefined();
  });
});

describe('a WhatsApp session that cannot reach the servers', () => {
  let h: Awaited<ReturnType<typeof whatsappHost>>;
  beforeAll(async () => {
    h = await whatsappHost((socket) => socket.drop(408), { maxRetries: 2, backoffMs: 20, maxBackoffMs: 40 });
  });
  afterAll(() => h?.host.stop());

  it('a new connection starts at once, and ends DISCONNECTED after the retry cap, opening no more sockets', async () => {
    // The first try and 2 retries fail; a new connection already reads DISCONNECTED, so wait for them first.
    await eventually(async () => (h.fake.opened.length >= 3 ? true : undefined), 10_000);
    await h.until('DISCONNECTED');
    const opened = h.fake.opened.length;
    expect(opened).toBe(3);
    await new Promise((r) => setTimeout(r, 300));
    expect(h.fake.opened).toHaveLength(opened);
  });

  it('"try again" after giving up makes one more round of tries', async () => {
    await h.api(`/api/whatsappsession/${h.connection.id}`, { method: 'POST' });
    await eventually(async () => (h.fake.opened.length >= 6 ? true : undefined), 10_000);
    await h.until('DISCONNECTED');
    await new Promise((r) => setTimeout(r, 300));
    expect(h.fake.opened).toHaveLength(6);
  });
});

describe('what a contact sends, through the session core runs', () => {
  const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  let h: Awaited<ReturnType<typeof whatsappHost>>;
  beforeAll(async () => {
    h = await whatsappHost((socket) => socket.openAs(NUMBER), {}, { downloadMedia: async () => PNG });
    await h.api(`/api/whatsappsession/${h.connection.id}`, { method: 'POST' });
    await h.until('CONNECTED');
  });
  afterAll(() => h?.host.stop());

  it('a photo is stored in the company’s media store and served; a new contact comes with their profile picture', async () => {
    const from = '5511977002002';
    const picture = 'https://pps.whatsapp.net/v/t61/joana.jpg';
    h.fake.last().pictures.set(`${from}@s.whatsapp.net`, picture);
    h.fake
      .last()
      .receive(
        waMessage.from(
          from,
          'PHOTO1',
          { imageMessage: { caption: 'o defeito', mimetype: 'image/png' } },
          { pushName: 'Joana' },
        ),
      );
    const ticket = await eventually(async () => {
      const { tickets } = (await (await h.api('/api/tickets?status=pending')).json()) as {
        tickets: TicketDto[];
      };
      return tickets.find((t) => t.contact.number === from);
    });
    const { messages } = (await (await h.api(`/api/messages/${ticket.id}`)).json()) as {
      messages: MessageDto[];
    };
    expect(messages[0]).toMatchObject({ body: 'o defeito', mediaType: 'image', fromMe: false });
    expect(messages[0]?.mediaUrl).toMatch(/^\/api\/media\/company1\/[0-9a-f]{32}\.png$/);
    const served = await h.host.request(messages[0]?.mediaUrl ?? '');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    const contact = (await (await h.api(`/api/contacts/${ticket.contactId}`)).json()) as ContactDto;
    expect(contact).toMatchObject({ name: 'Joana', urlPicture: picture });
  });
});
