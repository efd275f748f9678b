import { Migration } from '@mikro-orm/migrations';

/**
 * The inactivity warning a ticket got (modules/automation, idle-tickets.ts): the id of the warning message, or 0 while
 * it is being sent (claimed: it is never sent twice). Any message after it starts the idle count again and clears it.
 */
export class MigrationAutomation0004IdleWarning extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table tickets add column inactive_warning_id bigint null;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table tickets drop column inactive_warning_id;');
  }
}
