import { Migration } from '@mikro-orm/migrations';

/**
 * MessagesPort.sendToContact's idempotency (issue 25, "the company as an actor"): one row per (company, plugin, key),
 * written in the same transaction as the message and its outbox row, so a key names at most one message whatever
 * crashes, replays or instances come between. The message removed later (its ticket deleted) leaves the key, without
 * a message: a replay then answers ERR_NO_MESSAGE_FOUND and still sends nothing.
 */
export class MigrationMessages0007ActorPluginSends extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table plugin_sends (
        company_id int not null references companies(id) on delete cascade,
        plugin varchar(100) not null,
        idempotency_key varchar(200) not null,
        message_id bigint references messages(id) on delete set null,
        created_at timestamptz not null default now(),
        primary key (company_id, plugin, idempotency_key)
      );
      create index plugin_sends_message_id_index on plugin_sends (message_id) where message_id is not null;
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists plugin_sends;');
  }
}
