import { Migration } from '@mikro-orm/migrations';

/**
 * `whatsapps.greeting_media_attachment` and `greeting_media_name` (spec part 1 Connection `greetingMediaAttachment`):
 * the greeting's file, by its URL in the company's media store, and the name it was uploaded with.
 */
export class MigrationConnections0004GreetingMedia extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'alter table whatsapps add column if not exists greeting_media_attachment text, ' +
        'add column if not exists greeting_media_name varchar(255);',
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      'alter table whatsapps drop column if exists greeting_media_attachment, drop column if exists greeting_media_name;',
    );
  }
}
