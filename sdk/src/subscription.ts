import { wallClock } from './wall-clock.js';

/**
 * The company's calendar (CONVENTIONS "Time"): every tenant uses São Paulo until companies carry a zone.
 * @example new Intl.DateTimeFormat('pt-BR', { timeZone: COMPANY_TIMEZONE }).format(new Date())
 */
export const COMPANY_TIMEZONE = 'America/Sao_Paulo';

/** Company 1 owns the platform and never expires (spec part 1 §4). @example company.id === PLATFORM_COMPANY_ID */
export const PLATFORM_COMPANY_ID = 1;

/** Spec part 1 §9: warn when fewer than 5 days remain. @example daysLeft < EXPIRY_WARNING_DAYS */
export const EXPIRY_WARNING_DAYS = 5;

const DAY_MS = 86_400_000;

/** A company as the due-date rule reads it (the API's CompanyDto, or the server's row). */
export interface CompanyDue {
  id: number;
  /** `YYYY-MM-DD` (a time part after it is ignored); none: never expires. */
  dueDate?: string | null;
}

/** The zone's offset from UTC at an instant, in ms (São Paulo: −3 h). */
function zoneOffset(at: number, timeZone: string): number {
  const w = wallClock(at, timeZone);
  return (
    Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - (at - (((at % 1000) + 1000) % 1000))
  );
}

/**
 * Today's date in the company's zone, as `YYYY-MM-DD`.
 * @example companyToday(new Date('2026-06-10T02:00:00Z')) // '2026-06-09' (23:00 in São Paulo)
 */
export function companyToday(now = new Date(), timeZone = COMPANY_TIMEZONE): string {
  const w = wallClock(now.getTime(), timeZone);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/**
 * The instant a calendar day (`YYYY-MM-DD…`) begins in the zone; null for text that is no date.
 * @example dayStart('2026-06-10') // 2026-06-10T03:00:00.000Z
 */
export function dayStart(day: string, timeZone = COMPANY_TIMEZONE): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return null;
  const midnight = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const first = midnight - zoneOffset(midnight, timeZone);
  // Where the offset changes that night, the offset in force at the first guess is the right one, unless midnight
  // itself was skipped (the day then begins at the first guess).
  const second = midnight - zoneOffset(first, timeZone);
  return new Date(companyToday(new Date(second), timeZone) === day.slice(0, 10) ? second : first);
}

/**
 * Days left until the due day begins in the company's zone (fractional; 0 or less once it began). Null when the
 * company never expires: company 1, or no due date.
 * @example daysUntilDue({ id: 2, dueDate: '2026-06-10' }, new Date('2026-06-09T03:00:00Z')) // 1
 */
export function daysUntilDue(company: CompanyDue, now = new Date()): number | null {
  if (company.id === PLATFORM_COMPANY_ID || !company.dueDate) return null;
  const due = dayStart(company.dueDate);
  return due ? (due.getTime() - now.getTime()) / DAY_MS : null;
}

/**
 * Spec part 1 §4: "Login succeeds only if the company due date is after now". The due date is a day of the company's
 * calendar, so the subscription has expired from the first instant of that day on (the due day itself is expired),
 * wherever the server or the browser runs. One rule for the server's login and the UI's guard.
 * @example isSubscriptionExpired({ id: 2, dueDate: '2026-06-10' }, new Date('2026-06-10T03:00:00Z')) // true
 */
export function isSubscriptionExpired(company: CompanyDue, now = new Date()): boolean {
  const days = daysUntilDue(company, now);
  return days !== null && days <= 0;
}

/**
 * Active, with fewer than {@link EXPIRY_WARNING_DAYS} days left (spec part 1 §4 warning).
 * @example isExpiringSoon({ id: 2, dueDate: '2026-06-12' }, new Date('2026-06-10T12:00:00Z')) // true
 */
export function isExpiringSoon(company: CompanyDue, now = new Date()): boolean {
  const days = daysUntilDue(company, now);
  return days !== null && days > 0 && days < EXPIRY_WARNING_DAYS;
}

/** Spec part 2 §9: a company's row is yellow with 1 to this many days left. @example daysLeft <= DUE_SOON_DAYS */
export const DUE_SOON_DAYS = 5;

/**
 * Whole calendar days from today (in the company's zone) to the due day: 0 on the due day, negative past it; null
 * without a due date or for company 1, which never expires.
 * @example dueDaysLeft({ id: 2, dueDate: '2026-06-12' }, new Date('2026-06-10T12:00:00Z')) // 2
 */
export function dueDaysLeft(company: CompanyDue, now = new Date()): number | null {
  if (company.id === PLATFORM_COMPANY_ID || !company.dueDate) return null;
  const due = /^(\d{4})-(\d{2})-(\d{2})/.exec(company.dueDate);
  const today = /^(\d{4})-(\d{2})-(\d{2})/.exec(companyToday(now));
  if (!due || !today) return null;
  const utc = (m: RegExpExecArray) => Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Math.round((utc(due) - utc(today)) / DAY_MS);
}

/**
 * The companies table's row colour (spec part 2 §9): `danger` (red) when due today or past, `warning` (yellow) with
 * 1 to {@link DUE_SOON_DAYS} days left, else none.
 * @example dueTone({ id: 2, dueDate: '2026-06-10' }, new Date('2026-06-10T12:00:00Z')) // 'danger'
 */
export function dueTone(company: CompanyDue, now = new Date()): 'danger' | 'warning' | null {
  const days = dueDaysLeft(company, now);
  if (days === null) return null;
  if (days <= 0) return 'danger';
  return days <= DUE_SOON_DAYS ? 'warning' : null;
}
