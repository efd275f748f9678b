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
