import { Migration } from '@mikro-orm/migrations';

/**
 * An admin counts as in every queue (issue 24), so their own view listed the unassigned tickets as one branch per
 * queue plus one for none, each read off tickets_unassigned_list_index up to the count's cap: the admin's Pending tab
 * read 7 × 100 entries and went from 1.9 to 8 ms of database time (issue 30). Every queue together is every
 * unassigned ticket: one branch, read in list order off this index.
 */
export class MigrationTickets0006PerfDbUnassignedAnyQueue extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create index tickets_unassigned_any_queue_list_index on tickets
        (company_id, status, (unread_messages > 0) desc, updated_at desc, id desc)
        where user_id is null;
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists tickets_unassigned_any_queue_list_index;');
  }
}
