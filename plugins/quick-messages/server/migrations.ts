import { Migration } from '@balcao/sdk/orm';

class Migration0001QuickMessages extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table quick_messages (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        user_id int references users(id) on delete cascade,
        shortcode text not null,
        message text not null default '',
        geral boolean not null default false,
        status boolean not null default true,
        media_path text,
        media_name text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index quick_messages_company_id_shortcode_index on quick_messages (company_id, shortcode);
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists quick_messages;');
  }
}

/** In order; names are stable keys in `plugin_migrations`. */
export const migrations = [{ name: '0001-quick-messages', class: Migration0001QuickMessages }];
