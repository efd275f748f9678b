import { Migration } from '@mikro-orm/migrations';

/**
 * The contacts page without a search counts every contact of the company exactly (spec part 1 §7). The plan read the
 * whole table for it (1,409 pages at 100,000 contacts, ~2× the server time of this index; issue 30): the narrowest
 * index the count can read instead is one on the company alone, whose equal keys btree deduplication stores as
 * posting lists (87 pages at 100,000 contacts), read index only. contacts_company_id_index (company_id, id) cannot
 * deduplicate (every key differs) and is three times larger, so the planner preferred the table.
 */
export class MigrationContacts0006CountIndex extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index contacts_company_count_index on contacts (company_id);');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists contacts_company_count_index;');
  }
}
