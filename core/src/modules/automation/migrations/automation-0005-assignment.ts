import { Migration } from '@mikro-orm/migrations';

/**
 * Assignment (modules/automation, queue-attendants.ts, queue-rotation.ts):
 * - `automation_queue_rotation`: per queue, the user the rotation gave a ticket to last (round-robin resumes after
 *   them, across runs, workers and restarts);
 * - `automation_assignments`: a ticket the automation gave to a user (userRandom or the rotation), with when (kernel
 *   clock) and the last message id at that moment: the user "acted" once they wrote after it. Dropped with the ticket.
 */
export class MigrationAutomation0005Assignment extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table automation_queue_rotation (
      queue_id integer primary key references queues (id) on delete cascade,
      company_id integer not null,
      last_user_id integer null
    );`);
    this.addSql(`create table automation_assignments (
      ticket_id integer primary key references tickets (id) on delete cascade,
      company_id integer not null,
      user_id integer not null,
      assigned_at timestamptz not null,
      message_id bigint not null default 0
    );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table automation_assignments;');
    this.addSql('drop table automation_queue_rotation;');
  }
}
