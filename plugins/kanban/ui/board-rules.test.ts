import type { TicketDto } from '@balcao/sdk';
import { describe, expect, it } from 'vitest';
import type { KanbanCard } from '../shared/board';
import { applyTicketFrame, CARD_SLOT, chipStyle, shiftLane, stepLane, visibleRange } from './board-rules';

const ticket = (id: number, status: string, queueId: number | null = 1) =>
  ({
    id,
    uuid: `u${id}`,
    status,
    queueId,
    contactId: 9,
    contact: { id: 9, name: 'Ana', number: '55119', urlPicture: null, tags: [] },
    lastMessage: 'oi',
    tags: [{ id: 7, name: 'Lane', color: '#000', kanban: 1 }],
    updatedAt: '2026-11-29T10:00:00.000Z',
  }) as unknown as TicketDto;

const card = (id: number): KanbanCard => ({
  id,
  uuid: `u${id}`,
  status: 'pending',
  queueId: 1,
  contact: { id: 9, name: 'Ana', number: '55119' },
  lastMessage: null,
  tagIds: [],
  updatedAt: '2026-11-29T09:00:00.000Z',
});

describe('realtime frames', () => {
  it('an update brings the ticket in with its new lane; a close or a delete takes it off', () => {
    const moved = applyTicketFrame([card(1)], { action: 'update', ticket: ticket(1, 'open') });
    expect(moved).toHaveLength(1);
    expect(moved[0].tagIds).toEqual([7]);
    expect(
      applyTicketFrame([card(1)], { action: 'update', ticket: ticket(2, 'pending') }).map((c) => c.id),
    ).toEqual([1, 2]);
    expect(applyTicketFrame([card(1)], { action: 'update', ticket: ticket(1, 'closed') })).toEqual([]);
    expect(applyTicketFrame([card(1)], { action: 'delete', ticketId: 1 })).toEqual([]);
  });

  it('keeps to the asked queues and ignores frames it does not know', () => {
    expect(applyTicketFrame([], { action: 'update', ticket: ticket(3, 'open', 2) }, [1])).toEqual([]);
    const cards = [card(1)];
    expect(applyTicketFrame(cards, { action: 'presence', ticketId: 1 })).toBe(cards);
    expect(applyTicketFrame(cards, { action: 'updateUnread', ticketId: 1 })).toBe(cards);
  });
});

describe('a lane of thousands renders only what is in view', () => {
  it('renders a window around the scroll position', () => {
    const top = visibleRange(0, 600, 2000);
    expect(top.start).toBe(0);
    expect(top.end).toBeLessThan(12);
    const middle = visibleRange(1000 * CARD_SLOT, 600, 2000);
    expect(middle.start).toBeGreaterThan(990);
    expect(middle.end - middle.start).toBeLessThan(15);
    expect(visibleRange(0, 600, 3)).toEqual({ start: 0, end: 3 });
  });
});

describe('keyboard moves and lane order', () => {
  it('arrows step one lane and stop at the ends', () => {
    expect(stepLane(0, 'ArrowLeft', 3)).toBe(0);
    expect(stepLane(0, 'ArrowRight', 3)).toBe(1);
    expect(stepLane(2, 'ArrowRight', 3)).toBe(2);
  });

  it('a lane moves one place, never past the ends', () => {
    expect(shiftLane([1, 2, 3], 2, -1)).toEqual([2, 1, 3]);
    expect(shiftLane([1, 2, 3], 3, 1)).toEqual([1, 2, 3]);
  });

  it('picks the text colour that reads on the chip', () => {
    expect(chipStyle('#ffeb3b').color).toBe('#000');
    expect(chipStyle('#1565c0').color).toBe('#fff');
  });
});
