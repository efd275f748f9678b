import { describe, expect, it } from 'vitest';
import { answerToChoice, parseCommand, renderTypebotAnswer, richTextToMessage } from './typebot-render.js';

describe('Typebot answers as channel messages', () => {
  it('keeps a text bubble’s formatting as WhatsApp marks, around words, with links and lists', () => {
    expect(
      richTextToMessage([
        {
          type: 'p',
          children: [
            { text: 'Olá ' },
            { text: 'Ana ', bold: true },
            { text: 'tudo', italic: true, strikethrough: true },
          ],
        },
        {
          type: 'p',
          children: [
            { text: 'Veja ' },
            { type: 'a', url: 'https://loja.com', children: [{ text: 'a loja' }] },
          ],
        },
        {
          type: 'ul',
          children: [
            { type: 'li', children: [{ text: 'um' }] },
            { type: 'li', children: [{ text: 'dois' }] },
          ],
        },
      ]),
    ).toBe('Olá *Ana* _~tudo~_\nVeja a loja (https://loja.com)\n- um\n- dois');
  });

  it('renders image, audio and video files as media, site videos and embeds as links, and a choice as a numbered list', () => {
    const { replies, choices } = renderTypebotAnswer(
      {
        messages: [
          { type: 'image', content: { url: 'https://t.co/a.png' } },
          { type: 'audio', content: { url: 'https://t.co/a.mp3' } },
          { type: 'video', content: { url: 'https://t.co/a.mp4' } },
          { type: 'video', content: { type: 'vimeo', url: 'https://vimeo.com/1' } },
          { type: 'embed', content: { url: 'https://maps.example/x' } },
          { type: 'text', content: { markdown: 'Escolha:' } },
        ],
        input: { type: 'choice input', items: [{ content: 'Vendas' }, { content: ' Suporte ' }] },
      },
      null,
    );
    expect(replies).toEqual([
      { kind: 'media', url: 'https://t.co/a.png', type: 'image' },
      { kind: 'media', url: 'https://t.co/a.mp3', type: 'audio' },
      { kind: 'media', url: 'https://t.co/a.mp4', type: 'video' },
      { kind: 'text', body: 'https://vimeo.com/1' },
      { kind: 'text', body: 'https://maps.example/x' },
      { kind: 'text', body: 'Escolha:' },
      { kind: 'text', body: '1 - Vendas\n2 - Suporte' },
    ]);
    expect(choices).toEqual(['Vendas', 'Suporte']);
  });

  it('replaces Typebot’s refusal with the record’s unknown message, when there is one', () => {
    const refusal = {
      messages: [{ type: 'text', content: { plainText: 'Invalid message. Please, try again.' } }],
    };
    expect(renderTypebotAnswer(refusal, 'Não entendi').replies).toEqual([
      { kind: 'text', body: 'Não entendi' },
    ]);
    expect(renderTypebotAnswer(refusal, null).replies[0]).toMatchObject({
      body: 'Invalid message. Please, try again.',
    });
  });

  it('maps a number to the offered choice, and leaves anything else as written', () => {
    expect(answerToChoice('2', ['A', 'B'])).toBe('B');
    expect(answerToChoice(' 1) ', ['A', 'B'])).toBe('A');
    expect(answerToChoice('3', ['A', 'B'])).toBe('3');
    expect(answerToChoice('2', null)).toBe('2');
    expect(answerToChoice('B', ['A', 'B'])).toBe('B');
  });

  it('reads #-commands, and ignores texts that only start with #', () => {
    expect(parseCommand('#{"stopBot":true}')).toEqual({ stopBot: true });
    expect(parseCommand('#{"queueId":3}')).toEqual({ queueId: 3 });
    expect(parseCommand('#{"queueId":"3","userId":7}')).toEqual({ queueId: 3, userId: 7 });
    expect(parseCommand('#promo de hoje')).toBeNull();
    expect(parseCommand('#{"queueId":-1}')).toBeNull();
    expect(parseCommand('oi')).toBeNull();
  });
});
