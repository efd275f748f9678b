import { Migration } from '@mikro-orm/migrations';

/**
 * Realtime events too large for a NOTIFY payload, read back by id on the other instances.
 * Part of core-0001-kernel, split by table: where that one is recorded, this part is recorded, not run.
 */
export class MigrationRealtime0001Overflow extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table realtime_overflow (
        id bigserial primary key,
        payload jsonb not null,
        created_at timestamptz not null default now()
      );
    `);
  }
}
