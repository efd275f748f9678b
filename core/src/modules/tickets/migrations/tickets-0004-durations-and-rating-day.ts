import { Migration } from '@mikro-orm/migrations';

/**
 * Less work per ticket for the dashboard (docs/dashboard.md; measured in docs/benchmarks.md "Dashboard"):
 * - each ticket's waiting and support time in seconds, kept by PostgreSQL from the tracking times (generated
 *   columns), so aggregates read numbers instead of computing two timestamp differences per row;
 * - a rating carries its ticket's creation time (TicketRatings writes it), so a period's ratings are read by range
 *   without joining every ticket of the period.
 */
export class MigrationTickets0004DurationsAndRatingDay extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table tickets
        add column wait_seconds int generated always as
          (case when started_at is not null then greatest(0, extract(epoch from started_at - queued_at))::int end) stored,
        add column support_seconds int generated always as
          (case when finished_at is not null and started_at is not null
                then greatest(0, extract(epoch from finished_at - started_at))::int end) stored;

      alter table ticket_ratings add column ticket_created_at timestamptz;
      update ticket_ratings r set ticket_created_at = t.created_at from tickets t where t.id = r.ticket_id;
      alter table ticket_ratings alter column ticket_created_at set not null;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      alter table ticket_ratings drop column if exists ticket_created_at;
      alter table tickets drop column if exists wait_seconds, drop column if exists support_seconds;
    `);
  }
}
