import { Migration } from '@mikro-orm/migrations';

/**
 * Bot engines the admin selects (modules/bots, bot-selection.ts): a queue, a connection and a chatbot option of type
 * integration name one engine by its key (`plugin:engine`); null: none selected. The key is not a foreign key (engines
 * live in code): a key whose plugin left is dealt with at dispatch.
 */
export class MigrationBots0003EnginesSelection extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table queues add column bot_engine varchar(100) null;');
    this.addSql('alter table whatsapps add column bot_engine varchar(100) null;');
    this.addSql('alter table chatbots add column opt_bot_engine varchar(100) null;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table chatbots drop column opt_bot_engine;');
    this.addSql('alter table whatsapps drop column bot_engine;');
    this.addSql('alter table queues drop column bot_engine;');
  }
}
