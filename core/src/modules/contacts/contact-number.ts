import { AppError, type Channel } from '@balcao/sdk';

/** Channels whose contacts are phone numbers: stored as digits only. */
const PHONE_CHANNELS: readonly string[] = ['whatsapp', 'whatsappapi'];

/**
 * The number as stored: digits only for a phone channel's person (`+55 (11) 99999-0000` → `5511999990000`),
 * untouched for groups and other channels' ids. Too few digits left → 400 naming `number`, like the form's bound.
 * @example normaliseNumber('+55 11 99999-0000', 'whatsapp', false) === '5511999990000'
 */
export function normaliseNumber(number: string, channel: Channel | string, isGroup: boolean): string {
  if (isGroup || !PHONE_CHANNELS.includes(channel)) return number;
  const digits = number.replace(/\D/g, '');
  if (digits.length < 8) {
    throw new AppError('ERR_VALIDATION', 400, { fields: [{ path: 'number', message: 'Too Short!' }] });
  }
  return digits;
}
