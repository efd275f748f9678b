import type { CompanyDto } from '@balcao/sdk';

/** Spec part 1 §9: warn when fewer than 5 days remain. */
export const EXPIRY_WARNING_DAYS = 5;
const DAY_MS = 86_400_000;

type CompanyDue = Pick<CompanyDto, 'id' | 'dueDate'>;

/** Company 1 never expires (spec part 1 §4). */
const neverExpires = (company: CompanyDue): boolean => company.id === 1 || !company.dueDate;

/** The due date as a local midnight (dates are `YYYY-MM-DD`, possibly with a time part). */
export function dueDateOf(dueDate: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(dueDate);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** `YYYY-MM-DD` → `dd/MM/yyyy`, without time-zone shifts. */
export function formatDueDate(dueDate: string | null | undefined): string {
  const match = dueDate ? /^(\d{4})-(\d{2})-(\d{2})/.exec(dueDate) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** Days left until the due date (fractional; negative once past). Null when the company never expires. */
export function daysUntilDue(company: CompanyDue, now: Date): number | null {
  if (neverExpires(company)) return null;
  const due = dueDateOf(company.dueDate ?? '');
  return due ? (due.getTime() - now.getTime()) / DAY_MS : null;
}

/** Login only succeeds while the due date is after now. */
export function isSubscriptionExpired(company: CompanyDue, now: Date): boolean {
  const days = daysUntilDue(company, now);
  return days !== null && days <= 0;
}

/** True while active but with fewer than {@link EXPIRY_WARNING_DAYS} days left. */
export function isExpiringSoon(company: CompanyDue, now: Date): boolean {
  const days = daysUntilDue(company, now);
  return days !== null && days > 0 && days < EXPIRY_WARNING_DAYS;
}
