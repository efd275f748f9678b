import { proto } from '@whiskeysockets/baileys';
import { describe, expect, it } from 'vitest';
import { contactIdOf, jidOf, normaliseInbound } from './inbound.js';
import { waMessage } from './testing/fake-socket.js';

const ANA = '5511999990001';
const one = (m: ReturnType<typeof waMessage.from>) => {
  const all = normaliseInbound(m);
  expect(all).toHaveLength(1);
  return all[0]!;
};

describe('inbound normalisation: what Balcão stores for each WhatsApp message', () => {
  it('a text is a chat message from the sender, named by their push name, at its timestamp', () => {
    const { inbound, media } = one(
      waMessage.from(ANA, 'ABC1', { conversation: 'Oi!' }, { pushName: 'Ana', timestamp: 1_764_000_123 }),
    );
    expect(inbound).toEqual({
      externalId: 'ABC1',
      from: { id: ANA, name: 'Ana' },
      body: 'Oi!',
      mediaType: 'chat',
      fromMe: false,
      isGroup: false,
      participant: null,
      timestamp: new Date(1_764_000_123_000),
    });
    expect(media).toBeNull();
  });

  it('an extended text (a reply, a link) is its text', () => {
    const { inbound } = one(
      waMessage.from(ANA, 'ABC2', { extendedTextMessage: { text: 'veja https://loja.com.br' } }),
    );
    expect(inbound).toMatchObject({ body: 'veja https://loja.com.br', mediaType: 'chat' });
  });

  it('an image carries its caption and media to download; a video likewise', () => {
    const image = one(
      waMessage.from(ANA, 'IMG1', {
        imageMessage: { caption: 'vitrine', mimetype: 'image/jpeg', url: 'https://mmg' },
      }),
    );
    expect(image.inbound).toMatchObject({ body: 'vitrine', mediaType: 'image' });
    expect(image.media).toEqual({ mimeType: 'image/jpeg', fileName: 'image-IMG1.jpg' });
    const video = one(waMessage.from(ANA, 'VID1', { videoMessage: { mimetype: 'video/mp4' } }));
    expect(video.inbound).toMatchObject({ body: '', mediaType: 'video' });
    expect(video.media?.fileName).toBe('video-VID1.mp4');
  });

  it('a voice note is audio without a body (its codec parameters dropped from the type)', () => {
    const { inbound, media } = one(
      waMessage.from(ANA, 'PTT1', { audioMessage: { mimetype: 'audio/ogg; codecs=opus', ptt: true } }),
    );
    expect(inbound).toMatchObject({ body: '', mediaType: 'audio' });
    expect(media).toEqual({ mimeType: 'audio/ogg', fileName: 'audio-PTT1.ogg' });
  });

  it('a document is application, named by its file name unless captioned', () => {
    const named = one(
      waMessage.from(ANA, 'DOC1', {
        documentMessage: { fileName: 'boleto.pdf', mimetype: 'application/pdf' },
      }),
    );
    expect(named.inbound).toMatchObject({ body: 'boleto.pdf', mediaType: 'application' });
    expect(named.media).toEqual({ mimeType: 'application/pdf', fileName: 'boleto.pdf' });
    const captioned = one(
      waMessage.from(ANA, 'DOC2', {
        documentWithCaptionMessage: {
          message: {
            documentMessage: { fileName: 'nf.pdf', caption: 'a nota', mimetype: 'application/pdf' },
          },
        },
      }),
    );
    expect(captioned.inbound).toMatchObject({ body: 'a nota', mediaType: 'application' });
  });

  it('a sticker is shown as an image', () => {
    const { inbound, media } = one(
      waMessage.from(ANA, 'STK1', { stickerMessage: { mimetype: 'image/webp' } }),
    );
    expect(inbound).toMatchObject({ body: '', mediaType: 'image' });
    expect(media?.mimeType).toBe('image/webp');
  });

  it('a location is a maps link with its name, as Balcão stores locations it sends', () => {
    const { inbound } = one(
      waMessage.from(ANA, 'LOC1', {
        locationMessage: { degreesLatitude: -23.55, degreesLongitude: -46.63, name: 'Loja Centro' },
      }),
    );
    expect(inbound).toMatchObject({
      mediaType: 'locationMessage',
      body: '|https://maps.google.com/maps?q=-23.55%2C-46.63|Loja Centro',
    });
  });

  it('a contact card is its vCard; several cards are one message each', () => {
    const vcard =
      'BEGIN:VCARD\nVERSION:3.0\nFN:Bia\nTEL;type=CELL;waid=5511988887777:+5511988887777\nEND:VCARD';
    const { inbound } = one(waMessage.from(ANA, 'VC1', { contactMessage: { displayName: 'Bia', vcard } }));
    expect(inbound).toMatchObject({ body: vcard, mediaType: 'contactMessage' });
    const many = normaliseInbound(
      waMessage.from(ANA, 'VC2', {
        contactsArrayMessage: { contacts: [{ vcard }, { vcard: vcard.replace('Bia', 'Caio') }] },
      }),
    );
    expect(many.map((m) => m.inbound.externalId)).toEqual(['VC2', 'VC2:1']);
    expect(many[1]?.inbound.body).toContain('FN:Caio');
  });

  it('a reaction is its emoji, naming its target by WhatsApp id; one taken back is the same, empty', () => {
    const target = { remoteJid: `${ANA}@s.whatsapp.net`, fromMe: true, id: 'OUT1' };
    const at = { timestamp: 1_764_000_200 };
    const base = {
      from: { id: ANA, name: '' },
      mediaType: 'reactionMessage',
      fromMe: false,
      isGroup: false,
      participant: null,
      timestamp: new Date(1_764_000_200_000),
      quotedExternalId: 'OUT1',
    };
    const reacted = one(waMessage.from(ANA, 'R1', { reactionMessage: { key: target, text: '👍' } }, at));
    expect(reacted).toEqual({ inbound: { ...base, externalId: 'R1', body: '👍' }, media: null });
    const removed = one(waMessage.from(ANA, 'R2', { reactionMessage: { key: target, text: '' } }, at));
    expect(removed).toEqual({ inbound: { ...base, externalId: 'R2', body: '' }, media: null });
  });

  it('a reaction naming no message is nothing', () => {
    expect(normaliseInbound(waMessage.from(ANA, 'R3', { reactionMessage: { text: '👍' } }))).toEqual([]);
  });

  it('a quoted reply names the message it answers (contextInfo.stanzaId), text or media', () => {
    const reply = one(
      waMessage.from(
        ANA,
        'Q1',
        {
          extendedTextMessage: {
            text: 'Sim, esse',
            contextInfo: { stanzaId: 'OUT7', participant: `${ANA}@s.whatsapp.net` },
          },
        },
        { pushName: 'Ana', timestamp: 1_764_000_300 },
      ),
    );
    expect(reply.inbound).toEqual({
      externalId: 'Q1',
      from: { id: ANA, name: 'Ana' },
      body: 'Sim, esse',
      mediaType: 'chat',
      fromMe: false,
      isGroup: false,
      participant: null,
      timestamp: new Date(1_764_000_300_000),
      quotedExternalId: 'OUT7',
    });
    const photo = one(
      waMessage.from(ANA, 'Q2', {
        imageMessage: { caption: 'este', mimetype: 'image/jpeg', contextInfo: { stanzaId: 'IN3' } },
      }),
    );
    expect(photo.inbound.quotedExternalId).toBe('IN3');
    // A link preview's context names no message: nothing quoted.
    const link = one(waMessage.from(ANA, 'Q3', { extendedTextMessage: { text: 'oi', contextInfo: {} } }));
    expect(link.inbound).not.toHaveProperty('quotedExternalId');
  });

  it('a group message is the group’s, with the participant who wrote and no name for the group', () => {
    const { inbound } = one(
      waMessage.from(
        ANA,
        'G1',
        { conversation: 'bom dia' },
        { group: '120363025246125486', pushName: 'Ana' },
      ),
    );
    expect(inbound).toMatchObject({
      from: { id: '120363025246125486', name: '' },
      isGroup: true,
      participant: ANA,
      body: 'bom dia',
    });
  });

  it('a message the account sent from the phone is fromMe, in the contact’s chat, without our push name', () => {
    const { inbound } = one(
      waMessage.from(ANA, 'ME1', { conversation: 'já te respondo' }, { fromMe: true, pushName: 'Loja' }),
    );
    expect(inbound).toMatchObject({ from: { id: ANA, name: '' }, fromMe: true });
  });

  it('view-once and ephemeral wrappers are opened', () => {
    const { inbound } = one(
      waMessage.from(ANA, 'EPH1', { ephemeralMessage: { message: { conversation: 'some em 24h' } } }),
    );
    expect(inbound.body).toBe('some em 24h');
  });

  it('status updates, revokes, edits and unknown content are not conversation messages', () => {
    const status = proto.WebMessageInfo.fromObject({
      key: { remoteJid: 'status@broadcast', participant: `${ANA}@s.whatsapp.net`, id: 'S1' },
      message: { conversation: 'meu status' },
    });
    expect(normaliseInbound(status as never)).toEqual([]);
    const revoke = waMessage.from(ANA, 'P1', {
      protocolMessage: { type: proto.Message.ProtocolMessage.Type.REVOKE, key: { id: 'X' } },
    });
    expect(normaliseInbound(revoke)).toEqual([]);
    expect(normaliseInbound(waMessage.from(ANA, 'N1', {}))).toEqual([]);
  });
});

describe('addresses', () => {
  it('a contact id is the jid’s user without device; a LID is replaced by the phone number when known', () => {
    expect(contactIdOf('5511999990001:12@s.whatsapp.net')).toBe('5511999990001');
    expect(contactIdOf('123456789012345@lid', '5511999990001@s.whatsapp.net')).toBe('5511999990001');
    expect(contactIdOf('123456789012345@lid')).toBe('123456789012345');
  });

  it('a contact id is written to as a person, a group id as a group', () => {
    expect(jidOf('5511999990001')).toBe('5511999990001@s.whatsapp.net');
    expect(jidOf('120363025246125486')).toBe('120363025246125486@g.us');
    expect(jidOf('5511999990001-1600000000')).toBe('5511999990001-1600000000@g.us');
    expect(jidOf('120363025246125486@g.us')).toBe('120363025246125486@g.us');
  });
});
