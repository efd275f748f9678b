import { Migration } from '@mikro-orm/migrations';

/**
 * The dashboard's reads (dashboard-sql.ts): a company's tickets created in a period, with the columns its figures
 * need carried in the index so the counters read it alone (index-only scan); open and pending counts use the list
 * indexes (tickets-0002). Ratings are found by ticket through their unique (ticket_id) constraint.
 */
export class MigrationDashboard0001Indexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create index tickets_dashboard_index on tickets (company_id, created_at)
        include (status, user_id, is_group, queued_at, started_at, finished_at);
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop index if exists tickets_dashboard_index;
    `);
  }
}
