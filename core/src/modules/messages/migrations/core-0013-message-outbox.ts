import { Migration } from '@mikro-orm/migrations';

/**
 * The outbox (ARCHITECTURE "Data flow", outbound): a message that must reach the contact, and a deleted one the
 * channel must take back, gets a row here in the transaction that stores it. The delivery worker claims due rows
 * (`for update skip locked`, a lease in `locked_until`), sends through the channel with the row's idempotency key,
 * deletes the row on success and, on failure, retries with exponential backoff until its last attempt marks the
 * message `delivery_error`. A row outlives any crash: a killed worker's lease runs out and another claims it.
 */
export class Migration0013MessageOutbox extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table message_outbox (
        id bigserial primary key,
        company_id integer not null references companies (id) on delete cascade,
        message_id bigint not null references messages (id) on delete cascade,
        action varchar(10) not null default 'send' check (action in ('send', 'retract')),
        idempotency_key uuid not null default gen_random_uuid(),
        status varchar(10) not null default 'pending' check (status in ('pending', 'failed')),
        attempts integer not null default 0,
        next_attempt_at timestamptz not null default now(),
        locked_until timestamptz,
        last_error text,
        created_at timestamptz not null default now(),
        unique (message_id, action)
      );`);
    this.addSql(
      `create index message_outbox_due on message_outbox (next_attempt_at) where status = 'pending';`,
    );
    this.addSql('alter table messages add column delivery_error varchar(255);');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists message_outbox;');
    this.addSql('alter table messages drop column if exists delivery_error;');
  }
}
