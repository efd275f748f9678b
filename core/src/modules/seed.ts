import { PLAN_FLAGS } from '@balcao/sdk';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../kernel/config.js';
import { defineModule } from '../kernel/module.js';
import { Company } from './companies/company.entity.js';
import { FAR_FUTURE_DUE_DATE, PLATFORM_COMPANY_ID } from './companies/company-presenter.js';
import { Connection } from './connections/connection.entity.js';
import { generateToken } from './connections/connections-service.js';
import { Plan } from './plans/plan.entity.js';
import { SettingsService } from './settings/settings-service.js';
import { User } from './users/user.entity.js';
import { hashPassword } from './users/users-service.js';

/**
 * First start only: a plan with every flag (the core ones and those the loaded plugins declare), company 1 "Balcão" (never expires), the super admin, and a web chat
 * connection so a newcomer sees a working channel in the first minute.
 * Returns true when it seeded.
 */
export async function seed(
  orm: MikroORM,
  config: Config,
  pluginFlags: readonly string[] = [],
): Promise<boolean> {
  const em = orm.em.fork();
  if ((await em.count(Company, {})) > 0) return false;
  await em.transactional(async (tx) => {
    const plan = tx.create(Plan, {
      name: 'Completo',
      users: 100,
      connections: 10,
      queues: 20,
      amount: 0,
      // Every feature for free: the platform's own plan, not one a stranger may sign up to.
      isPublic: false,
      flags: Object.fromEntries([...PLAN_FLAGS, ...pluginFlags].map((f) => [f, true])),
    });
    await tx.flush();
    tx.create(Company, {
      id: PLATFORM_COMPANY_ID,
      name: 'Balcão',
      email: config.adminEmail,
      planId: plan.id,
      status: true,
      dueDate: FAR_FUTURE_DUE_DATE,
      recurrence: 'ANUAL',
    });
    await tx.flush();
    // The explicit id 1 leaves the sequence behind; move it past.
    await tx
      .getConnection()
      .execute(
        "select setval('companies_id_seq', (select max(id) from companies))",
        [],
        'get',
        tx.getTransactionContext(),
      );
    await new SettingsService({ em: tx }).seedCompany(PLATFORM_COMPANY_ID);
    tx.create(User, {
      companyId: PLATFORM_COMPANY_ID,
      name: 'Admin',
      email: config.adminEmail.toLowerCase(),
      passwordHash: await hashPassword(config.adminPassword),
      profile: 'admin',
      super: true,
    });
    tx.create(Connection, {
      companyId: PLATFORM_COMPANY_ID,
      name: 'Chat do site',
      channel: 'webchat',
      status: 'CONNECTED',
      isDefault: true,
      token: generateToken(),
    });
    await tx.flush();
  });
  return true;
}

/**
 * The first start's data as a core module step: it runs once every module's migrations ran, after the modules whose
 * tables it fills. It owns no tables.
 */
export const seedModule = defineModule({
  name: 'seed',
  dependsOn: ['plans', 'companies', 'users', 'settings', 'connections'],
  seed: ({ orm, config, pluginFlags }) => seed(orm, config, pluginFlags),
});
