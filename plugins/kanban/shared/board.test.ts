import { describe, expect, it } from 'vitest';
import {
  boardQuerySchema,
  DEFAULT_LANE,
  groupByLane,
  type KanbanCard,
  lanesOf,
  onBoard,
  orderLanes,
} from './board.js';

const card = (id: number, tagIds: number[], updatedAt = '2026-11-29T10:00:00.000Z'): KanbanCard => ({
  id,
  uuid: `u${id}`,
  status: 'open',
  queueId: 1,
  contact: { id, name: `C${id}`, number: '5511' },
  lastMessage: null,
  tagIds,
  updatedAt,
});

describe('lanes of a card', () => {
  it('a card without a kanban tag sits in the default lane; ordinary tags do not place it', () => {
    expect(lanesOf(card(1, []), new Set([7]))).toEqual([DEFAULT_LANE]);
    expect(lanesOf(card(1, [3]), new Set([7]))).toEqual([DEFAULT_LANE]);
    expect(lanesOf(card(1, [3, 7]), new Set([7]))).toEqual([7]);
  });

  it('groups cards per lane, the most recently changed first, with every lane present', () => {
    const lanes = groupByLane(
      [card(1, [7], '2026-11-29T09:00:00.000Z'), card(2, [7], '2026-11-29T11:00:00.000Z'), card(3, [])],
      [7, 8],
    );
    expect([...lanes.keys()]).toEqual([DEFAULT_LANE, 7, 8]);
    expect(lanes.get(7)?.map((c) => c.id)).toEqual([2, 1]);
    expect(lanes.get(8)).toEqual([]);
  });
});

describe('what is on the board', () => {
  it('tickets in progress, in the asked queues', () => {
    expect(onBoard({ status: 'pending', queueId: 1 })).toBe(true);
    expect(onBoard({ status: 'closed', queueId: 1 })).toBe(false);
    expect(onBoard({ status: 'open', queueId: 2 }, [1])).toBe(false);
    expect(onBoard({ status: 'open', queueId: null }, [1])).toBe(false);
  });
});

describe('lane order', () => {
  it('placed lanes first by place, the others after in their given order', () => {
    const tags = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
    expect(
      orderLanes(
        tags,
        new Map([
          [3, 1],
          [1, 2],
        ]),
      ).map((t) => t.id),
    ).toEqual([3, 1, 2, 4]);
  });
});

describe('board query', () => {
  it('reads queueIds as a JSON list; an empty value means every queue', () => {
    expect(boardQuerySchema.parse({ queueIds: '[1,2]' })).toEqual({ queueIds: [1, 2] });
    expect(boardQuerySchema.parse({ queueIds: '' })).toEqual({});
    expect(boardQuerySchema.parse({ teste: 'true' })).toEqual({});
    expect(boardQuerySchema.safeParse({ queueIds: '[0]' }).success).toBe(false);
  });
});
