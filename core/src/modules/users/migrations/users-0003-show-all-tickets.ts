import { Migration } from '@mikro-orm/migrations';

/**
 * `users.show_all_tickets`: the ticket list's Show all switch as the user last left it, kept on the server so it
 * survives logout and another browser (issue 24: an admin's choice was lost at the next login).
 */
export class MigrationUsers0003ShowAllTickets extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'alter table users add column if not exists show_all_tickets boolean not null default false;',
    );
  }

  override async down(): Promise<void> {
    this.addSql('alter table users drop column if exists show_all_tickets;');
  }
}
