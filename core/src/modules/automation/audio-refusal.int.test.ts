import type { ConnectionDto } from '@balcao/sdk';
import { eventually } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../testing/attendance-fixtures.js';
import { type ConversationScript, startConversationScript } from '../../testing/conversation-script.js';
import { AUDIO_REFUSAL } from './audio-refusal.js';

/**
 * Audio refusal (docs/automation.md): a contact's audio is answered, quoting it, when the company's
 * acceptAudioMessageContact is off or the contact's acceptAudioMessage is; otherwise nothing is said.
 */

const M = '\u200e';
let s: ConversationScript;
let conn: ConnectionDto;

beforeAll(async () => {
  s = await startConversationScript(new Date().toISOString());
  const queue = await s.queue('Áudios', 1);
  conn = await s.connection({ name: 'Áudios', queueIds: [queue] });
});
afterAll(() => s?.host.stop());

/** The automatic answers of a ticket and the message each quotes. */
const answers = (id: number) =>
  sql<{ body: string; quoted: number | null }>(
    s.host,
    `select body, quoted_msg_id::int as quoted from messages where ticket_id = $1 and from_me and body like '${M}%' order by id`,
    [id],
  );
const lastInbound = async (id: number) =>
  (
    await sql<{ id: string }>(
      s.host,
      'select max(id) as id from messages where ticket_id = $1 and not from_me',
      [id],
    )
  )[0]?.id;

describe('audio refusal', () => {
  it('with the company setting on and the contact accepting audio, an audio gets no answer', async () => {
    const id = await s.say(conn, '5511933330001', '', { mediaType: 'audio' });
    await s.say(conn, '5511933330001', 'oi'); // a later message: the audio's event has been handled by then
    expect(await answers(id)).toEqual([]);
  });

  it('with acceptAudioMessageContact off, every audio is answered quoting it; text is not', async () => {
    await s.setting('acceptAudioMessageContact', 'disabled');
    try {
      const id = await s.say(conn, '5511933330002', '', { mediaType: 'audio' });
      const audio = Number(await lastInbound(id));
      const rows = await eventually(async () => {
        const found = await answers(id);
        return found.length ? found : undefined;
      });
      expect(rows).toEqual([{ body: `${M}${AUDIO_REFUSAL}`, quoted: audio }]);
      await s.say(conn, '5511933330002', 'ok, por texto');
      expect(await answers(id)).toHaveLength(1);
    } finally {
      await s.setting('acceptAudioMessageContact', 'enabled');
    }
  });

  it('a contact whose acceptAudioMessage is off is answered even when the company takes audio', async () => {
    const id = await s.say(conn, '5511933330003', 'oi');
    const [{ contact_id }] = await sql<{ contact_id: number }>(
      s.host,
      'select contact_id from tickets where id = $1',
      [id],
    );
    await s.api(`/api/contacts/toggleAcceptAudio/${contact_id}`, { method: 'PUT' });
    await s.say(conn, '5511933330003', '', { mediaType: 'audio' });
    await eventually(async () => ((await answers(id)).length === 1 ? true : undefined));
  });
});
