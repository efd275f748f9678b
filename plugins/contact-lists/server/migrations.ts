import { Migration } from '@balcao/sdk/orm';

/** The lists and their numbers; the campaigns plugin reads these tables, so their names and columns are a contract. */
class Migration0001Tables extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table contact_lists (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        name text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index contact_lists_company_id_id_index on contact_lists (company_id, id);
      create table contact_list_items (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        contact_list_id int not null references contact_lists(id) on delete cascade,
        name text not null,
        number text not null,
        email text not null default '',
        is_whatsapp_valid boolean null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint contact_list_items_list_number_unique unique (contact_list_id, number)
      );
      create index contact_list_items_list_id_index on contact_list_items (contact_list_id, id);
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists contact_list_items; drop table if exists contact_lists;');
  }
}

/**
 * The WhatsApp check's bookkeeping (number-check.ts): when a number was answered (null: still to ask), and when a run
 * claimed it (a lease, so two runs never ask about one number and a crashed run's numbers come back).
 */
class Migration0002NumberCheck extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table contact_list_items
        add column whatsapp_checked_at timestamptz null,
        add column whatsapp_check_claimed_at timestamptz null;
      create index contact_list_items_unchecked_index on contact_list_items (contact_list_id, id)
        where whatsapp_checked_at is null;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop index if exists contact_list_items_unchecked_index;
      alter table contact_list_items drop column whatsapp_checked_at, drop column whatsapp_check_claimed_at;
    `);
  }
}

/** In order; names are stable keys in `plugin_migrations`, so never rename or reorder them. */
export const migrations = [
  { name: '0001-tables', class: Migration0001Tables },
  { name: '0002-number-check', class: Migration0002NumberCheck },
];
