import { asClass } from 'awilix';
import { defineModule } from '../../kernel/module.js';
import { companiesRoutes } from './companies-routes.js';
import { CompaniesService } from './companies-service.js';
import { Company } from './company.entity.js';
import { MigrationCompanies0001Tables } from './migrations/companies-0001-tables.js';
import { MigrationCompanies0002Schedules } from './migrations/companies-0002-schedules.js';
import { MigrationCompanies0003FormCounts } from './migrations/companies-0003-form-counts.js';

declare module '../../kernel/container.js' {
  interface Cradle {
    companies: CompaniesService;
  }
}

/** Companies: the tenants, each on a plan. */
export const companiesModule = defineModule({
  name: 'companies',
  dependsOn: ['plans'],
  entities: [Company],
  migrations: [
    { name: 'companies-0001-tables', class: MigrationCompanies0001Tables, replaces: 'core-0001-kernel' },
    { name: 'companies-0002-schedules', class: MigrationCompanies0002Schedules },
    { name: 'companies-0003-form-counts', class: MigrationCompanies0003FormCounts },
  ],
  register: (container) => container.register({ companies: asClass(CompaniesService).scoped() }),
  routes: companiesRoutes,
});
