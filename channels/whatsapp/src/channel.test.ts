import { buildVCard, type OutboundMessage, type RealtimePort } from '@balcao/sdk';
import { proto } from '@whiskeysockets/baileys';
import { describe, expect, it, vi } from 'vitest';
import { type WhatsappChannelOptions, whatsappChannel } from './channel.js';
import { fakeSockets, waMessage } from './testing/fake-socket.js';
import { recordingSessionContext } from './testing/memory-session-store.js';

const ANA = '5511999990001';
const realtime: RealtimePort = { publish: async () => {}, defineRoom() {}, defineGuest() {} };
const PNG = Buffer.from('89504e470d0a1a0a', 'hex');

/** A connected session on a fake socket. */
async function connected(options: WhatsappChannelOptions = {}) {
  const fake = fakeSockets();
  const channel = whatsappChannel({ makeSocket: fake.makeSocket, ...options });
  const rec = recordingSessionContext();
  await channel.start?.(rec.ctx);
  fake.last().openAs('5511999990000');
  await vi.waitFor(() => expect(rec.statuses()).toContain('CONNECTED'));
  const sendCtx = {
    connection: rec.ctx.connection,
    realtime,
    session: rec.ctx.session,
    media: { store: async () => ({ url: '', type: 'image' as const, size: 0 }), read: async () => null },
  };
  let n = 0;
  const outbound = (fields: Partial<OutboundMessage>): OutboundMessage => {
    n += 1;
    return {
      messageId: n,
      ticketId: 1,
      to: ANA,
      body: '',
      createdAt: new Date().toISOString(),
      mediaType: 'chat',
      mediaUrl: null,
      idempotencyKey: `key-${n}`,
      ...fields,
    };
  };
  return { fake, channel, socket: fake.last(), ...rec, sendCtx, outbound };
}

const readMedia: WhatsappChannelOptions['readMedia'] = async (url) => ({
  data: PNG,
  mimeType: url.endsWith('.pdf') ? 'application/pdf' : url.endsWith('.mp3') ? 'audio/mpeg' : 'image/png',
  fileName: url.split('/').at(-1) ?? 'file',
});

