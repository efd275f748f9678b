import type { DomainEvents } from '@balcao/sdk';
import type { Cradle } from '../../kernel/container.js';
import { companyTexts, textsIn } from './customer-texts.js';
import { sendAutomatic } from './send-automatic.js';

/**
 * The answer to an audio the company does not listen to (peer §1.5 step 9, GB's fixed "Virtual Assistant" text): it
 * asks for text instead. pt-BR here; the company's language is used (customer-texts.ts).
 */
export const AUDIO_REFUSAL = textsIn('pt-BR').audioRefusal;

/**
 * Audio refusal (spec part 1 contact field acceptAudioMessage, part 2 setting acceptAudioMessageContact; peer §1.5):
 * a contact's audio in a private conversation (or a group handled as a ticket) is answered, quoting it, with
 * {@link AUDIO_REFUSAL} when the company's `acceptAudioMessageContact` is disabled or the contact's
 * `acceptAudioMessage` is off (the contact drawer's switch). Whoever has the ticket: the contact hears it at once, as
 * in GB. The attendant still sees the audio.
 */
export async function refuseAudio(payload: DomainEvents['message.created'], scope: Cradle): Promise<void> {
  if (payload.kind !== 'inbound' || payload.mediaType !== 'audio') return;
  const [row] = await scope.em
    .getConnection()
    .execute<{ media_type: string; status: string; is_group: boolean; accepts: boolean }[]>(
      `select m.media_type, t.status, t.is_group, c.accept_audio_message as accepts
       from messages m join tickets t on t.id = m.ticket_id join contacts c on c.id = t.contact_id
      where m.id = ? and m.company_id = ?`,
      [payload.messageId, payload.companyId],
    );
  if (row?.media_type !== 'audio' || row.status === 'group' || row.status === 'closed') return;
  const companyAccepts = await scope.settings.isEnabled(payload.companyId, 'acceptAudioMessageContact');
  if (companyAccepts && row.accepts) return;
  const { audioRefusal } = await companyTexts(scope.settings, payload.companyId);
  await sendAutomatic(scope, payload.companyId, payload.ticketId, audioRefusal, '', payload.messageId);
}
