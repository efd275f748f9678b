import { Migration } from '@mikro-orm/migrations';

/**
 * The company as an actor (issue 25): a ticket log entry names the plugin that acted for the company (TicketsPort
 * with 'plugin', MessagesPort.sendToContact), where a person's entry names the user and a bot's the engine.
 */
export class MigrationTickets0005ActorPluginInLog extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table ticket_logs add column plugin varchar(100);');
  }

  override async down(): Promise<void> {
    this.addSql('alter table ticket_logs drop column if exists plugin;');
  }
}
