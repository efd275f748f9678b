import { Migration } from '@mikro-orm/migrations';

/**
 * What the attendance benchmark (docs/benchmarks.md, issue 3) called for; the tickets part of
 * core-0004-attendance-indexes (a database that recorded that one records this part without running it).
 *
 * Ticket lists sort unread first, then newest (`unread_messages > 0 desc, updated_at desc, id desc`): an index in
 * exactly that order lets a tab read its first page straight off the index and stop, instead of sorting every
 * ticket of the status. It replaces (company_id, status, updated_at, id), whose order no list uses any more. The
 * visibility and filter columns ride along (INCLUDE) so counts are index-only scans. A second index without the
 * status serves the Search tab, which lists every status.
 */
export class MigrationTickets0002ListIndexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      drop index if exists tickets_company_status_updated_index;
      create index tickets_company_status_list_index on tickets
        (company_id, status, (unread_messages > 0) desc, updated_at desc, id desc)
        include (user_id, queue_id, whatsapp_id, is_group);
      create index tickets_company_list_index on tickets
        (company_id, (unread_messages > 0) desc, updated_at desc, id desc)
        include (status, user_id, queue_id, whatsapp_id, is_group);
    `);
  }
}
