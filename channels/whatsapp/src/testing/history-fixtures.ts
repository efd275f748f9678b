import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type BaileysEventMap, proto, type WAMessage } from '@whiskeysockets/baileys';

/** A `messaging-history.set` payload as Baileys emits it. */
export type HistoryBatch = BaileysEventMap['messaging-history.set'];

/** The recorded history batches under channels/whatsapp/fixtures/. */
export type HistoryFixture = 'history-set-recent' | 'history-set-full' | 'history-set-on-demand';

/** The newest message of every fixture, as recorded (the rebase moves it). */
const RECORDED_NEWEST = 1_795_000_000;

/**
 * A recorded history batch, its messages decoded as Baileys hands them (proto.WebMessageInfo) and their timestamps
 * moved so the newest is `newest` (import windows are relative to today).
 * @example socket.historySet(historyFixture('history-set-recent', new Date(Date.now() - 86_400_000)))
 */
export function historyFixture(name: HistoryFixture, newest: Date): HistoryBatch {
  const file = path.join(import.meta.dirname, '..', '..', 'fixtures', `${name}.json`);
  const raw = JSON.parse(readFileSync(file, 'utf8')) as HistoryBatch & { messages: object[] };
  const shift = Math.floor(newest.getTime() / 1000) - RECORDED_NEWEST;
  const messages = raw.messages.map((m) => {
    const message = proto.WebMessageInfo.fromObject(m) as WAMessage;
    message.messageTimestamp = Number(message.messageTimestamp) + shift;
    return message;
  });
  return { ...raw, messages };
}

/** A batch's message ids. @example idsOf(batch) // ['3EB0HIST0008', …] */
export const idsOf = (batch: HistoryBatch): string[] => batch.messages.map((m) => m.key.id ?? '');
