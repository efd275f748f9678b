import { Migration } from '@mikro-orm/migrations';

/**
 * The outbox also carries read receipts: a contact's message an attendant read gets a `read` row, and the channel tells
 * the contact (ChannelDefinition.readReceipt) with the outbox's retries and idempotency key.
 */
export class MigrationMessages0004OutboxRead extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table message_outbox drop constraint if exists message_outbox_action_check,
      add constraint message_outbox_action_check check (action in ('send', 'retract', 'read'));`);
  }

  override async down(): Promise<void> {
    this.addSql("delete from message_outbox where action = 'read';");
    this.addSql(`alter table message_outbox drop constraint if exists message_outbox_action_check,
      add constraint message_outbox_action_check check (action in ('send', 'retract'));`);
  }
}
