import { Migration } from '@balcao/sdk/orm';

class Migration0001FileLists extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table file_lists (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        name text not null,
        message text not null,
        user_id int references users(id) on delete set null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index file_lists_company_id_name_index on file_lists (company_id, name);
      create table file_list_options (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        file_list_id int not null references file_lists(id) on delete cascade,
        name text not null,
        path text not null default '',
        media_type text not null default '',
        position int not null default 0
      );
      create index file_list_options_list_index on file_list_options (company_id, file_list_id, position);
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists file_list_options; drop table if exists file_lists;');
  }
}

/** In order; names are stable keys in `plugin_migrations`. */
export const migrations = [{ name: '0001-file-lists', class: Migration0001FileLists }];
