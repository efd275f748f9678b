import { Migration } from '@mikro-orm/migrations';

/**
 * The deliveries a worker has claimed (a lease in `locked_until`), by company: what ConversationsPort.sendsOnTheirWay
 * reads for every echo a channel cannot tell apart (conversations/sends-on-their-way.ts). Only claimed rows are in it,
 * a handful at any time, while failed rows and queued read receipts pile up in the table.
 */
export class MigrationMessages0006OutboxClaimedIndex extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create index message_outbox_claimed on message_outbox (company_id) where locked_until is not null;',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists message_outbox_claimed;');
  }
}
