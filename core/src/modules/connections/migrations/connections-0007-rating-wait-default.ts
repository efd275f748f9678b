import { Migration } from '@mikro-orm/migrations';

/**
 * `whatsapps.expires_ticket_nps`: a new connection stops waiting for a rating after 10 minutes (issue 24: with the old
 * default, 0, a ticket whose contact never answered stayed waiting for ever). Only the default changes: existing
 * connections keep what they have (0 stays "never", now only by choice).
 */
export class MigrationConnections0007RatingWaitDefault extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table whatsapps alter column expires_ticket_nps set default 10;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table whatsapps alter column expires_ticket_nps set default 0;');
  }
}
