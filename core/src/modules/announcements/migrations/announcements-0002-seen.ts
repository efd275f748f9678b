import { Migration } from '@mikro-orm/migrations';

/** When each user last opened the announcements popover: newer announcements count as unread in the top bar. */
export class MigrationAnnouncements0002Seen extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table if not exists announcement_seen (
        user_id int primary key references users(id) on delete cascade,
        seen_at timestamptz not null
      );
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists announcement_seen;');
  }
}
