import { Migration } from '@balcao/sdk/orm';

/** The plugin's one table; rows go with their company. */
class Migration0001Greetings extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table hello_greetings (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        message text not null,
        processed_at timestamptz,
        created_at timestamptz not null default now()
      );
      create index hello_greetings_company_id_id_index on hello_greetings (company_id, id desc);
    `);
  }
}

/** In order; names are stable keys in `plugin_migrations`, so never rename or reorder them. */
export const migrations = [{ name: '0001-greetings', class: Migration0001Greetings }];
