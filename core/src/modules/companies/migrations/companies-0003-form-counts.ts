import { Migration } from '@mikro-orm/migrations';

/**
 * `companies.number_attendants`, `number_conections`: the counts a super user records on the company form (spec part 2
 * §3 and §9, default 1 each). The plan's counts remain the limits enforced.
 */
export class MigrationCompanies0003FormCounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table companies add column if not exists number_attendants integer not null default 1;
      alter table companies add column if not exists number_conections integer not null default 1;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      alter table companies drop column if exists number_conections;
      alter table companies drop column if exists number_attendants;
    `);
  }
}
