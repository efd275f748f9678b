import { Migration } from '@mikro-orm/migrations';

/**
 * A connection's history import (spec part 1 §3 Connection): the window of old messages to import when its session
 * connects, whether groups come too, whether imported tickets close afterwards, the import's status and the queue
 * imported tickets go to (a deleted queue leaves none).
 */
export class MigrationConnections0002ImportMessages extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table whatsapps
        add column import_old_messages timestamptz,
        add column import_recent_messages timestamptz,
        add column import_old_messages_groups boolean not null default false,
        add column closed_tickets_post_imported boolean not null default false,
        add column status_import_messages text,
        add column queue_id_import_messages int references queues(id) on delete set null;
      create index whatsapps_queue_id_import_messages_index on whatsapps (queue_id_import_messages)
        where queue_id_import_messages is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`
      alter table whatsapps
        drop column import_old_messages, drop column import_recent_messages,
        drop column import_old_messages_groups, drop column closed_tickets_post_imported,
        drop column status_import_messages, drop column queue_id_import_messages;`);
  }
}
