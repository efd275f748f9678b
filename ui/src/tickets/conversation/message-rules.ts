import type { MessageDto } from '@balcao/sdk';
import { dayKey } from '../shared/format';

const byTime = (a: MessageDto, b: MessageDto): number =>
  Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id;

/** An older page goes before what is loaded; messages already shown are kept once. */
export function prependOlder(loaded: MessageDto[], older: MessageDto[]): MessageDto[] {
  const seen = new Set(loaded.map((m) => m.id));
  return [...older.filter((m) => !seen.has(m.id)), ...loaded];
}

/** A created or updated message (from the socket or the send answer): replaced in place, or added in order. */
export function upsertMessage(list: MessageDto[], message: MessageDto): MessageDto[] {
  const index = list.findIndex((m) => m.id === message.id);
  // Acks only move forward: a send answer (ack 0) arriving after the channel's update must not undo it.
  if (index >= 0)
    return list.map((m, i) => (i === index ? { ...m, ...message, ack: Math.max(m.ack, message.ack) } : m));
  const last = list[list.length - 1];
  if (!last || byTime(last, message) <= 0) return [...list, message];
  return [...list, message].sort(byTime);
}

/**
 * A message whose row went away (a `remove` frame: it was the channel's echo of `keptId`, Balcão's own message): out of
 * the list, and what quoted or reacted to it points at the message kept.
 * @example removeMessage(list, 41, 40)
 */
export function removeMessage(list: MessageDto[], messageId: number, keptId: number): MessageDto[] {
  return list
    .filter((m) => m.id !== messageId)
    .map((m) => (m.quotedMsg?.id === messageId ? { ...m, quotedMsg: { ...m.quotedMsg, id: keptId } } : m));
}

/**
 * The newest page has arrived (the first load, or again after a reconnect): merged into what is shown (the page's
 * version of a message wins), then the messages heard while it was on its way (live or sent from here) are applied
 * again, in order. The server may have read the page before they were committed: they must neither vanish nor show
 * twice.
 */
export function newestPageArrived(
  shown: MessageDto[],
  page: MessageDto[],
  heardMeanwhile: readonly MessageDto[],
): MessageDto[] {
  return heardMeanwhile.reduce(upsertMessage, page.reduce(upsertMessage, shown));
}

/** The later of two messages in the conversation's order (null: neither). */
export function laterMessage(a: MessageDto | null, b: MessageDto | null): MessageDto | null {
  if (!a || !b) return a ?? b;
  return byTime(a, b) >= 0 ? a : b;
}

/**
 * The newest page has arrived, first or read again after a reconnect. `settled` is the newest message known to follow
 * the shown ones with nothing missing in between (from pages, and live events heard while the socket was ready and the
 * list in sync; never a send answer alone, which may come while the socket is down). When the page has more before it
 * and starts after `settled`, more messages than a page may have arrived since: joined to what is shown it could leave
 * a hole, so what is shown is dropped for the page (`gap`) and scrolling up reads the older pages again. `show` answers
 * the list to show instead of `shown`, with the messages heard meanwhile applied again (newestPageArrived); `settled`
 * becomes the page's newest message, or stays when that is later.
 * @example const landed = newestPageLanded(page, heard, settled); setState((s) => landed.show(s.messages));
 */
export function newestPageLanded(
  page: { messages: MessageDto[]; hasMore: boolean },
  heardMeanwhile: readonly MessageDto[],
  settled: MessageDto | null,
): { gap: boolean; settled: MessageDto | null; show(shown: MessageDto[]): MessageDto[] } {
  const oldest = page.messages[0];
  const gap = page.hasMore && oldest !== undefined && (!settled || byTime(oldest, settled) > 0);
  const newest = page.messages.at(-1) ?? null;
  return {
    gap,
    settled: gap ? newest : laterMessage(settled, newest),
    show: (shown) => newestPageArrived(gap ? [] : shown, page.messages, heardMeanwhile),
  };
}

/** A reaction shown on the message it reacts to: its emoji, and who reacted (the account, or the contact). */
export interface ShownReaction {
  emoji: string;
  fromMe: boolean;
  /** In a group, the participant who reacted; null for the account or a one-to-one contact. */
  participant: string | null;
}

/**
 * The current reactions on each message (by the reacted message's id), from the reactions in the list: one per
 * reactor (the account, the contact, each participant of a group, as WhatsApp keeps them), the latest winning; one
 * taken off (empty) leaves none. The account's comes first.
 * @example currentReactions(messages).get(7) // [{ emoji: '👍', fromMe: true, participant: null }]
 */
export function currentReactions(messages: readonly MessageDto[]): Map<number, ShownReaction[]> {
  const byTarget = new Map<number, Map<string, ShownReaction>>();
  for (const m of [...messages].sort(byTime)) {
    const target = m.quotedMsg?.id;
    if (m.mediaType !== 'reactionMessage' || m.isDeleted || !target) continue;
    const participant = m.fromMe ? null : (m.participant ?? null);
    const reactor = m.fromMe ? 'me' : `contact:${participant ?? ''}`;
    const current = byTarget.get(target) ?? new Map<string, ShownReaction>();
    current.delete(reactor);
    if (m.body) current.set(reactor, { emoji: m.body, fromMe: m.fromMe, participant });
    byTarget.set(target, current);
  }
  const shown = new Map<number, ShownReaction[]>();
  for (const [target, current] of byTarget) {
    const list = [...current.values()].sort((a, b) => Number(b.fromMe) - Number(a.fromMe));
    if (list.length > 0) shown.set(target, list);
  }
  return shown;
}

/** Whether two lists of shown reactions show the same (a bubble need not render again). */
export function sameReactions(a: readonly ShownReaction[], b: readonly ShownReaction[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (r, i) => r.emoji === b[i]?.emoji && r.fromMe === b[i]?.fromMe && r.participant === b[i]?.participant,
    )
  );
}

export type MessageItem =
  | { kind: 'day'; key: string; date: string }
  | { kind: 'message'; key: string; message: MessageDto };

/** Messages interleaved with a separator before the first message of each local day. */
export function withDaySeparators(messages: MessageDto[]): MessageItem[] {
  const items: MessageItem[] = [];
  let current = '';
  for (const message of messages) {
    const day = dayKey(message.createdAt);
    if (day !== current) {
      current = day;
      items.push({ kind: 'day', key: `day-${day}`, date: message.createdAt });
    }
    items.push({ kind: 'message', key: `m-${message.id}`, message });
  }
  return items;
}

/** Ack icons (spec part 1 §3): 0 clock, 1 sent, 2 delivered, 3 and 4 read. */
export type AckState = 'pending' | 'sent' | 'delivered' | 'read';
export function ackState(ack: number): AckState {
  if (ack >= 3) return 'read';
  if (ack === 2) return 'delivered';
  if (ack === 1) return 'sent';
  return 'pending';
}
