import { describe, expect, it } from 'vitest';
import { maskMessage, maskNumber, maskVCard } from './lgpd.js';
import { buildVCard, parseVCard } from './vcard.js';

describe('maskNumber', () => {
  it('keeps the first 6 digits and the last 2 of a full number', () => {
    expect(maskNumber('5511999991234')).toBe('551199*****34');
    expect(maskNumber('+55 (11) 99999-1234')).toBe('551199*****34');
  });
  it('hides all but the last 2 digits of a short number', () => {
    expect(maskNumber('12345678')).toBe('******78');
    expect(maskNumber('12')).toBe('12');
  });
});

describe('maskVCard', () => {
  it('masks every phone of a card, its waid included, and the card still reads', () => {
    const card = buildVCard({ name: 'Ana', number: '5511999991234' });
    const masked = maskVCard(card);
    expect(masked).not.toContain('5511999991234');
    expect(masked).toContain('TEL;type=CELL;waid=551199*****34:+551199*****34');
    expect(parseVCard(masked)).toEqual({ name: 'Ana', number: '551199*****34' });
    const phoneCard = 'BEGIN:VCARD\nFN:Bia\nitem1.TEL:+55 21 98888-7777\nEND:VCARD';
    expect(maskVCard(phoneCard)).toBe('BEGIN:VCARD\nFN:Bia\nitem1.TEL:+552198*****77\nEND:VCARD');
  });
  it('leaves text that is not a card as written', () => {
    expect(maskVCard('TEL: 5511999991234')).toBe('TEL: 5511999991234');
  });
});

describe('maskMessage', () => {
  it('masks the card, the quoted card and the group sender, and nothing else', () => {
    const card = buildVCard({ name: 'Ana', number: '5511999991234' });
    const m = {
      id: 1,
      body: card,
      participant: '5521988887777',
      quotedMsg: { id: 2, body: card, fromMe: true },
    };
    const masked = maskMessage(m);
    expect(masked.body).toContain('551199*****34');
    expect(masked.quotedMsg?.body).toContain('551199*****34');
    expect(masked.participant).toBe('552198*****77');
    expect(masked.id).toBe(1);
    expect(maskMessage({ body: 'Olá 5511999991234', participant: null, quotedMsg: null }).body).toBe(
      'Olá 5511999991234',
    );
  });
});
