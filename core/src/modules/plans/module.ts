import { asClass } from 'awilix';
import { defineModule } from '../../kernel/module.js';
import { MigrationPlans0001Tables } from './migrations/plans-0001-tables.js';
import { MigrationPlans0002Public } from './migrations/plans-0002-public.js';
import { MigrationPlans0003PlanflagsJsonb } from './migrations/plans-0003-planflags-jsonb.js';
import { Plan } from './plan.entity.js';
import { PlanGate } from './plan-gate.js';
import { plansRoutes, publicPlansRoutes } from './plans-routes.js';
import { PlansService } from './plans-service.js';

declare module '../../kernel/container.js' {
  interface Cradle {
    plans: PlansService;
  }
}

/** Plans: what a company may use (limits and feature flags), and the plan gate the kernel's hosts ask. */
export const plansModule = defineModule({
  name: 'plans',
  entities: [Plan],
  migrations: [
    { name: 'plans-0001-tables', class: MigrationPlans0001Tables, replaces: 'core-0001-kernel' },
    { name: 'plans-0002-public', class: MigrationPlans0002Public },
    { name: 'plans-0003-planflags-jsonb', class: MigrationPlans0003PlanflagsJsonb },
  ],
  planGate: ({ orm }) => new PlanGate({ orm }),
  register: (container) => container.register({ plans: asClass(PlansService).scoped() }),
  routes: plansRoutes,
  publicRoutes: publicPlansRoutes,
});
