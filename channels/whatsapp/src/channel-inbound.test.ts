import { proto, type WAMessage, type WAMessageKey } from '@whiskeysockets/baileys';
import { describe, expect, it, vi } from 'vitest';
import { ANA, connectedChannel as connected } from './testing/connected-channel.js';
import { waMessage } from './testing/fake-socket.js';

const PNG = Buffer.from('89504e470d0a1a0a', 'hex');

describe('WhatsApp inbound', () => {
  it('messages go to ingest, normalised', async () => {
    const { socket, ingested } = await connected();
    socket.receive(waMessage.from(ANA, 'IN1', { conversation: 'Oi' }, { pushName: 'Ana' }));
    await vi.waitFor(() => expect(ingested).toHaveLength(1));
    expect(ingested[0]).toMatchObject({
      externalId: 'IN1',
      from: { id: ANA, name: 'Ana', picture: null },
      body: 'Oi',
      mediaUrl: null,
    });
  });

  it('a contact’s reaction and its removal reach ingest naming the reacted message; a quoted reply its quote', async () => {
    const { channel, socket, ingested, sendCtx, outbound } = await connected();
    const { externalId } = await channel.send(outbound({ body: 'Seu pedido saiu' }), sendCtx);
    const target: WAMessageKey = { remoteJid: `${ANA}@s.whatsapp.net`, fromMe: true, id: externalId ?? '' };
    const at = { pushName: 'Ana', timestamp: 1_764_000_400 };
    socket.receive(waMessage.from(ANA, 'RX1', { reactionMessage: { key: target, text: '❤️' } }, at));
    await vi.waitFor(() => expect(ingested).toHaveLength(1));
    socket.receive(waMessage.from(ANA, 'RX2', { reactionMessage: { key: target, text: '' } }, at));
    await vi.waitFor(() => expect(ingested).toHaveLength(2));
    socket.receive(
      waMessage.from(
        ANA,
        'RX3',
        { extendedTextMessage: { text: 'Obrigada!', contextInfo: { stanzaId: externalId } } },
        at,
      ),
    );
    await vi.waitFor(() => expect(ingested).toHaveLength(3));
    const common = {
      from: { id: ANA, name: 'Ana', picture: null },
      fromMe: false,
      isGroup: false,
      participant: null,
      timestamp: new Date(1_764_000_400_000),
      mediaUrl: null,
      quotedExternalId: externalId,
    };
    expect(ingested).toEqual([
      { ...common, externalId: 'RX1', body: '❤️', mediaType: 'reactionMessage' },
      { ...common, externalId: 'RX2', body: '', mediaType: 'reactionMessage' },
      { ...common, externalId: 'RX3', body: 'Obrigada!', mediaType: 'chat' },
    ]);
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
      { id: '120363000000000001', name: 'Clientes VIP', picture: null },
      { id: '120363000000000001', name: 'Clientes VIP', picture: null },
      { id: '120363000000000002', name: '', picture: null },
    ]);
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it('media are downloaded and stored with the connection’s company; the message carries the file’s URL', async () => {
    const { socket, ingested, media } = await connected({ downloadMedia: async () => PNG });
    socket.receive(waMessage.from(ANA, 'IMG9', { imageMessage: { caption: 'foto', mimetype: 'image/png' } }));
    await vi.waitFor(() => expect(ingested).toHaveLength(1));
    const url = ingested[0]?.mediaUrl ?? '';
    expect(url).toMatch(/^\/api\/media\/company1\//);
    expect(media.files.get(url)).toEqual({ data: PNG, fileName: 'image-IMG9.png', mimeType: 'image/png' });
    expect(ingested[0]).toMatchObject({ mediaType: 'image', body: 'foto' });
  });

  it('a media download that fails still brings the message, as its caption and type, and logs ERR_WAPP_DOWNLOAD_MEDIA', async () => {
    const { socket, ingested, media, warnings } = await connected({
      downloadMedia: async () => Promise.reject(new Error('410 gone')),
    });
    socket.receive(
      waMessage.from(ANA, 'IMG10', { imageMessage: { caption: 'foto', mimetype: 'image/png' } }),
    );
    await vi.waitFor(() => expect(ingested).toHaveLength(1));
    expect(ingested[0]).toMatchObject({ mediaType: 'image', body: 'foto', mediaUrl: null });
    expect(media.files.size).toBe(0);
    expect(warnings).toEqual([
      expect.objectContaining({
        fields: expect.objectContaining({ code: 'ERR_WAPP_DOWNLOAD_MEDIA', externalId: 'IMG10' }),
      }),
    ]);
  });

  it('a file the store refuses (type, size) is the same: the message arrives without it', async () => {
    const { socket, ingested, media, warnings } = await connected({ downloadMedia: async () => PNG });
    media.refuse = true;
    socket.receive(
      waMessage.from(ANA, 'DOC1', { documentMessage: { fileName: 'x.html', mimetype: 'text/html' } }),
    );
    await vi.waitFor(() => expect(ingested).toHaveLength(1));
    expect(ingested[0]).toMatchObject({ mediaType: 'application', body: 'x.html', mediaUrl: null });
    expect(warnings[0]?.fields).toMatchObject({ code: 'ERR_WAPP_DOWNLOAD_MEDIA' });
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

  it('a contact’s profile picture comes with their message, asked once per session; none when WhatsApp hides it', async () => {
    const { socket, ingested } = await connected();
    socket.pictures.set(`${ANA}@s.whatsapp.net`, 'https://pps.whatsapp.net/v/ana.jpg');
    const ask = vi.spyOn(socket, 'profilePictureUrl');
    socket.receive(waMessage.from(ANA, 'P1', { conversation: 'oi' }, { pushName: 'Ana' }));
    socket.receive(waMessage.from(ANA, 'P2', { conversation: 'tudo bem?' }, { pushName: 'Ana' }));
    socket.receive(waMessage.from('5511999990002', 'P3', { conversation: 'olá' }, { pushName: 'Bia' }));
    await vi.waitFor(() => expect(ingested).toHaveLength(3));
    const pictureOf = (id: string) => ingested.find((m) => m.externalId === id)?.from.picture;
    expect(pictureOf('P1')).toBe('https://pps.whatsapp.net/v/ana.jpg');
    expect(pictureOf('P2')).toBe('https://pps.whatsapp.net/v/ana.jpg');
    // Bia hides hers (WhatsApp answers 404): the message still arrives, without a picture.
    expect(pictureOf('P3')).toBeNull();
    expect(ask).toHaveBeenCalledTimes(2);
    expect(ask).toHaveBeenCalledWith(`${ANA}@s.whatsapp.net`, 'image', expect.any(Number));
  });
});

describe('WhatsApp presence', () => {
  it('a contact who writes in is followed once; their typing and recording reach core, a pause ends them', async () => {
    const { socket, ingested, presences } = await connected();
    const jid = `${ANA}@s.whatsapp.net`;
    socket.receive(waMessage.from(ANA, 'P1', { conversation: 'Oi' }));
    socket.receive(waMessage.from(ANA, 'P2', { conversation: 'tudo bem?' }));
    await vi.waitFor(() => expect(ingested).toHaveLength(2));
    expect(socket.presenceSubscribed).toEqual([jid]);

    socket.presence(jid, 'composing');
    socket.presence(jid, 'recording');
    socket.presence(jid, 'paused');
    await vi.waitFor(() => expect(presences).toHaveLength(3));
    expect(presences).toEqual([
      { contactId: ANA, presence: 'composing' },
      { contactId: ANA, presence: 'recording' },
      { contactId: ANA, presence: 'available' },
    ]);
  });

  it('in a group, a participant typing shows on the group’s conversation', async () => {
    const { socket, presences } = await connected();
    socket.presence('120363000000000001@g.us', 'composing', `${ANA}@s.whatsapp.net`);
    await vi.waitFor(() =>
      expect(presences).toEqual([{ contactId: '120363000000000001', presence: 'composing' }]),
    );
  });
});

describe('WhatsApp identity', () => {
  // The key is set after decoding, as Baileys does: its *Alt fields are not in the protobuf.
  const lidMessage = (id: string, key: Partial<WAMessageKey>) => {
    const message = proto.WebMessageInfo.fromObject({
      message: { conversation: 'oi' },
      pushName: 'Ana',
      messageTimestamp: 1_764_000_000,
    }) as WAMessage;
    message.key = { fromMe: false, id, ...key };
    return message;
  };

  it('a person writing from a LID is known by the phone number the session learnt for it: one contact', async () => {
    const { socket, ingested } = await connected();
    socket.lids.set('123456789012345@lid', `${ANA}@s.whatsapp.net`);
    socket.receive(waMessage.from(ANA, 'L1', { conversation: 'pelo número' }));
    socket.receive(lidMessage('L2', { remoteJid: '123456789012345@lid' }));
    // A group participant by LID too.
    socket.receive(
      lidMessage('L3', { remoteJid: '120363000000000001@g.us', participant: '123456789012345@lid' }),
    );
    await vi.waitFor(() => expect(ingested).toHaveLength(3));
    const byId = Object.fromEntries(ingested.map((m) => [m.externalId, m]));
    expect(byId.L1?.from.id).toBe(ANA);
    expect(byId.L2?.from.id).toBe(ANA);
    expect(byId.L3).toMatchObject({ isGroup: true, participant: ANA });
  });

  it('a LID nobody has mapped yet stays as it is; the number WhatsApp sends along wins over the store', async () => {
    const { socket, ingested } = await connected();
    socket.lids.set('555555555555555@lid', '5511999990009@s.whatsapp.net');
    socket.receive(lidMessage('L4', { remoteJid: '999999999999999@lid' }));
    socket.receive(
      lidMessage('L5', { remoteJid: '555555555555555@lid', remoteJidAlt: '5511999990007@s.whatsapp.net' }),
    );
    await vi.waitFor(() => expect(ingested).toHaveLength(2));
    const byId = Object.fromEntries(ingested.map((m) => [m.externalId, m]));
    expect(byId.L4?.from.id).toBe('999999999999999');
    expect(byId.L5?.from.id).toBe('5511999990007');
  });
});

describe('WhatsApp calls', () => {
  it('a call is told to core once, with who calls and whether it is video; core may have it declined', async () => {
    const { socket, calls, declineCalls } = await connected();
    socket.ring(ANA, 'C1');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ externalId: 'call-C1', from: { id: ANA }, video: false });
    expect(socket.rejectedCalls).toEqual([]);

    declineCalls(true);
    socket.ring(ANA, 'C2', true);
    await vi.waitFor(() => expect(socket.rejectedCalls).toEqual([['C2', `${ANA}@s.whatsapp.net`]]));
    expect(calls[1]).toMatchObject({ externalId: 'call-C2', video: true });
  });
});
