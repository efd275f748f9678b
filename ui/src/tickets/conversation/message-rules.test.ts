import type { MessageDto } from '@balcao/sdk';
import { describe, expect, it } from 'vitest';
import {
  ackState,
  currentReactions,
  laterMessage,
  newestPageArrived,
  newestPageLanded,
  prependOlder,
  removeMessage,
  upsertMessage,
  withDaySeparators,
} from './message-rules';

const msg = (id: number, at: Date, extra: Partial<MessageDto> = {}): MessageDto => ({
  id,
  ticketId: 1,
  body: `m${id}`,
  fromMe: false,
  read: true,
  ack: 0,
  mediaType: 'chat',
  mediaUrl: null,
  quotedMsg: null,
  isDeleted: false,
  isEdited: false,
  isForwarded: false,
  isPrivate: false,
  queueId: null,
  userId: null,
  deliveryError: null,
  participant: null,
  contact: null,
  createdAt: at.toISOString(),
  ...extra,
});

const d = (day: number, hour: number) => new Date(2026, 5, day, hour);

describe('removeMessage (a channel echo that was one of Balcão’s own messages)', () => {
  const d = (h: number) => new Date(2026, 0, 1, h);
  it('takes the echo out of the list; what quoted it points at the message kept', () => {
    const mine = msg(10, d(9), { fromMe: true, ack: 1 });
    const echo = msg(11, d(9), { fromMe: true });
    const reply = msg(12, d(10), { quotedMsg: { id: 11, body: 'm11', fromMe: true, mediaType: 'chat' } });
    const list = removeMessage([mine, echo, reply], 11, 10);
    expect(list.map((m) => m.id)).toEqual([10, 12]);
    expect(list[1].quotedMsg?.id).toBe(10);
    expect(removeMessage(list, 99, 10)).toEqual(list);
  });
});

describe('newestPageArrived (messages heard while the newest page loads)', () => {
  const ids = (list: MessageDto[]) => list.map((m) => m.id);

  it('keeps a message that arrived live while the first page was on its way (the page was read before it)', () => {
    const live = msg(3, d(2, 12));
    expect(ids(newestPageArrived([live], [msg(1, d(2, 10)), msg(2, d(2, 11))], [live]))).toEqual([1, 2, 3]);
  });

  it('shows a message heard and also in the page once', () => {
    const page = [msg(1, d(2, 10)), msg(2, d(2, 11))];
    const next = newestPageArrived([msg(2, d(2, 11))], page, [msg(2, d(2, 11))]);
    expect(ids(next)).toEqual([1, 2]);
  });

  it('does not let the page undo a change heard meanwhile (a delete; acks only move forward)', () => {
    const page = [msg(1, d(2, 10)), msg(2, d(2, 11), { fromMe: true, ack: 1 })];
    const heard = [msg(1, d(2, 10), { isDeleted: true }), msg(2, d(2, 11), { fromMe: true, ack: 3 })];
    const next = newestPageArrived(heard, page, heard);
    expect(next.map((m) => [m.id, m.isDeleted, m.ack])).toEqual([
      [1, true, 0],
      [2, false, 3],
    ]);
  });

  it('after a reconnect, merges the page into the older pages shown (the page wins over what was shown)', () => {
    const shown = [msg(1, d(1, 9)), msg(2, d(1, 10)), msg(3, d(2, 10))];
    const page = [msg(3, d(2, 10), { isEdited: true, body: 'editada' }), msg(4, d(2, 11))];
    const next = newestPageArrived(shown, page, [msg(5, d(2, 12))]);
    expect(ids(next)).toEqual([1, 2, 3, 4, 5]);
    expect(next[2]?.body).toBe('editada');
  });
});

describe('newestPageLanded (the newest page read again after a reconnect leaves no hole)', () => {
  const ids = (list: MessageDto[]) => list.map((m) => m.id);
  /** Messages `from`..`to`, one a minute on day 3. */
  const run = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => msg(from + i, new Date(2026, 5, 3, 8, from + i)));
  /** Three pages of 20 shown, the newest of them settled (nothing missing up to it). */
  const shown = run(1, 60);
  const settled = shown[59];

  it('joins a page that reaches back to what was settled, keeping the older pages shown', () => {
    const landed = newestPageLanded({ messages: run(46, 65), hasMore: true }, [], settled);
    expect(landed.gap).toBe(false);
    expect(ids(landed.show(shown))).toEqual(ids(run(1, 65)));
    expect(landed.settled?.id).toBe(65);
  });

  it('drops what was shown when more than a page came meanwhile, instead of keeping a hole before the page', () => {
    const landed = newestPageLanded({ messages: run(86, 105), hasMore: true }, [msg(106, d(4, 9))], settled);
    expect(landed.gap).toBe(true);
    // 61..85 were never read: the list starts at the page; scrolling up reads pages 2, 3… again.
    expect(ids(landed.show(shown))).toEqual([...ids(run(86, 105)), 106]);
    expect(landed.settled?.id).toBe(105);
  });

  it('is not fooled by a message sent from here while the socket was down (shown, but not settled)', () => {
    const sentDuringTheGap = run(86, 86)[0];
    const landed = newestPageLanded({ messages: run(86, 105), hasMore: true }, [], settled);
    expect(landed.gap).toBe(true);
    expect(ids(landed.show([...shown, sentDuringTheGap]))).toEqual(ids(run(86, 105)));
  });

  it('leaves no hole when the whole conversation fits in the page', () => {
    const landed = newestPageLanded({ messages: run(1, 20), hasMore: false }, [], null);
    expect(landed.gap).toBe(false);
    expect(ids(landed.show([msg(7, new Date(2026, 5, 3, 8, 7))]))).toEqual(ids(run(1, 20)));
  });

  it('a first page (nothing settled yet) is shown as it is, with what was heard meanwhile', () => {
    const landed = newestPageLanded({ messages: run(41, 60), hasMore: true }, [msg(61, d(4, 9))], null);
    expect(ids(landed.show([msg(61, d(4, 9))]))).toEqual([...ids(run(41, 60)), 61]);
    expect(landed.settled?.id).toBe(60);
  });

  it('settles on the later of two messages in the conversation order', () => {
    expect(laterMessage(settled, shown[10])?.id).toBe(60);
    expect(laterMessage(null, settled)?.id).toBe(60);
    expect(laterMessage(null, null)).toBeNull();
  });
});

