import { Migration } from '@mikro-orm/migrations';

/**
 * `whatsapps.expires_ticket`: a new connection closes open tickets after 24 idle hours (spec part 1 §9 "Auto-close
 * ticket hours default 24"), not never. Only the default changes: existing connections keep what they have.
 */
export class Migration0012ConnectionExpiresTicketDefault extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table whatsapps alter column expires_ticket set default 24;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table whatsapps alter column expires_ticket set default 0;');
  }
}
