import { describe, expect, it } from 'vitest';
import { lastMessagePreview, mediaPreviewKind } from './message-preview.js';
import { buildVCard } from './vcard.js';

describe('lastMessagePreview', () => {
  it('keeps a text or a caption, cut to 255 characters', () => {
    expect(lastMessagePreview({ body: 'Olá', mediaType: 'chat' })).toBe('Olá');
    expect(lastMessagePreview({ body: 'Veja a vitrine', mediaType: 'image' })).toBe('Veja a vitrine');
    expect(lastMessagePreview({ body: 'contrato.pdf', mediaType: 'application' })).toBe('contrato.pdf');
    expect(lastMessagePreview({ body: 'x'.repeat(300) })).toHaveLength(255);
  });

  it('gives uncaptioned media, and media carrying only invisible marks, the marker of their kind', () => {
    expect(lastMessagePreview({ body: '', mediaType: 'audio' })).toBe('[audio]');
    expect(lastMessagePreview({ body: ' \u200d ', mediaType: 'image' })).toBe('[image]');
    expect(lastMessagePreview({ body: '', mediaType: 'video' })).toBe('[video]');
  });

  it("names a contact card by its contact, and a card without a name by the card's marker", () => {
    const card = buildVCard({ name: 'Ana Souza', number: '5511988887777' });
    expect(lastMessagePreview({ body: card, mediaType: 'contactMessage' })).toBe('Ana Souza');
    const nameless = buildVCard({ name: '', number: '5511988887777' });
    expect(lastMessagePreview({ body: nameless, mediaType: 'contactMessage' })).toBe('[contactMessage]');
  });
});

describe('mediaPreviewKind', () => {
  it('reads the markers of media kinds, and nothing else', () => {
    expect(mediaPreviewKind('[audio]')).toBe('audio');
    expect(mediaPreviewKind('[locationMessage]')).toBe('locationMessage');
    expect(mediaPreviewKind('[chat]')).toBeNull();
    expect(mediaPreviewKind('[audio] e mais')).toBeNull();
    expect(mediaPreviewKind('Olá')).toBeNull();
    expect(mediaPreviewKind(null)).toBeNull();
  });

  it('a call log previews as a call, whichever kind of call its body names', () => {
    expect(lastMessagePreview({ body: 'video', mediaType: 'call_log' })).toBe('[call_log]');
    expect(mediaPreviewKind(lastMessagePreview({ body: 'voice', mediaType: 'call_log' }))).toBe('call_log');
  });
});
