import { Migration } from '@balcao/sdk/orm';

/**
 * `visitorContactId` (channels/webchat) in SQL: the first 22 characters of the id's SHA-256 in base64url (a 32-byte
 * digest is 44 base64 characters on one line, so the first 22 need no padding or line handling).
 * @example `select ${visitorContactIdSql('$1::text')}`
 */
export const visitorContactIdSql = (value: string): string =>
  `left(translate(encode(sha256(convert_to(${value}, 'UTF8')), 'base64'), '+/', '-_'), 22)`;

/**
 * Web chat contacts were known by the visitor's secret id itself; they are now known by its hash. Existing contacts
 * take the hash, so a returning visitor (whose page keeps the id) finds their conversation.
 */
export class Migration0001VisitorContactIds extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `update contacts set number = ${visitorContactIdSql('number')} where channel = 'webchat' and not is_group;`,
    );
  }
}

/**
 * The public limits' counters (server/limits.ts), in the database so every instance agrees: token buckets by hashed
 * key, and which visitor ids each (hashed) address has written with lately.
 */
export class Migration0002RateLimits extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table webchat_rate_buckets (
      key text primary key,
      burst double precision not null,
      per_second double precision not null,
      tokens double precision not null,
      at timestamptz not null,
      ok boolean not null
    );`);
    this.addSql(`create table webchat_address_visitors (
      address text not null,
      visitor text not null,
      seen_at timestamptz not null,
      primary key (address, visitor)
    );`);
    this.addSql('create index webchat_address_visitors_seen_at on webchat_address_visitors (seen_at);');
  }
}

/** In order; names are stable keys in `plugin_migrations`, so never rename or reorder them. */
export const migrations = [
  { name: '0001-visitor-contact-ids', class: Migration0001VisitorContactIds },
  { name: '0002-rate-limits', class: Migration0002RateLimits },
];
