import { Migration } from '@mikro-orm/migrations';

/**
 * A ticket's place in its queue's chatbot option tree (modules/automation, queue-tree.ts): `chatbot` while the tree
 * talks to the contact, `chatbot_option_id` the option whose options were last listed (null: the queue's root options).
 * No foreign key: an option edited away only sends the contact back to the root list.
 */
export class MigrationAutomation0002TicketChatbotOption extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table tickets
      add column chatbot boolean not null default false,
      add column chatbot_option_id integer null;`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table tickets drop column chatbot, drop column chatbot_option_id;');
  }
}
