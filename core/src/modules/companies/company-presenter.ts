import type { CompanyDto, PlanDto, Recurrence } from '@balcao/sdk';
import type { ICompany } from './company.entity.js';

/** Company 1 owns the platform and never expires. */
export const PLATFORM_COMPANY_ID = 1;
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
    createdAt: company.createdAt.toISOString(),
    lastLogin: company.lastLogin?.toISOString() ?? null,
  };
}

/** Today as YYYY-MM-DD in UTC. */
export const todayIso = (now = new Date()): string => now.toISOString().slice(0, 10);

/** True when the subscription ran out: the due date is before today. Company 1 never expires. */
export function isExpired(company: Pick<ICompany, 'id' | 'dueDate'>, now = new Date()): boolean {
  if (company.id === PLATFORM_COMPANY_ID || !company.dueDate) return false;
  return company.dueDate < todayIso(now);
}

/** Adds `days` to today, as YYYY-MM-DD. */
export function daysFromToday(days: number, now = new Date()): string {
  const d = new Date(now);
  d.setUTCDate(d.getUTCDate() + days);
  return todayIso(d);
}
