import { Migration } from '@mikro-orm/migrations';

/**
 * The contacts search (`name ilike '%term%'`) is planned from the column's statistics: PostgreSQL guesses the share of
 * names a pattern matches by testing it against the histogram, 100 names by default. A surname on 2 % of the
 * contacts met 0 to 6 of them depending on ANALYZE's sample, so the guess swung from 20 to 6,009 rows (2,000 found)
 * and the plan with it (issue 30). A histogram of 1,000 names keeps the guess near the truth; the number gets the
 * same, as the search tests it with the same pattern.
 */
export class MigrationContacts0003PerfDbSearchStatistics extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table contacts alter column name set statistics 1000;
      alter table contacts alter column number set statistics 1000;
      analyze contacts (name, number);
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      alter table contacts alter column name set statistics -1;
      alter table contacts alter column number set statistics -1;
      analyze contacts (name, number);
    `);
  }
}
