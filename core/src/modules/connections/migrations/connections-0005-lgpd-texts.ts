import { Migration } from '@mikro-orm/migrations';

/**
 * `whatsapps.lgpd_message` and `lgpd_link` (spec part 1 Connection "LGPD message/link"): the connection's own consent
 * texts, which replace the company's lgpdMessage / lgpdLink for its contacts; null: the company's (docs/automation.md).
 */
export class MigrationConnections0005LgpdTexts extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'alter table whatsapps add column if not exists lgpd_message text, add column if not exists lgpd_link text;',
    );
  }

  override async down(): Promise<void> {
    this.addSql('alter table whatsapps drop column if exists lgpd_message, drop column if exists lgpd_link;');
  }
}
