import { Migration } from '@mikro-orm/migrations';
import { ingestFunctionSql } from '../../modules/conversations/ingest-sql.js';

/**
 * What the attendance benchmark (docs/benchmarks.md, issue 3) called for.
 *
 * Ticket lists sort unread first, then newest (`unread_messages > 0 desc, updated_at desc, id desc`): an index in
 * exactly that order lets a tab read its first page straight off the index and stop, instead of sorting every
 * ticket of the status. It replaces (company_id, status, updated_at, id), whose order no list uses any more. The
 * visibility and filter columns ride along (INCLUDE) so counts are index-only scans. A second index without the
 * status serves the Search tab, which lists every status.
 *
 * messages.contact_id and messages.quoted_msg_id are foreign keys with `on delete set null` and had no index: deleting
 * one contact, or one ticket with its messages, read the whole messages table once per row (the bench's clean-up of
 * 1,000 visitors never finished on 2,000,000 messages). The quoted index is partial: few messages quote.
 *
 * `balcao_ingest` is the inbound pipeline (contact upsert, the one non-closed ticket, the message, unread and last
 * message, the creation log) as one statement: one round trip per message instead of seven, atomic without an
 * explicit transaction. A replayed message changes nothing: it is answered 'duplicate' before any write, and a
 * concurrent replay that loses the race on the unique index raises BC001, which rolls the statement back.
 */
export class Migration0004AttendanceIndexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      drop index if exists tickets_company_status_updated_index;
      create index tickets_company_status_list_index on tickets
        (company_id, status, (unread_messages > 0) desc, updated_at desc, id desc)
        include (user_id, queue_id, whatsapp_id, is_group);
      create index tickets_company_list_index on tickets
        (company_id, (unread_messages > 0) desc, updated_at desc, id desc)
        include (status, user_id, queue_id, whatsapp_id, is_group);
      create index messages_contact_id_index on messages (contact_id);
      create index messages_quoted_msg_id_index on messages (quoted_msg_id) where quoted_msg_id is not null;

      ${ingestFunctionSql(1)}
    `);
  }
}
