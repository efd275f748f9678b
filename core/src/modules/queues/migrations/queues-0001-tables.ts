import { Migration } from '@mikro-orm/migrations';

/**
 * Queues and the users who attend each.
 * Part of core-0002-attendance, split by table: where that one is recorded, this part is recorded, not run.
 */
export class MigrationQueues0001Tables extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table queues (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        name varchar(50) not null,
        color varchar(9) not null,
        order_queue int,
        greeting_message text,
        out_of_hours_message text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create unique index queues_company_color_unique on queues (company_id, lower(color));
      create unique index queues_company_name_unique on queues (company_id, lower(name));

      create table user_queues (
        user_id int not null references users(id) on delete cascade,
        queue_id int not null references queues(id) on delete cascade,
        primary key (user_id, queue_id)
      );
      create index user_queues_queue_id_index on user_queues (queue_id);
    `);
  }
}
