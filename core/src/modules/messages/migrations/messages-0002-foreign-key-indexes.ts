import { Migration } from '@mikro-orm/migrations';

/**
 * The messages part of core-0004-attendance-indexes (a database that recorded that one records this part without
 * running it). messages.contact_id and messages.quoted_msg_id are foreign keys with `on delete set null` and had no
 * index: deleting one contact, or one ticket with its messages, read the whole messages table once per row (the
 * bench's clean-up of 1,000 visitors never finished on 2,000,000 messages). The quoted index is partial: few
 * messages quote.
 */
export class MigrationMessages0002ForeignKeyIndexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create index messages_contact_id_index on messages (contact_id);
      create index messages_quoted_msg_id_index on messages (quoted_msg_id) where quoted_msg_id is not null;
    `);
  }
}