describe('WhatsApp outbound', () => {
  it('a text goes to the contact’s jid; the answer is ack 1 with WhatsApp’s message id', async () => {
    const { channel, socket, sendCtx, outbound } = await connected();
    const result = await channel.send(outbound({ body: 'Olá!' }), sendCtx);
    expect(socket.sent).toHaveLength(1);
    expect(socket.sent[0]).toMatchObject({ jid: `${ANA}@s.whatsapp.net`, content: { text: 'Olá!' } });
    expect(result).toEqual({ ack: 1, externalId: socket.sent[0]?.key.id });
  });

  it('a group contact is written to on g.us', async () => {
    const { channel, socket, sendCtx, outbound } = await connected();
    await channel.send(outbound({ to: '120363025246125486', body: 'Bom dia, grupo' }), sendCtx);
    expect(socket.sent[0]?.jid).toBe('120363025246125486@g.us');
  });

  it('media goes with its bytes and caption: image, document with its name, audio as a voice note', async () => {
    const { channel, socket, sendCtx, outbound } = await connected({ readMedia });
    await channel.send(
      outbound({ body: 'vitrine', mediaType: 'image', mediaUrl: '/api/media/company1/a.png' }),
      sendCtx,
    );
    await channel.send(
      outbound({ body: '', mediaType: 'application', mediaUrl: '/api/media/company1/b.pdf' }),
      sendCtx,
    );
    await channel.send(
      outbound({ body: '', mediaType: 'audio', mediaUrl: '/api/media/company1/c.mp3' }),
      sendCtx,
    );
    const [image, doc, audio] = socket.sent.map((s) => s.content);
    expect(image).toEqual({ image: PNG, caption: 'vitrine', mimetype: 'image/png' });
    expect(doc).toMatchObject({ document: PNG, mimetype: 'application/pdf', fileName: 'b.pdf' });
    expect(audio).toEqual({ audio: PNG, mimetype: 'audio/mpeg', ptt: true });
  });

  it('a file it cannot read fails the send (the outbox marks it) rather than sending less', async () => {
    const { channel, socket, sendCtx, outbound } = await connected();
    const image = outbound({ mediaType: 'image', mediaUrl: '/api/media/company1/a.png' });
    await expect(channel.send(image, sendCtx)).rejects.toThrow(/media reader/);
    const unreadable = await connected({ readMedia: async () => null });
    await expect(unreadable.channel.send(image, unreadable.sendCtx)).rejects.toThrow(/could not be read/);
    expect(socket.sent).toHaveLength(0);
  });

  it('a contact card is sent as a contact, a location as a location', async () => {
    const { channel, socket, sendCtx, outbound } = await connected();
    const vcard = buildVCard({ name: 'Bia', number: '5511988887777' });
    await channel.send(outbound({ body: vcard, mediaType: 'contactMessage' }), sendCtx);
    await channel.send(
      outbound({
        body: '|https://maps.google.com/maps?q=-23.55%2C-46.63|Loja Centro',
        mediaType: 'locationMessage',
      }),
      sendCtx,
    );
    expect(socket.sent[0]?.content).toEqual({
      contacts: { displayName: 'Bia', contacts: [{ displayName: 'Bia', vcard }] },
    });
    expect(socket.sent[1]?.content).toEqual({
      location: { degreesLatitude: -23.55, degreesLongitude: -46.63, name: 'Loja Centro' },
    });
  });

  it('the same idempotency key is sent once, even when the retry comes while the first send is under way', async () => {
    const { channel, socket, sendCtx, outbound } = await connected();
    const message = outbound({ body: 'Uma vez só' });
    const [a, b] = await Promise.all([channel.send(message, sendCtx), channel.send(message, sendCtx)]);
    const c = await channel.send({ ...message, messageId: 99 }, sendCtx);
    expect(socket.sent).toHaveLength(1);
    expect(a).toEqual(b);
    expect(c).toEqual(a);
  });

  it('the WhatsApp id comes from the idempotency key: a resend by another process carries the same id', async () => {
    const first = await connected();
    const message = first.outbound({ body: 'Uma vez' });
    const a = await first.channel.send(message, first.sendCtx);
    const other = await connected();
    const b = await other.channel.send(message, other.sendCtx);
    expect(b.externalId).toBe(a.externalId);
    expect(a.externalId).toMatch(/^3EB0[0-9A-F]{18}$/);
    expect(
      (await other.channel.send(other.outbound({ body: 'Outra', idempotencyKey: 'other' }), other.sendCtx))
        .externalId,
    ).not.toBe(a.externalId);
  });

  it('a failed send is not remembered: the outbox’s retry sends it', async () => {
    const { channel, socket, sendCtx, outbound } = await connected();
    const message = outbound({ body: 'De novo' });
    socket.failSends = true;
    await expect(channel.send(message, sendCtx)).rejects.toThrow();
    socket.failSends = false;
    await channel.send(message, sendCtx);
    expect(socket.sent).toHaveLength(1);
  });

  it('a connection that is not connected refuses to send (the outbox retries later)', async () => {
    const { channel, sendCtx, outbound, ctx } = await connected();
    await channel.stop?.(ctx);
    await expect(channel.send(outbound({ body: 'x' }), sendCtx)).rejects.toThrow(/not connected/);
  });

  it('retract deletes the message for everyone, once per idempotency key', async () => {
    const { channel, socket, sendCtx, outbound } = await connected();
    const { externalId } = await channel.send(outbound({ body: 'errada' }), sendCtx);
    const retracted = {
      messageId: 1,
      ticketId: 1,
      to: ANA,
      externalId: externalId ?? null,
      idempotencyKey: 'r1',
    };
    await channel.retract?.(retracted, sendCtx);
    await channel.retract?.(retracted, sendCtx);
    expect(socket.sent.slice(1).map((s) => s.content)).toEqual([
      { delete: { remoteJid: `${ANA}@s.whatsapp.net`, fromMe: true, id: externalId } },
    ]);
  });
});

