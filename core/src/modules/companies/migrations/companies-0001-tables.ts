import { Migration } from '@mikro-orm/migrations';

/**
 * Companies: the tenants.
 * Part of core-0001-kernel, split by table: where that one is recorded, this part is recorded, not run.
 */
export class MigrationCompanies0001Tables extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table companies (
        id serial primary key,
        name varchar(50) not null,
        email varchar(255),
        phone varchar(30),
        document varchar(30),
        plan_id int not null references plans(id),
        status boolean not null default true,
        due_date date,
        recurrence varchar(20) not null default 'MENSAL',
        payment_method varchar(30),
        last_login timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create unique index companies_name_unique on companies (lower(name));
      create index companies_plan_id_index on companies (plan_id);
    `);
  }
}
