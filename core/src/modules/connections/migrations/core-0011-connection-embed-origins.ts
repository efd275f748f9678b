import { Migration } from '@mikro-orm/migrations';

/**
 * `whatsapps.embed_origins`: the website origins allowed to show a web chat connection's page in a frame (its embed
 * snippet), CSP `frame-ancestors` beside Balcão's own; null: none.
 */
export class Migration0011ConnectionEmbedOrigins extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table whatsapps add column embed_origins text[];');
  }

  override async down(): Promise<void> {
    this.addSql('alter table whatsapps drop column if exists embed_origins;');
  }
}
