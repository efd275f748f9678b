import { lastMessagePreview } from '@balcao/sdk';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en.json';
import ptBR from '../../i18n/locales/pt-BR.json';
import { lastMessageText, lastMessageView } from './last-message';

/** A `t` over one locale file, as i18next would resolve `tickets.preview.*`. */
const tOf =
  (locale: typeof en) =>
  (key: string): string =>
    key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)?.[k], locale) as string;

describe('lastMessageView', () => {
  it('shows the marker of an uncaptioned media as its icon and label', () => {
    expect(lastMessageView('[audio]', 40)).toEqual({
      kind: 'media',
      media: 'audio',
      icon: 'microphone',
      labelKey: 'tickets.preview.audio',
    });
    expect(lastMessageView('[application]', 40)).toMatchObject({ icon: 'document' });
    expect(lastMessageView('[locationMessage]', 40)).toMatchObject({ icon: 'map-marker' });
  });

  it('shows anything else as one plain line, cut to the length asked', () => {
    expect(lastMessageView('*Ana:*\nOlá, tudo bem?', 40)).toEqual({
      kind: 'text',
      text: 'Ana: Olá, tudo bem?',
    });
    expect(lastMessageView('contrato.pdf', 5)).toEqual({ kind: 'text', text: 'contr…' });
    expect(lastMessageView('[chat]', 40)).toEqual({ kind: 'text', text: '[chat]' });
    expect(lastMessageView(null, 40)).toEqual({ kind: 'text', text: '' });
  });
});

describe('lastMessageText', () => {
  it("names each media kind the server previews, in the user's language", () => {
    const kinds = ['audio', 'image', 'video', 'application', 'contactMessage', 'locationMessage'];
    const previews = kinds.map((mediaType) => lastMessagePreview({ body: '', mediaType }));
    expect(previews.map((p) => lastMessageText(p, 40, tOf(en)))).toEqual([
      'Voice message',
      'Photo',
      'Video',
      'Document',
      'Contact',
      'Location',
    ]);
    expect(lastMessageText('[audio]', 40, tOf(ptBR))).toBe('Mensagem de voz');
    expect(lastMessageText('Bom dia', 40, tOf(ptBR))).toBe('Bom dia');
  });
});
