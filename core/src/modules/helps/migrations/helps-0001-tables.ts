import { Migration } from '@mikro-orm/migrations';

/** `helps`: the help videos (spec part 2 §3 Help), shared by every company. */
export class MigrationHelps0001Tables extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table if not exists helps (
        id serial primary key,
        title varchar(100) not null,
        description text not null default '',
        video varchar(11) not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists helps;');
  }
}
