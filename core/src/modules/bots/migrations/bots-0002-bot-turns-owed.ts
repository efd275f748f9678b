import { Migration } from '@mikro-orm/migrations';

/**
 * The turns the bots module owes (modules/bots, docs/automation.md "How a turn is owed"): at most one row per ticket,
 * the newest inbound message a turn must reach. Written in batches as messages are stored, deleted by the turn that
 * reached it; a row older than the sweep's grace was left by a process that stopped or died, and `bots:sweep` offers
 * it again. A table of its own rather than a column of tickets: marking never takes a ticket's row lock, which the
 * ingest's batches hold while they store the next messages.
 */
export class MigrationBots0002BotTurnsOwed extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table bot_turns_owed (
      ticket_id int primary key references tickets(id) on delete cascade,
      company_id int not null,
      message_id bigint not null,
      owed_at timestamptz not null default now()
    );`);
    this.addSql('create index bot_turns_owed_company_owed_at_index on bot_turns_owed (company_id, owed_at);');
  }

  override async down(): Promise<void> {
    this.addSql('drop table bot_turns_owed;');
  }
}
