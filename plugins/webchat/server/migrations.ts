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

/** In order; names are stable keys in `plugin_migrations`, so never rename or reorder them. */
export const migrations = [{ name: '0001-visitor-contact-ids', class: Migration0001VisitorContactIds }];
