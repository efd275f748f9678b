import { AppError, type Channel } from '@balcao/sdk';
import type { ChannelRegistry } from '../conversations/outbound.js';

/**
 * Kinds whose contacts are phone numbers when no loaded channel says otherwise (a WhatsApp API connection's rows
 * without its plugin). A loaded channel decides by its declared `traits.contactAddress`: a new phone channel declares
 * 'phone' and edits nothing here.
 */
const UNDECLARED_PHONE_KINDS: readonly string[] = ['whatsapp', 'whatsappapi'];

/** The channels as the number rules read them. */
export type ChannelTraitsSource = Pick<ChannelRegistry, 'get'>;

/**
 * Whether a channel's contacts are phone numbers: what its adapter declares (`traits.contactAddress`), else the kinds
 * Balcão always wrote so. @example addressesByPhone(channels, 'whatsapp') === true
 */
export function addressesByPhone(channels: ChannelTraitsSource | undefined, channel: Channel): boolean {
  const declared = channels?.get(channel)?.traits?.contactAddress;
  return declared ? declared === 'phone' : UNDECLARED_PHONE_KINDS.includes(channel);
}

/**
 * The number as stored: digits only for a phone channel's person (`+55 (11) 99999-0000` → `5511999990000`),
 * untouched for groups and other channels' ids. Too few digits left → 400 naming `number`, like the form's bound.
 * @example normaliseNumber('+55 11 99999-0000', 'whatsapp', false, channels) === '5511999990000'
 */
export function normaliseNumber(
  number: string,
  channel: Channel,
  isGroup: boolean,
  channels?: ChannelTraitsSource,
): string {
  if (isGroup || !addressesByPhone(channels, channel)) return number;
  const digits = number.replace(/\D/g, '');
  if (digits.length < 8) {
    throw new AppError('ERR_VALIDATION', 400, { fields: [{ path: 'number', message: 'Too Short!' }] });
  }
  return digits;
}
