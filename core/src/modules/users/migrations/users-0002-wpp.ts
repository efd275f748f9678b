import { Migration } from '@mikro-orm/migrations';

/**
 * `users.wpp`: the user's own WhatsApp number (digits), where the password-reset code goes (spec part 2 "Password
 * reset": "enter the registered number"). Unique across the platform, as the e-mail is: a number must find exactly one
 * account, or a code could reset somebody else's password.
 */
export class MigrationUsers0002Wpp extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table users add column if not exists wpp varchar(15);
      create unique index if not exists users_wpp_unique on users (wpp) where wpp is not null;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop index if exists users_wpp_unique;
      alter table users drop column if exists wpp;
    `);
  }
}
