import { Migration } from '@mikro-orm/migrations';
import { ingestFunctionSql } from '../ingest-sql.js';

/**
 * The conversations part of core-0004-attendance-indexes (a database that recorded that one records this part
 * without running it).
 *
 * `balcao_ingest` is the inbound pipeline (contact upsert, the one non-closed ticket, the message, unread and last
 * message, the creation log) as one statement: one round trip per message instead of seven, atomic without an
 * explicit transaction. A replayed message changes nothing: it is answered 'duplicate' before any write, and a
 * concurrent replay that loses the race on the unique index raises BC001, which rolls the statement back.
 */
export class MigrationConversations0001IngestV1 extends Migration {
  override async up(): Promise<void> {
    this.addSql(ingestFunctionSql(1));
  }
}
