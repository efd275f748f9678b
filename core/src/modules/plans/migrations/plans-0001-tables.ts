import { Migration } from '@mikro-orm/migrations';

/**
 * Plans: the limits and feature flags a company subscribes to.
 * Part of core-0001-kernel, split by table: where that one is recorded, this part is recorded, not run.
 */
export class MigrationPlans0001Tables extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table plans (
        id serial primary key,
        name varchar(50) not null,
        users int not null default 1,
        connections int not null default 1,
        queues int not null default 1,
        amount numeric(10,2) not null default 0,
        use_whatsapp boolean not null default false,
        use_facebook boolean not null default false,
        use_instagram boolean not null default false,
        use_campaigns boolean not null default false,
        use_schedules boolean not null default false,
        use_internal_chat boolean not null default false,
        use_external_api boolean not null default false,
        use_kanban boolean not null default false,
        use_open_ai boolean not null default false,
        use_integration boolean not null default false,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create unique index plans_name_unique on plans (lower(name));
    `);
  }
}
