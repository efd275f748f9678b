import type { SessionUserDto } from '@balcao/sdk';
import { companySetting } from '../session/company-settings';

/** A number as the server shows it masked (LGPD: digits hidden with `*`): never one to save, search or dial. */
export const isMaskedNumber = (number: string): boolean => number.includes('*');

/**
 * Whether the signed-in user sees contact numbers masked (spec part 1 §6: profile user while lgpdHideNumber is
 * enabled), or `number` came masked anyway (the setting changed since login): then it cannot be changed.
 * @example numberHiddenFrom(user, contact.number) // the contact form's number is read-only
 */
export function numberHiddenFrom(
  user: Pick<SessionUserDto, 'profile' | 'companieSettings'> | null,
  number: string,
): boolean {
  if (isMaskedNumber(number)) return true;
  if (user?.profile !== 'user') return false;
  return companySetting(user, 'lgpdHideNumber') === 'enabled';
}
