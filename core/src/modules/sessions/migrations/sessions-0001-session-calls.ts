import { Migration } from '@mikro-orm/migrations';

/**
 * `channel_session_calls`: a request's call on a connection's session (an address check, the phone's address book, a
 * password-reset text), addressed to the instance that owns the session's lease, and its answer (session-calls.ts).
 * Rows live for the call only; the caller deletes its row, and owners sweep what dead callers left.
 */
export class MigrationSessions0001SessionCalls extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table channel_session_calls (
        id uuid primary key,
        connection_id integer not null references whatsapps (id) on delete cascade,
        owner varchar(64) not null,
        op varchar(20) not null,
        args jsonb not null,
        result jsonb,
        failure jsonb,
        taken_at timestamptz,
        answered_at timestamptz,
        created_at timestamptz not null default now()
      );`);
    this.addSql(
      'create index channel_session_calls_waiting on channel_session_calls (owner) where taken_at is null;',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists channel_session_calls;');
  }
}
