import { Migration } from '@mikro-orm/migrations';

/**
 * Tags.
 * Part of core-0002-attendance, split by table: where that one is recorded, this part is recorded, not run.
 */
export class MigrationTags0001Tables extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table tags (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        name varchar(50) not null,
        color varchar(9) not null,
        kanban int not null default 0,
        user_id int references users(id) on delete set null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create unique index tags_company_name_unique on tags (company_id, lower(name));
    `);
  }
}
