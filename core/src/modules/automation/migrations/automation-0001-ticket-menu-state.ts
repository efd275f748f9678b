import { Migration } from '@mikro-orm/migrations';

/**
 * The queue menu's and the working hours' state on a ticket (modules/automation): when the menu or the out-of-hours
 * answer was last sent (timeUseBotQueues pauses after it; amount_used_bot_queues already counts the sends), and
 * whether the ticket is answered as out of hours (a change of mode starts the count again).
 */
export class MigrationAutomation0001TicketMenuState extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table tickets
      add column chatbot_at timestamptz null,
      add column is_out_of_hour boolean not null default false;`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table tickets drop column chatbot_at, drop column is_out_of_hour;');
  }
}
