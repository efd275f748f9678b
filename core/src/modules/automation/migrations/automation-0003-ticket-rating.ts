import { Migration } from '@mikro-orm/migrations';

/**
 * The closing rating (modules/automation, rating-*.ts): `rating_asked_at` is when the ticket's rating was asked (the
 * kernel clock; the expiry timer closes only the ask it was set for), `amount_used_bot_queues_nps` counts the requests
 * sent (peer GB's column), `user_rating` is the contact's answer on the ticket row's 1–5 scale (spec part 1 §2 emoji).
 * The 0–10 answer itself is ticket_ratings' (dashboard).
 */
export class MigrationAutomation0003TicketRating extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table tickets
      add column rating_asked_at timestamptz null,
      add column amount_used_bot_queues_nps integer not null default 0,
      add column user_rating smallint null constraint tickets_user_rating_scale check (user_rating between 1 and 5);`);
  }

  override async down(): Promise<void> {
    this.addSql(
      'alter table tickets drop column rating_asked_at, drop column amount_used_bot_queues_nps, drop column user_rating;',
    );
  }
}
