import { asClass } from 'awilix';
import { defineModule } from '../../kernel/module.js';
import { dashboardRoutes } from './dashboard-routes.js';
import { DashboardService } from './dashboard-service.js';
import { MigrationDashboard0001Indexes } from './migrations/dashboard-0001-indexes.js';
import { MigrationDashboard0002LeanReads } from './migrations/dashboard-0002-lean-reads.js';
import { MigrationDashboard0003DailyRollups } from './migrations/dashboard-0003-daily-rollups.js';
import { MigrationDashboard0004DashLiveCounts } from './migrations/dashboard-0004-dash-live-counts.js';

/** The admin dashboard (`/`): counters, NPS, attendants and the tickets charts of a period. */
export const dashboardModule = defineModule({
  name: 'dashboard',
  dependsOn: ['tickets', 'users'],
  migrations: [
    { name: 'dashboard-0001-indexes', class: MigrationDashboard0001Indexes },
    { name: 'dashboard-0002-lean-reads', class: MigrationDashboard0002LeanReads },
    { name: 'dashboard-0003-daily-rollups', class: MigrationDashboard0003DailyRollups },
    { name: 'dashboard-0004-dash-live-counts', class: MigrationDashboard0004DashLiveCounts },
  ],
  // Triggers write the rollups' deltas; this moves them into the daily rows so reads stay a few rows per day.
  jobs: [
    { name: 'fold', every: '1 minute', handler: ({ companyId, scope }) => scope.dashboard.fold(companyId) },
  ],
  register: (container) => container.register({ dashboard: asClass(DashboardService).scoped() }),
  routes: dashboardRoutes,
});
