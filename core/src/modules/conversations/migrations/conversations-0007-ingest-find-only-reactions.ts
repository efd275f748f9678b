import { Migration } from '@mikro-orm/migrations';
import { ingestFunctionSql } from '../ingest-sql.js';

/**
 * balcao_ingest v8: a contact's reaction is find-only (peer spec §1.3 point 5). It never creates or reopens a ticket:
 * one whose target sits in a closed ticket is stored there and leaves that ticket as it was; one with neither such a
 * target nor a non-closed ticket is dropped ('ignored'). Same signature as v7, so it is replaced in place; down() puts
 * v7 back.
 */
export class MigrationConversations0007IngestFindOnlyReactions extends Migration {
  override async up(): Promise<void> {
    this.addSql(ingestFunctionSql(8));
  }

  override async down(): Promise<void> {
    this.addSql(ingestFunctionSql(7));
  }
}
