import { Migration } from '@mikro-orm/migrations';

/**
 * Notes on a ticket or a contact.
 * Part of core-0002-attendance, split by table: where that one is recorded, this part is recorded, not run.
 */
export class MigrationTicketNotes0001Tables extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ticket_notes (
        id serial primary key,
        company_id int not null references companies(id) on delete cascade,
        ticket_id int references tickets(id) on delete cascade,
        contact_id int references contacts(id) on delete cascade,
        user_id int references users(id) on delete set null,
        note text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index ticket_notes_contact_id_index on ticket_notes (contact_id);
      create index ticket_notes_ticket_id_index on ticket_notes (ticket_id);
    `);
  }
}