describe('message list rules', () => {
  it('prepends an older page without duplicates', () => {
    const loaded = [msg(3, d(2, 10)), msg(4, d(2, 11))];
    const older = [msg(1, d(1, 9)), msg(2, d(1, 10)), msg(3, d(2, 10))];
    expect(prependOlder(loaded, older).map((m) => m.id)).toEqual([1, 2, 3, 4]);
  });

  it('appends a new message, ignores a repeat and applies updates in place', () => {
    let list = [msg(1, d(1, 9))];
    list = upsertMessage(list, msg(2, d(1, 10)));
    list = upsertMessage(list, msg(2, d(1, 10)));
    expect(list.map((m) => m.id)).toEqual([1, 2]);
    list = upsertMessage(list, msg(1, d(1, 9), { isDeleted: true }));
    expect(list[0].isDeleted).toBe(true);
    expect(upsertMessage(list, msg(0, d(1, 8))).map((m) => m.id)).toEqual([0, 1, 2]);
  });

  it('never moves an ack back: a late send answer keeps the delivered state', () => {
    const delivered = upsertMessage([msg(1, d(1, 9), { ack: 0 })], msg(1, d(1, 9), { ack: 2 }));
    expect(upsertMessage(delivered, msg(1, d(1, 9), { ack: 0 }))[0].ack).toBe(2);
  });

  it('puts a day separator before the first message of each day', () => {
    const items = withDaySeparators([msg(1, d(1, 9)), msg(2, d(1, 18)), msg(3, d(2, 8))]);
    expect(items.map((i) => i.kind)).toEqual(['day', 'message', 'message', 'day', 'message']);
  });

  it('maps acks 0..4 to clock, sent, delivered and read', () => {
    expect([0, 1, 2, 3, 4].map(ackState)).toEqual(['pending', 'sent', 'delivered', 'read', 'read']);
  });
});

describe('currentReactions', () => {
  const at = (id: number, fields: Partial<MessageDto>): MessageDto =>
    ({
      id,
      body: '',
      fromMe: false,
      mediaType: 'chat',
      isDeleted: false,
      quotedMsg: null,
      participant: null,
      createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0, id)).toISOString(),
      ...fields,
    }) as MessageDto;
  const reaction = (
    id: number,
    target: number,
    body: string,
    fromMe = true,
    participant: string | null = null,
  ) =>
    at(id, {
      fromMe,
      body,
      participant,
      mediaType: 'reactionMessage',
      quotedMsg: { id: target } as MessageDto['quotedMsg'],
    });
  const mine = (emoji: string) => ({ emoji, fromMe: true, participant: null });
  const theirs = (emoji: string, participant: string | null = null) => ({
    emoji,
    fromMe: false,
    participant,
  });

  it('one reaction per reactor on each message, the latest winning; taking one off leaves the others', () => {
    const list = [
      at(1, { body: 'Oi' }),
      at(2, { body: 'Tudo bem?', fromMe: true }),
      reaction(3, 1, '👍'),
      reaction(4, 1, '❤️'),
      reaction(5, 2, '😂'),
      reaction(6, 2, ''),
      reaction(7, 2, '😮', false),
      reaction(8, 1, '🙏', false),
      reaction(9, 1, '', false),
      reaction(10, 1, '😢', false),
    ];
    const expected = [
      [1, [mine('❤️'), theirs('😢')]],
      [2, [theirs('😮')]],
    ];
    expect([...currentReactions(list)].sort((a, b) => a[0] - b[0])).toEqual(expected);
    // Order of arrival does not matter, time does.
    expect([...currentReactions([...list].reverse())].sort((a, b) => a[0] - b[0])).toEqual(expected);
  });

  it('the contact taking theirs off leaves no reaction; in a group each participant has their own', () => {
    const list = [
      at(1, { body: 'Promoção!', fromMe: true }),
      reaction(2, 1, '👍', false, '5511911110001'),
      reaction(3, 1, '❤️', false, '5511911110002'),
      reaction(4, 1, '', false, '5511911110001'),
      at(5, { body: 'Obrigado', fromMe: true }),
      reaction(6, 5, '👍', false),
      reaction(7, 5, '', false),
    ];
    expect([...currentReactions(list)]).toEqual([[1, [theirs('❤️', '5511911110002')]]]);
  });

  it('a deleted reaction or one that names no message shows nowhere', () => {
    const list = [
      at(1, { body: 'Oi' }),
      at(2, {
        fromMe: true,
        body: '👍',
        mediaType: 'reactionMessage',
        isDeleted: true,
        quotedMsg: { id: 1 } as MessageDto['quotedMsg'],
      }),
      at(3, { body: '❤️', mediaType: 'reactionMessage' }),
    ];
    expect(currentReactions(list).size).toBe(0);
  });
});
