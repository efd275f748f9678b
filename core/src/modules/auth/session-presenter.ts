import { AppError, type QueueRef, type SessionUserDto } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Company } from '../companies/company.entity.js';
import { toCompanyDto } from '../companies/company-presenter.js';
import { Plan } from '../plans/plan.entity.js';
import { toPlanDto } from '../plans/plan-presenter.js';
import { companySettings } from '../settings/settings-service.js';
import { User } from '../users/user.entity.js';
import { toUserDto } from '../users/user-presenter.js';

/**
 * The company's plan, its settings and the user's queues in one statement (login, refresh and me answer all three).
 * Settings as company_settings rows (SettingsService.list's), queues in loadUserQueues's order.
 */
const PLAN_SETTINGS_QUEUES = `
  select p.*,
         (select coalesce(json_agg(json_build_object('key', s.key, 'value', s.value)), '[]')
            from company_settings s where s.company_id = :companyId) as session_settings,
         (select coalesce(json_agg(json_build_object('id', q.id, 'name', q.name, 'color', q.color)
                                   order by q.order_queue nulls last, q.name), '[]')
            from user_queues uq join queues q on q.id = uq.queue_id
           where q.company_id = :companyId and uq.user_id = :userId) as session_queues
    from plans p where p.id = :planId`;

/** The signed-in user with company, plan and company settings (answer of login, refresh and me). */
export async function loadSessionUser(em: EntityManager, userId: number): Promise<SessionUserDto> {
  const user = await em.findOne(User, { id: userId }, { filters: false });
  if (!user) throw new AppError('ERR_NO_USER_FOUND', 404);
  const company = await em.findOneOrFail(Company, { id: user.companyId });
  const res = await em.getKnex().raw<{ rows: Record<string, unknown>[] }>(PLAN_SETTINGS_QUEUES, {
    companyId: company.id,
    userId: user.id,
    planId: company.planId,
  });
  const [{ session_settings, session_queues, ...row } = {}] = res.rows;
  if (!row.id) throw new AppError('ERR_NO_PLAN_FOUND', 404);
  const plan = toPlanDto(em.map(Plan, row));
  const companieSettings = companySettings(session_settings as { key: string; value: string }[]);
  return {
    ...toUserDto(user, session_queues as QueueRef[]),
    company: { ...toCompanyDto(company, plan), plan },
    companieSettings,
  };
}
