import { Migration } from '@mikro-orm/migrations';

/**
 * A contacts search that names many contacts (a common surname) reads its first page by walking the contacts in
 * name order and testing each one against the term, and stops at the page's end (issue 30): a walk that needs no
 * row of the table, as the index carries the three searched columns (an index-only scan), and whose length depends
 * on the share of contacts the term names, not on their number. `id` in the key gives the list's order
 * (name, id) without a sort of a name's ties; it replaces contacts_company_name_index, its prefix.
 */
export class MigrationContacts0004CsearchNameWalkIndex extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create index contacts_company_name_walk_index on contacts (company_id, name, id) include (number, email);
      drop index if exists contacts_company_name_index;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      create index contacts_company_name_index on contacts (company_id, name);
      drop index if exists contacts_company_name_walk_index;
    `);
  }
}
