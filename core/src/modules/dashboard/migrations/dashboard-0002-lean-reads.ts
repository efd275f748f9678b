import { Migration } from '@mikro-orm/migrations';

/**
 * What the dashboard benchmark called for (docs/benchmarks.md "Dashboard"): the period's tickets read from one
 * partial index (group chats are never counted) carrying status, owner and the stored durations (tickets-0004), so
 * the figures are an index-only range scan; the period's ratings read by their ticket's creation time alone.
 */
export class MigrationDashboard0002LeanReads extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      drop index if exists tickets_dashboard_index;
      create index tickets_dashboard_index on tickets (company_id, created_at)
        include (status, user_id, wait_seconds, support_seconds) where not is_group;
      create index ticket_ratings_dashboard_index on ticket_ratings (company_id, ticket_created_at)
        include (rate, asked_at, user_id);
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop index if exists ticket_ratings_dashboard_index;
      drop index if exists tickets_dashboard_index;
      create index tickets_dashboard_index on tickets (company_id, created_at)
        include (status, user_id, is_group, queued_at, started_at, finished_at);
    `);
  }
}