describe('WhatsApp inbound', () => {
  it('messages go to ingest, normalised', async () => {
    const { socket, ingested } = await connected();
    socket.receive(waMessage.from(ANA, 'IN1', { conversation: 'Oi' }, { pushName: 'Ana' }));
    await vi.waitFor(() => expect(ingested).toHaveLength(1));
    expect(ingested[0]).toMatchObject({
      externalId: 'IN1',
      from: { id: ANA, name: 'Ana' },
      body: 'Oi',
      mediaUrl: null,
    });
  });

  it('a group is named by its subject, asked once; a group WhatsApp will not describe keeps its id', async () => {
    const { socket, ingested } = await connected();
    socket.groups.set('120363000000000001@g.us', 'Clientes VIP');
    const ask = vi.spyOn(socket, 'groupMetadata');
    socket.receive(waMessage.from(ANA, 'G1', { conversation: 'oi' }, { group: '120363000000000001' }));
    socket.receive(waMessage.from(ANA, 'G2', { conversation: 'de novo' }, { group: '120363000000000001' }));
    socket.receive(waMessage.from(ANA, 'G3', { conversation: 'outro' }, { group: '120363000000000002' }));
    await vi.waitFor(() => expect(ingested).toHaveLength(3));
    const byId = [...ingested].sort((a, b) => a.externalId.localeCompare(b.externalId));
    expect(byId.map((m) => m.from)).toEqual([
      { id: '120363000000000001', name: 'Clientes VIP' },
      { id: '120363000000000001', name: 'Clientes VIP' },
      { id: '120363000000000002', name: '' },
    ]);
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it('media are downloaded and stored where Balcão serves them, when the plugin gives a store', async () => {
    const stored: { fileName: string; mimeType: string; size: number }[] = [];
    const { socket, ingested } = await connected({
      downloadMedia: async () => PNG,
      storeMedia: async (_ctx, file) => {
        stored.push({ fileName: file.fileName, mimeType: file.mimeType, size: file.data.length });
        return '/api/media/company1/stored.png';
      },
    });
    socket.receive(waMessage.from(ANA, 'IMG9', { imageMessage: { caption: 'foto', mimetype: 'image/png' } }));
    await vi.waitFor(() => expect(ingested).toHaveLength(1));
    expect(stored).toEqual([{ fileName: 'image-IMG9.png', mimeType: 'image/png', size: PNG.length }]);
    expect(ingested[0]).toMatchObject({
      mediaType: 'image',
      body: 'foto',
      mediaUrl: '/api/media/company1/stored.png',
    });
  });

  it('a media download that fails still brings the message, as its caption and type', async () => {
    const { socket, ingested } = await connected({
      downloadMedia: async () => Promise.reject(new Error('410 gone')),
      storeMedia: async () => '/never',
    });
    socket.receive(
      waMessage.from(ANA, 'IMG10', { imageMessage: { caption: 'foto', mimetype: 'image/png' } }),
    );
    await vi.waitFor(() => expect(ingested).toHaveLength(1));
    expect(ingested[0]).toMatchObject({ mediaType: 'image', body: 'foto', mediaUrl: null });
  });

  it('the echo of a message Balcão sent is not ingested again; one typed on the phone is, as fromMe', async () => {
    const { channel, socket, ingested, sendCtx, outbound } = await connected();
    const { externalId } = await channel.send(outbound({ body: 'daqui' }), sendCtx);
    socket.receive(
      waMessage.from(ANA, externalId ?? '', { conversation: 'daqui' }, { fromMe: true }),
      'append',
    );
    socket.receive(waMessage.from(ANA, 'PHONE1', { conversation: 'do celular' }, { fromMe: true }), 'append');
    await vi.waitFor(() => expect(ingested).toHaveLength(1));
    expect(ingested[0]).toMatchObject({ externalId: 'PHONE1', fromMe: true, body: 'do celular' });
  });

  it('a read (or played) receipt of what Balcão sent marks the contact’s messages read; delivery receipts do not', async () => {
    const { channel, socket, markedRead, sendCtx, outbound } = await connected();
    await channel.send(outbound({ body: 'lida?' }), sendCtx);
    const key = socket.sent[0]!.key;
    socket.receipt(key, proto.WebMessageInfo.Status.DELIVERY_ACK);
    socket.receipt({ ...key, fromMe: false }, proto.WebMessageInfo.Status.READ);
    socket.receipt(key, proto.WebMessageInfo.Status.READ);
    await vi.waitFor(() => expect(markedRead).toEqual([ANA]));
  });

  it('each receipt raises its message’s ack by the id WhatsApp gave it: delivered 2, read 3, played 4', async () => {
    const { channel, socket, changes, sendCtx, outbound } = await connected();
    const { externalId } = await channel.send(outbound({ body: 'chegou?' }), sendCtx);
    const key = socket.sent[0]!.key;
    expect(key.id).toBe(externalId);
    socket.receipt(key, proto.WebMessageInfo.Status.DELIVERY_ACK);
    socket.receipt(key, proto.WebMessageInfo.Status.READ);
    socket.receipt(key, proto.WebMessageInfo.Status.PLAYED);
    // A receipt of the contact's own message is no ack of Balcão's.
    socket.receipt({ ...key, fromMe: false }, proto.WebMessageInfo.Status.READ);
    await vi.waitFor(() =>
      expect(changes).toEqual([
        { externalId, change: 'ack:2' },
        { externalId, change: 'ack:3' },
        { externalId, change: 'ack:4' },
      ]),
    );
  });

  it('the contact’s edit and “delete for everyone” reach Balcão’s copy by the message id, and are not new messages', async () => {
    const { socket, ingested, changes } = await connected();
    socket.receive(waMessage.from(ANA, 'ORIG1', { conversation: 'pedido 12' }));
    await vi.waitFor(() => expect(ingested).toHaveLength(1));
    const target = { remoteJid: `${ANA}@s.whatsapp.net`, fromMe: false, id: 'ORIG1' };
    socket.receive(
      waMessage.from(ANA, 'EDIT1', {
        protocolMessage: {
          key: target,
          type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
          editedMessage: { conversation: 'pedido 13' },
        },
      }),
    );
    socket.receive(
      waMessage.from(ANA, 'DEL1', {
        protocolMessage: { key: target, type: proto.Message.ProtocolMessage.Type.REVOKE },
      }),
    );
    await vi.waitFor(() =>
      expect(changes).toEqual([
        { externalId: 'ORIG1', change: 'edited:pedido 13' },
        { externalId: 'ORIG1', change: 'revoked' },
      ]),
    );
    expect(ingested).toHaveLength(1);
  });
});
