import { Migration } from '@mikro-orm/migrations';
import { functionSql } from '../ingest-sql.js';

/**
 * balcao_ingest_history v4: an imported reply or reaction whose target is not stored yet keeps the target's channel id
 * (messages.quoted_external_id) and is linked when a later batch stores the target — WhatsApp's full sync sends older
 * messages after newer ones. The partial index holds only replies still waiting, so ordinary messages cost nothing
 * (the column is null for them and the index skips them; adding a nullable column rewrites no row). Same signature as
 * v3: replaced in place; down() puts v3 back and drops the index and the column.
 */
export class MigrationConversations0011HistoryLateLinks extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table messages add column quoted_external_id text;');
    this.addSql(`create index messages_quoted_external_id_waiting_index on messages (whatsapp_id, quoted_external_id)
      where quoted_msg_id is null and quoted_external_id is not null;`);
    this.addSql(functionSql('balcao_ingest_history', 4));
  }

  override async down(): Promise<void> {
    this.addSql(functionSql('balcao_ingest_history', 3));
    this.addSql('drop index if exists messages_quoted_external_id_waiting_index;');
    this.addSql('alter table messages drop column if exists quoted_external_id;');
  }
}
