import { Migration } from '@mikro-orm/migrations';

/**
 * `password_resets`: one row per code sent (spec part 2 "Password reset"). The id is the opaque attempt id the browser
 * holds; `user_id` is null when the number is nobody's (the attempt is answered like any other, so the answers do not
 * tell which numbers are registered). The code and the reset token are stored only as keyed hashes. `guesses` counts
 * the codes tried (two end the attempt); `ended_at` marks it used, exceeded or replaced by a newer code.
 */
export class MigrationPasswordRecovery0001Resets extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table password_resets (
        id uuid primary key,
        user_id int references users(id) on delete cascade,
        number_hash varchar(64) not null,
        code_hash varchar(64) not null,
        guesses int not null default 0,
        expires_at timestamptz not null,
        ended_at timestamptz,
        token_hash varchar(64),
        token_expires_at timestamptz,
        token_used_at timestamptz,
        created_at timestamptz not null default now()
      );
      create index password_resets_number_hash_index on password_resets (number_hash) where ended_at is null;
      create index password_resets_user_id_index on password_resets (user_id);
      create index password_resets_created_at_index on password_resets (created_at);
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists password_resets;');
  }
}
