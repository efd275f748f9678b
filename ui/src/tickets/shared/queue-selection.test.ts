import { describe, expect, it } from 'vitest';
import { listQueueIds, messageQueueIds } from './queue-selection';

const queue = (id: number) => ({ id, name: `Fila ${id}`, color: '#000000' });

describe('listQueueIds', () => {
  it("keeps an admin's stored choice and drops the queues an attendant has left", () => {
    expect(listQueueIds({ profile: 'admin', queues: [] }, [1, 2])).toEqual([1, 2]);
    expect(listQueueIds({ profile: 'user', queues: [queue(2), queue(3)] }, [1, 2, 3])).toEqual([2, 3]);
    expect(listQueueIds({ profile: 'user', queues: [] }, [1])).toEqual([]);
  });
});

describe('messageQueueIds (GET /messages selectedQueues)', () => {
  it('sends no queue when the list has no selection, so every message loads', () => {
    expect(messageQueueIds([], 4)).toEqual([]);
    expect(messageQueueIds([], null)).toEqual([]);
  });

  it("sends the list's selection, with the ticket's own queue added when it is not in it", () => {
    expect(messageQueueIds([1, 2], 2)).toEqual([1, 2]);
    expect(messageQueueIds([1, 2], null)).toEqual([1, 2]);
    expect(messageQueueIds([1, 2], 3)).toEqual([1, 2, 3]);
  });
});
