import { Migration } from '@balcao/sdk/orm';

/**
 * A Facebook page or an Instagram account links to one company only: a unique index on the connection's account (its
 * `number`) for the Meta channels. Before it, a second company could link a page another already had; its webhook
 * deliveries still went to the first (the lowest id), so the later copies are unlinked here (number cleared,
 * DISCONNECTED) rather than the index refusing to build.
 */
export class Migration0001OneCompanyPerAccount extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      update whatsapps w set number = null, status = 'DISCONNECTED'
        where w.channel in ('facebook', 'instagram') and w.number is not null and w.number <> ''
          and exists (select 1 from whatsapps o
                       where o.channel = w.channel and o.number = w.number and o.id < w.id);`);
    this.addSql(`
      create unique index meta_whatsapps_account_unique on whatsapps (channel, number)
        where channel in ('facebook', 'instagram') and number is not null and number <> '';`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists meta_whatsapps_account_unique;');
  }
}

/** In order; names are stable keys in `plugin_migrations`, so never rename or reorder them. */
export const migrations = [
  { name: '0001-one-company-per-account', class: Migration0001OneCompanyPerAccount },
];
