import { Migration } from '@mikro-orm/migrations';

/**
 * Bot engines (modules/bots): which engine holds a ticket (`plugin:engine`, null when none), the last inbound message
 * the bots module has dealt with (so messages reach an engine once and in order, across restarts), and when the
 * ticket went to humans (an engine's handoff, its failure, or an attendant's move): no engine takes it again; and a
 * lease, so one instance at a time runs the ticket's engine calls (a row, not a held connection, so waiting costs no
 * pooled connection and a dead instance's lease simply expires). The
 * log names the engine behind an entry no user made. Open tickets start past their existing messages.
 */
export class Migration0014TicketBotEngine extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table tickets
      add column bot_engine varchar(100) null,
      add column bot_cursor bigint null,
      add column bot_handoff_at timestamptz null,
      add column bot_lease_until timestamptz null;`);
    this.addSql('alter table ticket_logs add column bot varchar(100) null;');
    this.addSql(`update tickets t set bot_cursor = m.last
      from (select ticket_id, max(id) as last from messages
             where ticket_id in (select id from tickets where status <> 'closed') group by ticket_id) m
     where m.ticket_id = t.id;`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table ticket_logs drop column bot;');
    this.addSql(
      'alter table tickets drop column bot_engine, drop column bot_cursor, drop column bot_handoff_at, drop column bot_lease_until;',
    );
  }
}
