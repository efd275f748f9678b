import { Migration } from '@mikro-orm/migrations';

/**
 * The LGPD consent flow (modules/automation, lgpd-stage.ts; peer §6): `lgpd_send_message_at` is when the consent
 * prompt was last sent to a ticket waiting in status lgpd (kernel clock), `lgpd_accepted_at` when the contact accepted
 * on this ticket (the contact's own `lgpd_accepted_at` keeps the latest acceptance).
 */
export class MigrationAutomation0006Lgpd extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table tickets
      add column lgpd_send_message_at timestamptz null,
      add column lgpd_accepted_at timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table tickets drop column lgpd_send_message_at, drop column lgpd_accepted_at;');
  }
}
