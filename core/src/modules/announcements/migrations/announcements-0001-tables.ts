import { Migration } from '@mikro-orm/migrations';

/**
 * Announcements (spec part 2 §3): written by super users, read by every company's users, so not a tenant table;
 * `company_id` records the author's company. The popover reads the active ones, newest first.
 */
export class MigrationAnnouncements0001Tables extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table if not exists announcements (
        id serial primary key,
        company_id int references companies(id) on delete set null,
        title varchar(200) not null,
        text text not null,
        priority smallint not null default 3 check (priority between 1 and 3),
        status boolean not null default true,
        media_path varchar(64),
        media_name varchar(255),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index if not exists announcements_status_created on announcements (status, created_at desc, id desc);
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists announcements;');
  }
}
