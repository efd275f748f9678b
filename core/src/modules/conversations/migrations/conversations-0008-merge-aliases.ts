import { Migration } from '@mikro-orm/migrations';
import { ingestFunctionSql } from '../ingest-sql.js';

/**
 * What ContactMerger needs to finish a merge against live ingest (issue 13, identity):
 * - contact_aliases: an id a merge made one with a contact (a WhatsApp LID), and that contact. balcao_ingest v8
 *   reads it only where no contact has the id, so a message still on its way under the LID reaches the kept contact
 *   instead of creating a new LID contact. Gone with its contact or company.
 * - messages_participant_index: a group message's participant by connection, partial (only group messages carry
 *   one), so the merge rewrites a LID participant to the number without reading a connection's groups.
 * - balcao_ingest v9 (same arguments as v7 and v8): the contact read `for key share`, then the alias.
 */
export class MigrationConversations0008MergeAliases extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table contact_aliases (
        company_id int not null references companies(id) on delete cascade,
        channel varchar(20) not null,
        alias varchar(255) not null,
        contact_id int not null references contacts(id) on delete cascade,
        created_at timestamptz not null default now(),
        primary key (company_id, channel, alias)
      );
      create index contact_aliases_contact_id_index on contact_aliases (contact_id);
      create index messages_participant_index on messages (whatsapp_id, participant) where participant is not null;
    `);
    this.addSql(ingestFunctionSql(9));
  }

  override async down(): Promise<void> {
    this.addSql(ingestFunctionSql(8));
    this.addSql('drop index if exists messages_participant_index; drop table if exists contact_aliases;');
  }
}
