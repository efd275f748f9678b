import { Migration } from '@mikro-orm/migrations';
import { ingestFunctionSql } from '../ingest-sql.js';

/**
 * balcao_ingest v11: a message stored live links the imported replies waiting for it (messages.quoted_external_id,
 * through the partial index conversations-0011 made), and a group message takes the contact-alias lock ContactMerger
 * holds while it renames a LID's participants, so one stored during the merge does not keep the LID. Same signature
 * as v7 to v10, so it is replaced in place; down() puts v10 back.
 */
export class MigrationConversations0012IngestLateLinksAliasLock extends Migration {
  override async up(): Promise<void> {
    this.addSql(ingestFunctionSql(11));
  }

  override async down(): Promise<void> {
    this.addSql(ingestFunctionSql(10));
  }
}
