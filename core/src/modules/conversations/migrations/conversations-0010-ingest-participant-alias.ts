import { Migration } from '@mikro-orm/migrations';
import { ingestFunctionSql } from '../ingest-sql.js';

/**
 * balcao_ingest v10: a group message still on its way under a LID after ContactMerger made it one with a contact
 * names that contact's number as its participant (contact_aliases, read only for a message with a participant), as
 * the merge renamed the participants already stored. Same signature as v7 to v9, so it is replaced in place; down()
 * puts v9 back.
 */
export class MigrationConversations0010IngestParticipantAlias extends Migration {
  override async up(): Promise<void> {
    this.addSql(ingestFunctionSql(10));
  }

  override async down(): Promise<void> {
    this.addSql(ingestFunctionSql(9));
  }
}
