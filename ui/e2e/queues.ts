import { test as base, expect } from '@playwright/test';
import { adminToken } from './attendance';

/** Queue colours must be unique in the company (ERR_QUEUE_COLOR_ALREADY_EXISTS), also across repeated runs. */
export const randomColor = () =>
  `#${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, '0')}`;

export interface Queue {
  id: number;
  name: string;
}

/**
 * `createQueue` makes a queue through the API and deletes it after the test: while the company has any queue, an
 * admin's Accept asks for one, and the specs that run later accept queue-less tickets in one click.
 */
export const test = base.extend<{ createQueue(name: string): Promise<Queue> }>({
  createQueue: async ({ request }, use) => {
    const auth = { authorization: `Bearer ${await adminToken(request)}` };
    const made: number[] = [];
    await use(async (name) => {
      const res = await request.post('/api/queue', { headers: auth, data: { name, color: randomColor() } });
      expect(res.status()).toBe(201);
      const queue = (await res.json()) as Queue;
      made.push(queue.id);
      return queue;
    });
    for (const id of made)
      expect((await request.delete(`/api/queue/${id}`, { headers: auth })).status()).toBe(204);
  },
});
