import { type CompanyDto, PLATFORM_COMPANY_ID, type PlanDto, type Recurrence } from '@balcao/sdk';
import type { ICompany } from './company.entity.js';

// Company 1 owns the platform and never expires (the rule, isSubscriptionExpired, is the SDK's).
export { PLATFORM_COMPANY_ID };
export const FAR_FUTURE_DUE_DATE = '2999-12-31';

export function toCompanyDto(company: ICompany, plan?: PlanDto): CompanyDto {
  return {
    id: company.id,
    name: company.name,
    email: company.email ?? null,
    phone: company.phone ?? null,
    document: company.document ?? null,
    planId: company.planId,
    ...(plan ? { plan } : {}),
    status: company.status,
    dueDate: company.id === PLATFORM_COMPANY_ID ? FAR_FUTURE_DUE_DATE : (company.dueDate ?? null),
    recurrence: company.recurrence as Recurrence,
    paymentMethod: company.paymentMethod ?? null,
    numberAttendants: company.numberAttendants,
    numberConections: company.numberConections,
    createdAt: company.createdAt.toISOString(),
    lastLogin: company.lastLogin?.toISOString() ?? null,
  };
}

/** Today as YYYY-MM-DD in UTC. */
export const todayIso = (now = new Date()): string => now.toISOString().slice(0, 10);

/** Adds `days` to today, as YYYY-MM-DD. */
export function daysFromToday(days: number, now = new Date()): string {
  const d = new Date(now);
  d.setUTCDate(d.getUTCDate() + days);
  return todayIso(d);
}
