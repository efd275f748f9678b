import { Migration } from '@mikro-orm/migrations';

/**
 * The unassigned index keyed on `coalesce(queue_id, 0)`: PostgreSQL orders an index scan only past equality
 * conditions, and `queue_id is null` is not one, so the "unassigned in no queue" branch sorted its rows (or, with a
 * small LIMIT, walked every closed ticket through another index hoping to meet some: 28 ms for none). With
 * `coalesce(queue_id, 0) = 0` (queue ids start at 1) every unassigned branch reads its page in list order.
 */
export class Migration0006UnassignedListOrder extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      drop index if exists tickets_unassigned_list_index;
      create index tickets_unassigned_list_index on tickets
        (company_id, status, (coalesce(queue_id, 0)), (unread_messages > 0) desc, updated_at desc, id desc)
        where user_id is null;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop index if exists tickets_unassigned_list_index;
      create index tickets_unassigned_list_index on tickets
        (company_id, status, queue_id, (unread_messages > 0) desc, updated_at desc, id desc)
        where user_id is null;
    `);
  }
}
