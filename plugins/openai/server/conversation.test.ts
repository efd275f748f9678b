import type { MessageDto } from '@balcao/sdk';
import { describe, expect, it } from 'vitest';
import { asksForHuman, readReply, toChatMessages } from './conversation.js';

const msg = (id: number, body: string, extra: Partial<MessageDto> = {}) =>
  ({
    id,
    body,
    fromMe: false,
    isPrivate: false,
    isDeleted: false,
    mediaType: 'chat',
    ...extra,
  }) as MessageDto;

describe('the engine rules', () => {
  it('finds the hand-off phrase (any case or accents) and removes it from the reply', () => {
    expect(readReply('Claro! Ação: Transferir para o setor de atendimento')).toEqual({
      reply: 'Claro!',
      handoff: true,
    });
    expect(readReply('acao: transferir para o setor de atendimento')).toEqual({ reply: '', handoff: true });
    expect(readReply('Abrimos às 8h.')).toEqual({ reply: 'Abrimos às 8h.', handoff: false });
  });

  it('knows a contact asking for a person, in the four languages', () => {
    for (const text of [
      'Quero um ATENDENTE',
      'falar com humano',
      'I want a human agent',
      'un operador',
      'temsilci lütfen',
    ])
      expect(asksForHuman(text), text).toBe(true);
    for (const text of ['qual o horário?', 'humanidade', 'agentes secretos'])
      expect(asksForHuman(text), text).toBe(false);
  });

  it('reads the last maxMessages, oldest first, without notes or deleted messages', () => {
    const newestFirst = [
      msg(6, '', { mediaType: 'audio' }),
      msg(5, 'nota', { isPrivate: true, fromMe: true }),
      msg(4, 'resposta', { fromMe: true }),
      msg(3, 'apagada', { isDeleted: true }),
      msg(2, 'pergunta'),
      msg(1, 'oi'),
    ];
    expect(toChatMessages(newestFirst, 3, { id: 6, text: 'transcrito' })).toEqual([
      { role: 'user', content: 'pergunta' },
      { role: 'assistant', content: 'resposta' },
      { role: 'user', content: 'transcrito' },
    ]);
  });
});
