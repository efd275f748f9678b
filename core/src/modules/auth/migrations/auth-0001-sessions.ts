import { Migration } from '@mikro-orm/migrations';

/**
 * Login sessions (a refresh token each).
 * Part of core-0001-kernel, split by table: where that one is recorded, this part is recorded, not run.
 */
export class MigrationAuth0001Sessions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table auth_sessions (
        id uuid primary key,
        company_id int not null references companies(id) on delete cascade,
        user_id int not null references users(id) on delete cascade,
        token_hash varchar(64) not null,
        expires_at timestamptz not null,
        revoked_at timestamptz,
        ip varchar(64),
        user_agent varchar(255),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index auth_sessions_user_id_index on auth_sessions (user_id) where revoked_at is null;
    `);
  }
}
