import { AppError, type SessionUserDto } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Company } from '../companies/company.entity.js';
import { toCompanyDto } from '../companies/company-presenter.js';
import { Plan } from '../plans/plan.entity.js';
import { toPlanDto } from '../plans/plan-presenter.js';
import { loadUserQueues } from '../queues/user-queues.js';
import { SettingsService } from '../settings/settings-service.js';
import { User } from '../users/user.entity.js';
import { toUserDto } from '../users/user-presenter.js';

/** The signed-in user with company, plan and company settings (answer of login, refresh and me). */
export async function loadSessionUser(em: EntityManager, userId: number): Promise<SessionUserDto> {
  const user = await em.findOne(User, { id: userId }, { filters: false });
  if (!user) throw new AppError('ERR_NO_USER_FOUND', 404);
  const company = await em.findOneOrFail(Company, { id: user.companyId });
  const plan = toPlanDto(await em.findOneOrFail(Plan, { id: company.planId }));
  const companieSettings = await new SettingsService({ em }).list(company.id);
  const queues = (await loadUserQueues(em, company.id, [user.id])).get(user.id) ?? [];
  return { ...toUserDto(user, queues), company: { ...toCompanyDto(company, plan), plan }, companieSettings };
}
