import { Migration } from '@mikro-orm/migrations';

/**
 * messages.voice_note: an audio recorded in the conversation (the composer's recorder, or a plugin's `voiceNote`) as
 * against an audio file; channels that tell them apart (WhatsApp's PTT) send it as a voice note. A constant default
 * adds the column without rewriting the table.
 */
export class MigrationMessages0003VoiceNote extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table messages add column voice_note boolean not null default false;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table messages drop column if exists voice_note;');
  }
}
