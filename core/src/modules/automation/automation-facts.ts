import { COMPANY_TIMEZONE, type ScheduleRow } from '@balcao/sdk';
import type { Cradle } from '../../kernel/container.js';
import { Company } from '../companies/company.entity.js';
import { type MenuQueue, type MenuQueueRow, toMenuQueue } from '../connections/connection-menu.js';

/** One queue of the company as the menu would offer it (a tree's option may point at a queue off the menu). */
export async function queueFacts(
  scope: Cradle,
  companyId: number,
  queueId: number,
): Promise<MenuQueue | null> {
  const [row] = await scope.em
    .getConnection()
    .execute<MenuQueueRow[]>(
      'select id, name, greeting_message, file_list_id from queues where id = ? and company_id = ?',
      [queueId, companyId],
    );
  return row ? toMenuQueue(row) : null;
}

/** A queue's own service hours and out-of-hours text (scheduleType `queue`); null: no such queue of the company. */
export async function queueHours(
  scope: Cradle,
  companyId: number,
  queueId: number,
): Promise<{ schedules: ScheduleRow[] | null; outOfHoursMessage: string | null } | null> {
  const [row] = await scope.em
    .getConnection()
    .execute<{ schedules: ScheduleRow[] | null; out_of_hours_message: string | null }[]>(
      'select schedules, out_of_hours_message from queues where id = ? and company_id = ?',
      [queueId, companyId],
    );
  return row ? { schedules: row.schedules, outOfHoursMessage: row.out_of_hours_message } : null;
}

/** The company's service hours (`PUT /companies/{id}/schedules`); null: none set. */
export async function companySchedules(scope: Cradle, companyId: number): Promise<ScheduleRow[] | null> {
  const company = await scope.em.findOne(Company, { id: companyId }, { filters: false });
  return company?.schedules ?? null;
}

/**
 * The company's time zone for its business rules. Companies have no time zone setting yet: every company keeps the
 * platform's (America/Sao_Paulo, CONVENTIONS "Time"); this is the one place that changes when one is added.
 */
export function companyTimeZone(_companyId: number): string {
  return COMPANY_TIMEZONE;
}
