import { Migration } from '@mikro-orm/migrations';

/**
 * `auth_attempts`: the login and signup limiters' counters (modules/auth/attempt-counter.ts), in
 * rate-limiter-flexible's RateLimiterPostgres layout (`expire` in epoch milliseconds). In the database, not in a
 * process, so a restart or another instance does not reset them. The library's expired-row sweep uses the index.
 */
export class Migration0010AuthAttempts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table auth_attempts (
        key varchar(255) primary key,
        points int not null default 0,
        expire bigint
      );
      create index auth_attempts_expire_index on auth_attempts (expire);
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists auth_attempts;');
  }
}
