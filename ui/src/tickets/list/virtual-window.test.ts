import { describe, expect, it } from 'vitest';
import { isNearBottom, virtualWindow } from './virtual-window';

describe('virtualWindow', () => {
  it('renders only the visible rows plus the overscan at the top of the list', () => {
    const w = virtualWindow({ scrollTop: 0, viewportHeight: 400, rowHeight: 80, count: 1000, overscan: 2 });
    expect(w).toEqual({ start: 0, end: 8, offset: 0, totalHeight: 80_000 });
  });

  it('shifts the window and its offset as the list scrolls', () => {
    const w = virtualWindow({
      scrollTop: 8000,
      viewportHeight: 400,
      rowHeight: 80,
      count: 1000,
      overscan: 2,
    });
    expect(w.start).toBe(98);
    expect(w.end).toBe(108);
    expect(w.offset).toBe(98 * 80);
  });

  it('keeps the DOM small for 100,000 rows at any position', () => {
    const w = virtualWindow({
      scrollTop: 5_000_000,
      viewportHeight: 900,
      rowHeight: 84,
      count: 100_000,
    });
    expect(w.end - w.start).toBeLessThan(25);
    expect(w.totalHeight).toBe(8_400_000);
  });

  it('clamps past the end and handles short and empty lists', () => {
    const end = virtualWindow({
      scrollTop: 99_999,
      viewportHeight: 400,
      rowHeight: 80,
      count: 10,
      overscan: 1,
    });
    expect(end.end).toBe(10);
    expect(end.start).toBeGreaterThanOrEqual(0);
    expect(virtualWindow({ scrollTop: 0, viewportHeight: 400, rowHeight: 80, count: 3 })).toMatchObject({
      start: 0,
      end: 3,
    });
    expect(virtualWindow({ scrollTop: 0, viewportHeight: 400, rowHeight: 80, count: 0 })).toEqual({
      start: 0,
      end: 0,
      offset: 0,
      totalHeight: 0,
    });
  });
});

describe('isNearBottom', () => {
  it('is true within 100 px of the bottom', () => {
    expect(isNearBottom({ scrollTop: 901, clientHeight: 1000, scrollHeight: 2000 })).toBe(true);
    expect(isNearBottom({ scrollTop: 900, clientHeight: 1000, scrollHeight: 2000 })).toBe(false);
  });
});
