import { Migration } from '@mikro-orm/migrations';
import { ingestFunctionSql } from '../ingest-sql.js';

/**
 * balcao_ingest v4: a Brazilian mobile number finds its contact with or without the ninth digit (issue 13, identity).
 * Same signature as v3, so `create or replace` swaps the body; down() puts v3 back.
 */
export class MigrationConversations0003IngestNinthDigit extends Migration {
  override async up(): Promise<void> {
    this.addSql(ingestFunctionSql(4));
  }

  override async down(): Promise<void> {
    this.addSql(ingestFunctionSql(3));
  }
}
