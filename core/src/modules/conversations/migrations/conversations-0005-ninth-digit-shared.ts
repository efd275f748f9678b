import { Migration } from '@mikro-orm/migrations';
import { functionSql, ingestFunctionSql } from '../ingest-sql.js';

const TWIN_SIGNATURE = 'balcao_number_twin(text)';

/**
 * The ninth-digit rule in one place (issue 13, identity): `balcao_number_twin` v1 holds it, balcao_ingest v6 (live)
 * calls it instead of its own copy, and balcao_ingest_history v2 (the history import) starts using it, so an imported
 * message finds the contact stored with or without the ninth digit exactly as a live one does. Both ingests keep
 * their signatures (`create or replace`); down() puts v5 and history v1 back and drops the shared function.
 */
export class MigrationConversations0005NinthDigitShared extends Migration {
  override async up(): Promise<void> {
    this.addSql(functionSql('balcao_number_twin', 1));
    this.addSql(ingestFunctionSql(6));
    this.addSql(functionSql('balcao_ingest_history', 2));
  }

  override async down(): Promise<void> {
    // v5 was installed by `create function`: replace it explicitly (same signature).
    this.addSql(ingestFunctionSql(5).replace('create function', 'create or replace function'));
    this.addSql(functionSql('balcao_ingest_history', 1));
    this.addSql(`drop function if exists ${TWIN_SIGNATURE};`);
  }
}
