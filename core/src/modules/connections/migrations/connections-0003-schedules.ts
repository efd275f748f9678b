import { Migration } from '@mikro-orm/migrations';

/**
 * `whatsapps.schedules`: the connection's service hours, a row per weekday (spec part 1 §3 "Weekly schedule row"),
 * read when the company's scheduleType is `connection`; null: none set.
 */
export class MigrationConnections0003Schedules extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table whatsapps add column if not exists schedules jsonb;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table whatsapps drop column if exists schedules;');
  }
}
