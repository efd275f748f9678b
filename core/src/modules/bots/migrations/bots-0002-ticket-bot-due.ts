import { Migration } from '@mikro-orm/migrations';

/**
 * The newest inbound message a ticket is owed a turn for (modules/bots): set with the read that decides a message
 * goes to the bots, in the same statement. A turn that ran moves `bot_cursor` up to it; a ticket whose `bot_due` is
 * past its cursor was left by a process that stopped or died, and the sweep (`bots:sweep`) offers it again. Not
 * indexed: the sweep reads a company's non-closed tickets once a minute, and an index would make every mark a
 * non-HOT update of a row the ingest has just written.
 */
export class MigrationBots0002TicketBotDue extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table tickets add column bot_due bigint null;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table tickets drop column bot_due;');
  }
}
