import { Migration } from '@mikro-orm/migrations';
import { ingestFunctionSql } from '../ingest-sql.js';

/**
 * balcao_ingest v12: a reply stored live whose quoted message Balcão does not hold keeps that message's channel id
 * (messages.quoted_external_id), so a history import that brings the target later links it. Same signature as v7 to
 * v11, so it is replaced in place; down() puts v11 back.
 */
export class MigrationConversations0013IngestLiveRepliesWait extends Migration {
  override async up(): Promise<void> {
    this.addSql(ingestFunctionSql(12));
  }

  override async down(): Promise<void> {
    this.addSql(ingestFunctionSql(11));
  }
}
