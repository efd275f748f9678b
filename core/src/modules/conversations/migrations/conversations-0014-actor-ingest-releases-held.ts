import { Migration } from '@mikro-orm/migrations';
import { ingestFunctionSql } from '../ingest-sql.js';

/**
 * balcao_ingest v13: the contact's answer releases a ticket a plugin held for its message (status 'held',
 * MessagesPort.sendToContact with holdUntilReply): pending, queued now, announced as a new ticket. Same signature as
 * v7 to v12, so it is replaced in place; down() puts v12 back.
 */
export class MigrationConversations0014ActorIngestReleasesHeld extends Migration {
  override async up(): Promise<void> {
    this.addSql(ingestFunctionSql(13));
  }

  override async down(): Promise<void> {
    this.addSql(ingestFunctionSql(12));
  }
}
