import { buildVCard, type ChannelMedia } from '@balcao/sdk';
import { generateWAMessage } from '@whiskeysockets/baileys';
import { describe, expect, it } from 'vitest';
import { quotedMessage } from './outbound.js';
import { ANA, connectedChannel as connected } from './testing/connected-channel.js';

const PNG = Buffer.from('89504e470d0a1a0a', 'hex');
const MP3 = Buffer.from('fffb9064', 'hex');
const PDF = Buffer.from('%PDF-1.4', 'latin1');

/** Files of the connection's company, stored as core's media store would hold them. */
async function storeFiles(media: ChannelMedia) {
  const image = await media.store({ data: PNG, fileName: 'a.png', mimeType: 'image/png' });
  const doc = await media.store({ data: PDF, fileName: 'b.pdf', mimeType: 'application/pdf' });
  const audio = await media.store({ data: MP3, fileName: 'c.mp3', mimeType: 'audio/mpeg' });
  return { image: image.url, doc: doc.url, audio: audio.url };
}

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

  it('media are read from the company’s store and go with their bytes and caption: image, document with its name', async () => {
    const { channel, socket, sendCtx, outbound, media } = await connected();
    const urls = await storeFiles(media);
    await channel.send(outbound({ body: 'vitrine', mediaType: 'image', mediaUrl: urls.image }), sendCtx);
    await channel.send(outbound({ body: '', mediaType: 'application', mediaUrl: urls.doc }), sendCtx);
    const [image, doc] = socket.sent.map((s) => s.content);
    expect(image).toEqual({ image: PNG, caption: 'vitrine', mimetype: 'image/png' });
    expect(doc).toMatchObject({ document: PDF, mimetype: 'application/pdf', fileName: 'b.pdf' });
  });

  it('a recorded audio goes as a voice note (PTT); an audio file as audio to play', async () => {
    const { channel, socket, sendCtx, outbound, media } = await connected();
    const { audio } = await storeFiles(media);
    await channel.send(outbound({ mediaType: 'audio', mediaUrl: audio, voiceNote: true }), sendCtx);
    await channel.send(outbound({ mediaType: 'audio', mediaUrl: audio }), sendCtx);
    expect(socket.sent.map((s) => s.content)).toEqual([
      { audio: MP3, mimetype: 'audio/mpeg', ptt: true },
      { audio: MP3, mimetype: 'audio/mpeg', ptt: false },
    ]);
  });

  it('a file it cannot read (gone, or another company’s) fails the send — the outbox marks it — rather than sending less', async () => {
    const { channel, socket, sendCtx, outbound } = await connected();
    const missing = outbound({ mediaType: 'image', mediaUrl: '/api/media/company1/gone.png' });
    await expect(channel.send(missing, sendCtx)).rejects.toThrow(/could not be read/);
    const elsewhere = outbound({ mediaType: 'image', mediaUrl: '/api/media/company2/theirs.png' });
    await expect(channel.send(elsewhere, sendCtx)).rejects.toThrow(/could not be read/);
    expect(socket.sent).toHaveLength(0);
  });

  it('a reply quotes the message it answers: WhatsApp’s id for it, who wrote it and its text', async () => {
    const { channel, socket, sendCtx, outbound } = await connected();
    const quoted = { externalId: 'WAID7', fromMe: false, body: 'Qual o prazo?', participant: null };
    await channel.send(outbound({ body: 'Amanhã', quoted }), sendCtx);
    // The second card of a message that shared two contacts quotes the message itself.
    await channel.send(outbound({ body: 'Este?', quoted: { ...quoted, externalId: 'WAID8:1' } }), sendCtx);
    await channel.send(outbound({ body: 'Sem citação' }), sendCtx);
    const [first, second, third] = socket.sent;
    expect(first?.options?.quoted).toEqual({
      key: { remoteJid: `${ANA}@s.whatsapp.net`, fromMe: false, id: 'WAID7' },
      message: { conversation: 'Qual o prazo?' },
    });
    expect(second?.options?.quoted?.key.id).toBe('WAID8');
    expect(third?.options).not.toHaveProperty('quoted');
  });

  it('Baileys turns the quote into the reply’s context: the quoted id, its author and its text', async () => {
    const jid = `${ANA}@s.whatsapp.net`;
    const quoted = quotedMessage(jid, {
      externalId: 'WAID7',
      fromMe: false,
      body: 'Qual o prazo?',
      participant: null,
    });
    const built = await generateWAMessage(
      jid,
      { text: 'Amanhã' },
      // Text needs no upload: Baileys never calls it here.
      {
        userJid: '5511999990000@s.whatsapp.net',
        quoted,
        upload: async () => Promise.reject(new Error('no upload')),
      },
    );
    expect(built.message?.extendedTextMessage?.contextInfo).toMatchObject({
      stanzaId: 'WAID7',
      participant: jid,
      quotedMessage: { conversation: 'Qual o prazo?' },
    });
  });

  it('in a group a reply quotes who wrote the message', async () => {
    const { channel, socket, sendCtx, outbound } = await connected();
    const quoted = { externalId: 'GQ1', fromMe: false, body: 'alguém?', participant: ANA };
    await channel.send(outbound({ to: '120363025246125486', body: 'eu', quoted }), sendCtx);
    expect(socket.sent[0]?.options?.quoted?.key).toEqual({
      remoteJid: '120363025246125486@g.us',
      fromMe: false,
      id: 'GQ1',
      participant: `${ANA}@s.whatsapp.net`,
    });
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
    // Spec part 1 §8: WhatsApp refusing a message is ERR_SENDING_WAPP_MSG (the outbox keeps it as the reason).
    await expect(channel.send(message, sendCtx)).rejects.toThrow('ERR_SENDING_WAPP_MSG');
    socket.failSends = false;
    await channel.send(message, sendCtx);
    expect(socket.sent).toHaveLength(1);
  });

  it('a connection that is not connected refuses to send (the outbox retries later)', async () => {
    const { channel, sendCtx, outbound, ctx } = await connected();
    await channel.stop?.(ctx);
    await expect(channel.send(outbound({ body: 'x' }), sendCtx)).rejects.toThrow('ERR_WAPP_NOT_INITIALIZED');
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

  it('a delete WhatsApp refuses is ERR_DELETE_WAPP_MSG, and is tried again', async () => {
    const { channel, socket, sendCtx, outbound } = await connected();
    const { externalId } = await channel.send(outbound({ body: 'errada' }), sendCtx);
    const retracted = {
      messageId: 1,
      ticketId: 1,
      to: ANA,
      externalId: externalId ?? null,
      idempotencyKey: 'r2',
    };
    socket.failSends = true;
    await expect(channel.retract?.(retracted, sendCtx)).rejects.toThrow('ERR_DELETE_WAPP_MSG');
    socket.failSends = false;
    await channel.retract?.(retracted, sendCtx);
    expect(socket.sent).toHaveLength(2);
  });
});

