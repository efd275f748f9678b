import { Migration } from '@balcao/sdk/orm';

/** One row per user: their whole list, as the browser keeps it (a handful of short tasks, read and written whole). */
class Migration0001Lists extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table todo_lists (
        user_id int primary key references users(id) on delete cascade,
        company_id int not null references companies(id) on delete cascade,
        tasks jsonb not null default '[]',
        updated_at timestamptz not null default now()
      );
      create index todo_lists_company_id_index on todo_lists (company_id);
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists todo_lists;');
  }
}

/** In order; names are stable keys in `plugin_migrations`, so never rename or reorder them. */
export const migrations = [{ name: '0001-lists', class: Migration0001Lists }];
