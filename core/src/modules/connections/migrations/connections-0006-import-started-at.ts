import { Migration } from '@mikro-orm/migrations';

/**
 * `whatsapps.import_started_at`: when the connection's last history import started (its first progress report). The
 * connections screen shows a disabled "preparing" button for 35 seconds from it (spec part 1 §4 and §9).
 */
export class MigrationConnections0006ImportStartedAt extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table whatsapps add column if not exists import_started_at timestamptz;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table whatsapps drop column if exists import_started_at;');
  }
}