describe('WhatsApp read receipts', () => {
  const read = (over: Partial<{ to: string; participant: string | null; idempotencyKey: string }> = {}) => ({
    messageId: 7,
    ticketId: 1,
    to: ANA,
    externalId: 'IN-7',
    participant: null,
    idempotencyKey: 'k7',
    ...over,
  });

  it('a message an attendant read gets blue ticks once: its key, the sender in a group', async () => {
    const { channel, socket, sendCtx } = await connected();
    await channel.readReceipt?.(read(), sendCtx);
    await channel.readReceipt?.(read(), sendCtx);
    await channel.readReceipt?.(
      read({ to: '120363025246125486', participant: '5511977776666', idempotencyKey: 'k8' }),
      sendCtx,
    );
    expect(socket.readReceipts).toEqual([
      { remoteJid: `${ANA}@s.whatsapp.net`, id: 'IN-7', fromMe: false },
      {
        remoteJid: '120363025246125486@g.us',
        id: 'IN-7',
        fromMe: false,
        participant: '5511977776666@s.whatsapp.net',
      },
    ]);
  });

  it('a receipt WhatsApp refuses is ERR_SENDING_WAPP_MSG, and is tried again', async () => {
    const { channel, socket, sendCtx } = await connected();
    socket.failSends = true;
    await expect(channel.readReceipt?.(read(), sendCtx)).rejects.toThrow('ERR_SENDING_WAPP_MSG');
    socket.failSends = false;
    await channel.readReceipt?.(read(), sendCtx);
    expect(socket.readReceipts).toHaveLength(1);
  });
});

describe('WhatsApp address check', () => {
  it('answers the number as WhatsApp knows it, or null when it has no account', async () => {
    const { channel, socket, sendCtx } = await connected();
    // A Brazilian mobile registered before the ninth digit: WhatsApp answers without it.
    socket.accounts.set('5531988887777', '553188887777');
    socket.accounts.set(ANA, ANA);
    expect(await channel.checkAddress?.('+55 (31) 98888-7777', sendCtx)).toBe('553188887777');
    expect(await channel.checkAddress?.(ANA, sendCtx)).toBe(ANA);
    expect(await channel.checkAddress?.('5511900000000', sendCtx)).toBeNull();
  });

  it('a check WhatsApp does not answer, or on a connection that is not connected, throws', async () => {
    const { channel, socket, sendCtx, ctx } = await connected();
    socket.failLookups = true;
    await expect(channel.checkAddress?.(ANA, sendCtx)).rejects.toThrow();
    await channel.stop?.(ctx);
    await expect(channel.checkAddress?.(ANA, sendCtx)).rejects.toThrow('ERR_WAPP_NOT_INITIALIZED');
  });
});
