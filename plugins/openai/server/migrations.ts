import { Migration } from '@balcao/sdk/orm';

class Migration0001Prompts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table openai_prompts (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        name text not null,
        prompt text not null,
        voice text not null default 'texto',
        voice_region text not null default '',
        max_tokens int not null default 100,
        temperature double precision not null default 1,
        max_messages int not null default 10,
        base_url text not null default '',
        model text not null default '',
        queue_id int references queues(id) on delete set null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index openai_prompts_company_id_id_index on openai_prompts (company_id, id desc);
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists openai_prompts;');
  }
}

/** In order; names are stable keys in `plugin_migrations`. */
export const migrations = [{ name: '0001-prompts', class: Migration0001Prompts }];
