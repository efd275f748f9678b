import { Migration } from '@mikro-orm/migrations';

/**
 * What the dashboard (issue 14) measures an attendance by: when the ticket started waiting (`queued_at`), when an
 * attendant first took it (`started_at`) and when it was finished (`finished_at`), kept by the ticket transitions
 * (ticket-tracking.ts); and the customers' ratings (0–10), one per ticket, asked and then answered.
 *
 * Existing tickets get what their rows and logs tell cheaply: waiting since creation, started at their first `open`
 * log, finished (closed ones) at their last update.
 */
export class MigrationTickets0003TrackingAndRatings extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table tickets
        add column queued_at timestamptz not null default now(),
        add column started_at timestamptz,
        add column finished_at timestamptz;

      update tickets set queued_at = created_at;
      update tickets t set started_at = l.first_open
        from (select ticket_id, min(created_at) as first_open from ticket_logs where type = 'open' group by ticket_id) l
       where l.ticket_id = t.id;
      update tickets set finished_at = updated_at where status = 'closed';

      create table ticket_ratings (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        ticket_id int not null references tickets(id) on delete cascade,
        user_id int references users(id) on delete set null,
        rate smallint check (rate between 0 and 10),
        asked_at timestamptz,
        rated_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint ticket_ratings_ticket_unique unique (ticket_id),
        constraint ticket_ratings_rate_with_time check ((rate is null) = (rated_at is null))
      );
      create index ticket_ratings_company_user_index on ticket_ratings (company_id, user_id);
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table if exists ticket_ratings;
      alter table tickets drop column if exists queued_at, drop column if exists started_at,
        drop column if exists finished_at;
    `);
  }
}
