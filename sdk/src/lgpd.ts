/**
 * LGPD masking for profile `user` when `lgpdHideNumber` is on (spec part 1 §6): the first 6 digits stay, then every
 * digit is hidden except the last 2. Short numbers keep only their last 2.
 * @example maskNumber('5511999991234') === '551199*****34'
 */
export function maskNumber(number: string): string {
  const digits = number.replace(/\D/g, '');
  if (digits.length <= 2) return digits;
  const head = digits.length > 8 ? digits.slice(0, 6) : '';
  const tail = digits.slice(-2);
  return `${head}${'*'.repeat(digits.length - head.length - 2)}${tail}`;
}

/** Whether `text` is a vCard (a contact card message's body, or the quoted body of one). */
const isVCard = (text: string) => /^BEGIN:VCARD/m.test(text) && /^END:VCARD/m.test(text);

/**
 * The vCard with every phone number masked (`TEL` values and their `waid`); other text comes back unchanged.
 * @example maskVCard('BEGIN:VCARD\nTEL;waid=5511999991234:+5511999991234\nEND:VCARD').includes('551199*****34')
 */
export function maskVCard(text: string): string {
  if (!isVCard(text)) return text;
  return text.replace(/^((?:item\d+\.)?TEL[^:\n]*:)(.*)$/gm, (_line, head: string, value: string) => {
    const waid = head.replace(/waid=(\d+)/, (_m, n: string) => `waid=${maskNumber(n)}`);
    return `${waid}${value.trim().startsWith('+') ? '+' : ''}${maskNumber(value)}`;
  });
}

/** The parts of a message that can name a number: a contact card's body, the quoted card, the group sender. */
interface MaskableMessage {
  body: string;
  participant: string | null;
  quotedMsg: { body: string } | null;
}

/**
 * The message as a viewer who must not see numbers receives it: contact cards (its own or the quoted one) and the
 * group sender (`participant`) masked. Text messages are left as written.
 * @example maskMessage(message).participant === maskNumber(message.participant)
 */
export function maskMessage<M extends MaskableMessage>(m: M): M {
  return {
    ...m,
    body: maskVCard(m.body),
    participant: m.participant ? maskNumber(m.participant) : m.participant,
    quotedMsg: m.quotedMsg ? { ...m.quotedMsg, body: maskVCard(m.quotedMsg.body) } : m.quotedMsg,
  };
}
