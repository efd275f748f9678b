import { Migration } from '@mikro-orm/migrations';

/**
 * Plans can be private (issue 24): only public plans are offered on the signup page. The seeded free "Completo"
 * plan (the platform company's) becomes private, so no stranger signs up to every feature for free.
 */
export class MigrationPlans0002Public extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table plans add column is_public boolean not null default true;
      -- On a new database the companies table comes later and the seed makes the plan private itself.
      do $$ begin
        if to_regclass('companies') is not null then
          update plans set is_public = false
           where name = 'Completo' and amount = 0 and id = (select plan_id from companies where id = 1);
        end if;
      end $$;
    `);
  }
}
