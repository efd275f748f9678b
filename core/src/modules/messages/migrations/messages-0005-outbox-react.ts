import { Migration } from '@mikro-orm/migrations';

/**
 * The outbox also carries reactions: an attendant's reaction is stored as a `reactionMessage` quoting its target and
 * gets a `react` row, which the channel sends (ChannelDefinition.react) with the outbox's retries and idempotency key.
 */
export class MigrationMessages0005OutboxReact extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table message_outbox drop constraint if exists message_outbox_action_check,
      add constraint message_outbox_action_check check (action in ('send', 'retract', 'read', 'react'));`);
  }

  override async down(): Promise<void> {
    this.addSql("delete from message_outbox where action = 'react';");
    this.addSql(`alter table message_outbox drop constraint if exists message_outbox_action_check,
      add constraint message_outbox_action_check check (action in ('send', 'retract', 'read'));`);
  }
}
