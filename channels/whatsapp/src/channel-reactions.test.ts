import { channelTraits, type OutboundReaction } from '@balcao/sdk';
import { describe, expect, it, vi } from 'vitest';
import { whatsappMessageId } from './channel.js';
import { ANA, connectedChannel as connected } from './testing/connected-channel.js';
import { waMessage } from './testing/fake-socket.js';

const reaction = (over: Partial<OutboundReaction> = {}): OutboundReaction => ({
  messageId: 9,
  ticketId: 1,
  to: ANA,
  emoji: '👍',
  target: { externalId: 'IN-7', fromMe: false, body: 'Qual o prazo?', participant: null },
  idempotencyKey: 'react-9',
  ...over,
});

describe('WhatsApp reactions', () => {
  it('a reaction goes as `react` with the emoji and the key of the contact’s message, once per idempotency key', async () => {
    const { channel, socket, sendCtx } = await connected();
    const first = await channel.react?.(reaction(), sendCtx);
    const again = await channel.react?.(reaction(), sendCtx);
    expect(socket.sent).toHaveLength(1);
    expect(socket.sent[0]?.jid).toBe(`${ANA}@s.whatsapp.net`);
    expect(socket.sent[0]?.content).toEqual({
      react: { text: '👍', key: { remoteJid: `${ANA}@s.whatsapp.net`, fromMe: false, id: 'IN-7' } },
    });
    // A stable id per delivery: a resend after a crash is the same message to WhatsApp.
    const id = whatsappMessageId(sendCtx.connection.id, 'react:react-9');
    expect(socket.sent[0]?.options).toEqual({ messageId: id });
    expect(first).toEqual({ ack: 1, externalId: id });
    expect(again).toEqual(first);
  });

  it('in a group the key names who wrote; on its own message fromMe; a second card (`id:1`) reacts to the message', async () => {
    const { channel, socket, sendCtx } = await connected();
    await channel.react?.(
      reaction({
        to: '120363025246125486',
        target: { externalId: 'G-1:1', fromMe: false, body: '', participant: '5511977776666' },
      }),
      sendCtx,
    );
    await channel.react?.(
      reaction({
        emoji: '❤️',
        target: { externalId: '3EB0OWN', fromMe: true, body: 'Olá', participant: null },
        idempotencyKey: 'react-10',
      }),
      sendCtx,
    );
    expect(socket.sent.map((s) => s.content)).toEqual([
      {
        react: {
          text: '👍',
          key: {
            remoteJid: '120363025246125486@g.us',
            fromMe: false,
            id: 'G-1',
            participant: '5511977776666@s.whatsapp.net',
          },
        },
      },
      { react: { text: '❤️', key: { remoteJid: `${ANA}@s.whatsapp.net`, fromMe: true, id: '3EB0OWN' } } },
    ]);
  });

  it('an empty emoji takes the reaction off (react with empty text)', async () => {
    const { channel, socket, sendCtx } = await connected();
    await channel.react?.(reaction({ emoji: '', idempotencyKey: 'off-1' }), sendCtx);
    expect(socket.sent[0]?.content).toEqual({
      react: { text: '', key: { remoteJid: `${ANA}@s.whatsapp.net`, fromMe: false, id: 'IN-7' } },
    });
  });

  it('a reaction WhatsApp refuses is ERR_SENDING_WAPP_MSG, and is tried again; without a session ERR_WAPP_NOT_INITIALIZED', async () => {
    const { channel, socket, sendCtx, ctx } = await connected();
    socket.failSends = true;
    await expect(channel.react?.(reaction(), sendCtx)).rejects.toThrow('ERR_SENDING_WAPP_MSG');
    socket.failSends = false;
    await channel.react?.(reaction(), sendCtx);
    expect(socket.sent).toHaveLength(1);
    await channel.stop?.(ctx);
    await expect(channel.react?.(reaction({ idempotencyKey: 'later' }), sendCtx)).rejects.toThrow(
      'ERR_WAPP_NOT_INITIALIZED',
    );
  });

  it('the echo of a reaction Balcão sent is not ingested again; one made on the phone is', async () => {
    const { channel, socket, ingested, sendCtx } = await connected();
    const result = await channel.react?.(reaction(), sendCtx);
    const react = (id: string) =>
      waMessage.from(ANA, id, { reactionMessage: { text: '👍', key: { id: 'IN-7' } } }, { fromMe: true });
    socket.receive(react(result?.externalId ?? ''), 'append');
    socket.receive(react('PHONE-R'), 'append');
    await vi.waitFor(() => expect(ingested).toHaveLength(1));
    expect(ingested[0]).toMatchObject({ externalId: 'PHONE-R', fromMe: true, mediaType: 'reactionMessage' });
  });

  it('the channel offers reactions (traits)', async () => {
    const { channel } = await connected();
    expect(channelTraits(channel).reactions).toBe(true);
  });
});
