import type { ConversationsPort, Logger } from '@balcao/sdk';
import { describe, expect, it } from 'vitest';
import { BALCAO_SEND_METADATA, sentByBalcaoKey } from './channel.js';
import { FIXTURE_IDS } from './testing/fixtures.js';
import { recordingConversations } from './testing/recording-conversations.js';
import { delivery, textEvent } from './testing/webhook-events.js';
import { handleWebhook, webhookSchema } from './webhook.js';

/**
 * Echoes of Balcão's own sends that overtake Graph's answer (Instagram's carry no metadata): the webhook waits while
 * core says a send to the contact is on its way (ConversationsPort.sendsOnTheirWay, any process), then ingests, and
 * ingest finds the mid the outbox recorded meanwhile. The instagram connection of the fixtures is connection 8.
 */
const IG = FIXTURE_IDS.instagram;
const CONTACT = FIXTURE_IDS.igsid;
const IG_CONNECTION = 8;
const wait = { pollMs: 10, maxMs: 1_000 };

const warnings: string[] = [];
const logger: Logger = {
  debug() {},
  info() {},
  warn: (_o, msg) => void warnings.push(msg ?? ''),
  error() {},
  child: () => logger,
};

/** The page's message to the contact, as Meta echoes it on Instagram (no metadata). */
const echo = (mid: string, text: string, extra: Record<string, unknown> = {}) => ({
  sender: { id: IG },
  recipient: { id: CONTACT },
  timestamp: Date.now(),
  message: { is_echo: true, mid, text, ...extra },
});

const run = (events: object[], conversations: ConversationsPort, echoWait = wait) =>
  handleWebhook(webhookSchema.parse(delivery('instagram', IG, events)), { conversations, logger, echoWait });

/** A door that answers true `times` times, then runs `done` (what the outbox did meanwhile) and answers false. */
function sendFinishingAfter(times: number, done: () => void | Promise<void> = () => {}) {
  let asked = 0;
  return async () => {
    asked += 1;
    if (asked <= times) return true;
    if (asked === times + 1) await done();
    return false;
  };
}

describe('echoes of sends still on their way', () => {
  it('an echo whose contact has a send on its way waits for it; the send’s mid then on Balcão’s message, it is skipped as Balcão’s and nothing is stored', async () => {
    let finish = () => {};
    const rec = recordingConversations({ sendsOnTheirWay: sendFinishingAfter(3, () => finish()) });
    finish = () => void rec.sent(IG_CONNECTION, 'ig-mid-farewell');
    expect(await run([echo('ig-mid-farewell', 'Até logo!')], rec.port)).toMatchObject({
      stored: 0,
      skipped: 1,
    });
    expect(rec.ingested).toEqual([]);
    expect(rec.asked).toHaveLength(4);
    expect(rec.asked.every((a) => a.connection === IG_CONNECTION && a.to === CONTACT)).toBe(true);
  });

  it('an echo written in Meta’s inbox while a send to the contact was on its way is stored after the wait, as the page’s message', async () => {
    const rec = recordingConversations({ sendsOnTheirWay: sendFinishingAfter(1) });
    expect(await run([echo('ig-mid-inbox', 'Respondido no Instagram')], rec.port)).toMatchObject({
      stored: 1,
      skipped: 0,
    });
    expect(rec.ingested).toEqual([
      {
        connection: IG_CONNECTION,
        inbound: expect.objectContaining({ externalId: 'ig-mid-inbox', fromMe: true }),
      },
    ]);
  });

  it('a caption whose echo came before its send finished is skipped once the send marked it, and the mark is consumed', async () => {
    let finish = async () => {};
    const rec = recordingConversations({ sendsOnTheirWay: sendFinishingAfter(2, () => finish()) });
    const store = rec.stores.get(IG_CONNECTION);
    finish = async () => store?.set(sentByBalcaoKey('ig-mid-caption'), '1');
    expect(await run([echo('ig-mid-caption', 'Segue a nota')], rec.port)).toMatchObject({
      stored: 0,
      skipped: 1,
    });
    expect(rec.ingested).toEqual([]);
    expect(store?.map.has(sentByBalcaoKey('ig-mid-caption'))).toBe(false);
  });

  it('with no send on its way the echo is asked about once and not held up', async () => {
    const rec = recordingConversations({ sendsOnTheirWay: () => false });
    const started = Date.now();
    expect(await run([echo('ig-mid-now', 'Oi')], rec.port, { pollMs: 1_000, maxMs: 5_000 })).toMatchObject({
      stored: 1,
    });
    expect(Date.now() - started).toBeLessThan(500);
    expect(rec.asked).toHaveLength(1);
  });

  it('a send that never finishes holds a delivery’s echoes at most the wait in all; they are then ingested', async () => {
    const rec = recordingConversations({ sendsOnTheirWay: () => true });
    const started = Date.now();
    const summary = await run([echo('ig-mid-a', 'Um'), echo('ig-mid-b', 'Dois')], rec.port, {
      pollMs: 10,
      maxMs: 150,
    });
    const took = Date.now() - started;
    expect(summary).toMatchObject({ stored: 2, skipped: 0 });
    expect(took).toBeGreaterThanOrEqual(140);
    expect(took).toBeLessThan(600);
  });

  it('a door that fails is not waited on: the echo is ingested and the failure logged', async () => {
    const rec = recordingConversations({
      sendsOnTheirWay: () => {
        throw new Error('database away');
      },
    });
    expect(await run([echo('ig-mid-fail', 'Oi')], rec.port)).toMatchObject({ stored: 1 });
    expect(warnings).toContain('meta echo: sends on their way unknown');
  });

  it('the contact’s own messages and echoes that say they are Balcão’s never ask', async () => {
    const rec = recordingConversations({ sendsOnTheirWay: () => true });
    const summary = await run(
      [
        textEvent(IG, CONTACT, 'ig-mid-contact', 'Obrigada!'),
        echo('ig-mid-meta', 'Olá', { metadata: BALCAO_SEND_METADATA }),
      ],
      rec.port,
    );
    expect(summary).toMatchObject({ stored: 1, skipped: 1 });
    expect(rec.asked).toEqual([]);
  });
});
