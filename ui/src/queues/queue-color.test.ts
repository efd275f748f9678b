import { describe, expect, it } from 'vitest';
import { defaultQueueColor, QUEUE_PALETTE } from './queues-api';

const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
const apart = (a: string, b: string) => {
  const [x, y] = [rgb(a), rgb(b)];
  return Math.hypot(x[0]! - y[0]!, x[1]! - y[1]!, x[2]! - y[2]!);
};

describe('a new queue’s default colour', () => {
  it('is the palette’s first when the company has no queue', () => {
    expect(defaultQueueColor([])).toBe(QUEUE_PALETTE[0]);
  });

  it('keeps the first queues far apart: never a near twin of a colour in use', () => {
    const used: string[] = [];
    for (let i = 0; i < 4; i++) used.push(defaultQueueColor(used));
    expect(new Set(used).size).toBe(4);
    // The four reds the palette starts with are within 60 of each other; the defaults are far more apart.
    for (const [i, a] of used.entries())
      for (const b of used.slice(i + 1)) expect(apart(a, b), `${a} ~ ${b}`).toBeGreaterThan(100);
  });

  it('never offers a colour in use (in any case), and falls back to the first when all are taken', () => {
    expect(defaultQueueColor(['#B71C1C'])).not.toBe('#b71c1c');
    expect(defaultQueueColor([...QUEUE_PALETTE])).toBe(QUEUE_PALETTE[0]);
  });
});
