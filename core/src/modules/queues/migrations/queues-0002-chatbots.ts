import { defaultWeeklySchedule } from '@balcao/sdk';
import { Migration } from '@mikro-orm/migrations';

/**
 * The queue fields of spec part 2 §3 still missing (rotation, integration, file list, prompt, close ticket, service
 * hours: the default week for queues already there and for rows written without it) and `chatbots`, the queues'
 * option trees: a row per option with its queue (cascade: a deleted queue takes its tree), its parent (null at the
 * root; cascade: a deleted option takes its options) and its position among its siblings.
 */
export class MigrationQueues0002Chatbots extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table queues
        add column ativar_roteador boolean not null default false,
        add column tempo_roteador int not null default 0,
        add column integration_id int,
        add column file_list_id int,
        add column prompt_id int,
        add column close_ticket boolean not null default false,
        add column schedules jsonb not null default '${JSON.stringify(defaultWeeklySchedule())}'::jsonb;

      create table chatbots (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        queue_id int not null references queues(id) on delete cascade,
        parent_id int references chatbots(id) on delete cascade,
        position int not null default 0,
        name varchar(100) not null,
        greeting_message text,
        queue_type varchar(20) not null default 'text'
          check (queue_type in ('text', 'attendent', 'queue', 'integration', 'file')),
        opt_queue_id int references queues(id) on delete set null,
        opt_user_id int references users(id) on delete set null,
        opt_integration_id int,
        opt_file_id int,
        close_ticket boolean not null default false,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index chatbots_queue_parent_position_index on chatbots (queue_id, parent_id, position);
      create index chatbots_parent_id_index on chatbots (parent_id);
      create index chatbots_opt_queue_id_index on chatbots (opt_queue_id);
      create index chatbots_opt_user_id_index on chatbots (opt_user_id);
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table if exists chatbots;
      alter table queues
        drop column if exists ativar_roteador,
        drop column if exists tempo_roteador,
        drop column if exists integration_id,
        drop column if exists file_list_id,
        drop column if exists prompt_id,
        drop column if exists close_ticket,
        drop column if exists schedules;
    `);
  }
}
