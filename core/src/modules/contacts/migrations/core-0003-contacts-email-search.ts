import { Migration } from '@mikro-orm/migrations';

/**
 * The contacts search matches name, number or e-mail with ILIKE. Name and number had trigram indexes; without one
 * on e-mail too, the OR of the three cannot be answered from indexes and every search reads all of a company's
 * contacts.
 */
export class Migration0003ContactsEmailSearch extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index contacts_email_trgm on contacts using gin (email gin_trgm_ops);');
  }
}
