import { Migration } from '@mikro-orm/migrations';

/**
 * `companies.schedules`: the company's service hours, a row per weekday (spec part 1 §3 "Weekly schedule row"), read
 * when its scheduleType is `company`; null: none set (the settings page shows the spec's default week).
 */
export class MigrationCompanies0002Schedules extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table companies add column if not exists schedules jsonb;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table companies drop column if exists schedules;');
  }
}
