import { Migration } from '@mikro-orm/migrations';

/**
 * `whatsapps.failure_reason`: why the session last failed (CONNECTION_FAILURE_REASONS: no network, refused, logged
 * out, banned…), shown on the connection's row and in the QR dialog; cleared when it connects or shows a QR code.
 */
export class MigrationConnections0008FailureReason extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table whatsapps add column if not exists failure_reason varchar(30);');
  }

  override async down(): Promise<void> {
    this.addSql('alter table whatsapps drop column if exists failure_reason;');
  }
}
