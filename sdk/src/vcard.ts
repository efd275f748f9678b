/** A contact card as a message carries it (mediaType `contactMessage`, body = vCard 3.0 text). */
export interface VCardContact {
  name: string;
  number: string;
}

const escapeValue = (v: string) => v.replace(/[\\;,]/g, '\\$&').replace(/\r?\n/g, ' ');

/**
 * The vCard text WhatsApp understands: `waid` carries the number so the app offers "message" on it.
 * @example buildVCard({ name: 'Ana', number: '5511999990000' }).startsWith('BEGIN:VCARD')
 */
export function buildVCard(c: VCardContact): string {
  const number = c.number.replace(/\D/g, '');
  const name = escapeValue(c.name.trim());
  return [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:;${name};;;`,
    `FN:${name}`,
    `TEL;type=CELL;waid=${number}:+${number}`,
    'END:VCARD',
  ].join('\n');
}

/**
 * Name and number of a vCard (the first FN and TEL); null when the text is not a vCard.
 * @example parseVCard(buildVCard({ name: 'Ana', number: '55119' })) // { name: 'Ana', number: '55119' }
 */
export function parseVCard(text: string): VCardContact | null {
  if (!/^BEGIN:VCARD/m.test(text) || !/^END:VCARD/m.test(text)) return null;
  const fn = /^FN[^:]*:(.*)$/m.exec(text)?.[1]?.trim() ?? '';
  const tel = /^(?:item\d+\.)?TEL[^:]*:(.*)$/m.exec(text);
  // A masked card (LGPD) keeps its `*`s: the number shown is the masked one, never a shorter wrong one.
  const waid = /waid=([\d*]+)/.exec(tel?.[0] ?? '')?.[1];
  const number = waid ?? (tel?.[1] ?? '').replace(/[^\d*]/g, '');
  return { name: fn.replace(/\\([\\;,])/g, '$1'), number };
}
