import { Migration } from '@mikro-orm/migrations';

/**
 * Platform settings and each company's settings.
 * Part of core-0001-kernel, split by table: where that one is recorded, this part is recorded, not run.
 */
export class MigrationSettings0001Tables extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table settings (
        key varchar(100) primary key,
        value text not null,
        updated_at timestamptz not null default now()
      );

      create table company_settings (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        key varchar(100) not null,
        value text not null,
        updated_at timestamptz not null default now()
      );
      create unique index company_settings_company_key_unique on company_settings (company_id, key);
    `);
  }
}
