import { Migration } from '@mikro-orm/migrations';

/**
 * `ContactsPort.list` walks a company's contacts by id, newest first (keyset: `id < beforeId`): without this index
 * every page read the primary key backwards past the other companies' contacts.
 */
export class MigrationContacts0002ReadDoorsIdIndex extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index contacts_company_id_index on contacts (company_id, id);');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists contacts_company_id_index;');
  }
}
