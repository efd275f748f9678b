import { buildVCard, parseVCard } from '@balcao/sdk';
import { describe, expect, it } from 'vitest';
import { nextAudioRate } from '../shared/ticket-store';
import { bodyShownByMedia, missingMedia } from './message-media';
import { formatElapsed } from './voice-recorder';

describe('media rules', () => {
  it('cycles the audio playback rate 0.5 → 1 → 1.5 → 2 → 0.5', () => {
    expect([0.5, 1, 1.5, 2].map(nextAudioRate)).toEqual([1, 1.5, 2, 0.5]);
    expect(nextAudioRate(3)).toBe(0.5);
  });

  it('shows the recording time as mm:ss', () => {
    expect(formatElapsed(0)).toBe('00:00');
    expect(formatElapsed(75)).toBe('01:15');
    expect(formatElapsed(600)).toBe('10:00');
  });

  it('reads back the name and number of a card it wrote, and of a WhatsApp-style card', () => {
    expect(parseVCard(buildVCard({ name: 'Silva; Ana, Jr', number: '+55 11 98888-7777' }))).toEqual({
      name: 'Silva; Ana, Jr',
      number: '5511988887777',
    });
    const whatsapp =
      'BEGIN:VCARD\nVERSION:3.0\nFN:Bia\nitem1.TEL;waid=5521977776666:+55 21 97777-6666\nEND:VCARD';
    expect(parseVCard(whatsapp)).toEqual({ name: 'Bia', number: '5521977776666' });
    expect(parseVCard('hello')).toBeNull();
  });

  it('gives a voice note without a caption no text line under its player, but keeps a typed caption', () => {
    const audio = { mediaType: 'audio', mediaUrl: '/api/media/company1/a.mp3' };
    expect(bodyShownByMedia({ ...audio, body: '' })).toBe(true);
    expect(bodyShownByMedia({ ...audio, body: '\u200d' })).toBe(true);
    expect(bodyShownByMedia({ ...audio, body: 'Escute isto' })).toBe(false);
  });

  it('says a file is missing when a photo, video, audio or document came without its file (download failed)', () => {
    for (const mediaType of ['image', 'video', 'audio', 'application'])
      expect(missingMedia({ mediaType, mediaUrl: null })).toBe(true);
    expect(missingMedia({ mediaType: 'image', mediaUrl: '/api/media/company1/a.png' })).toBe(false);
    for (const mediaType of ['chat', 'contactMessage', 'locationMessage', 'reactionMessage', 'call_log'])
      expect(missingMedia({ mediaType, mediaUrl: null })).toBe(false);
  });
});
