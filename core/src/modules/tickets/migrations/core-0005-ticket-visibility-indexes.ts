import { Migration } from '@mikro-orm/migrations';

/**
 * Ticket lists of attendants (and of admins not showing all) are a union of disjoint visibility branches
 * (ticket-list-sql.ts): mine, and unassigned in no queue or in my queues. Each branch reads its first page straight
 * off one of these indexes, in list order (unread first, newest first), instead of filtering every ticket of the
 * status. The unassigned index is partial: assigned tickets never enter it.
 */
export class Migration0005TicketVisibilityIndexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create index tickets_user_list_index on tickets
        (company_id, user_id, status, (unread_messages > 0) desc, updated_at desc, id desc);
      create index tickets_unassigned_list_index on tickets
        (company_id, status, queue_id, (unread_messages > 0) desc, updated_at desc, id desc)
        where user_id is null;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(
      'drop index if exists tickets_user_list_index; drop index if exists tickets_unassigned_list_index;',
    );
  }
}
