import { describe, expect, it } from 'vitest';
import { FRAME_OVERDRAFT, FrameBudgets, TokenBucket, worse } from './frame-budget.js';

const rule = { perSecond: 10, burst: 5 };

describe('TokenBucket', () => {
  it('lets a burst through, warns once at the first frame past it, then drops and finally closes', () => {
    const bucket = new TokenBucket(rule, 0);
    const spends = Array.from({ length: 5 + FRAME_OVERDRAFT }, () => bucket.spend(0));
    expect(spends.slice(0, 5)).toEqual(Array(5).fill('ok'));
    expect(spends[5]).toBe('warn');
    expect(spends.slice(6, 5 + FRAME_OVERDRAFT - 1)).toEqual(Array(FRAME_OVERDRAFT - 2).fill('drop'));
    expect(spends.at(-1)).toBe('close');
  });

  it('refills at its rate, so a client that slows down after a warning goes on', () => {
    const bucket = new TokenBucket(rule, 0);
    for (let i = 0; i < 6; i++) bucket.spend(0);
    // 1 s later: 10 tokens back, capped at the burst of 5 (from -1).
    expect(bucket.spend(1000)).toBe('ok');
    expect(bucket.full(2000)).toBe(true);
    // Warned again only after it was within its budget once more.
    for (let i = 0; i < 5; i++) bucket.spend(2000);
    expect(bucket.spend(2000)).toBe('warn');
  });

  it('a frame passes only when every budget lets it', () => {
    expect(worse('ok', 'warn')).toBe('warn');
    expect(worse('close', 'drop')).toBe('close');
    expect(worse('ok', 'ok')).toBe('ok');
  });
});

describe('FrameBudgets', () => {
  it("counts a user's sockets against one shared budget, and each guest socket alone", () => {
    const budgets = new FrameBudgets({ perSecond: 1, burst: 10 }, { perSecond: 1, burst: 15 });
    const [a, b] = [budgets.forSocket(0), budgets.forSocket(0)];
    const spent = [
      ...Array.from({ length: 10 }, () => budgets.spend(a, 7, 0)),
      ...Array.from({ length: 5 }, () => budgets.spend(b, 7, 0)),
    ];
    expect(spent).toEqual(Array(15).fill('ok'));
    // b is within its own 10, but user 7's 15 are spent.
    expect(budgets.spend(b, 7, 0)).toBe('warn');
    const guests = [budgets.forSocket(0), budgets.forSocket(0)];
    for (const g of guests)
      expect(Array.from({ length: 10 }, () => budgets.spend(g, null, 0))).toEqual(Array(10).fill('ok'));
  });

  it('forgets a user once their budget refilled', () => {
    const budgets = new FrameBudgets({ perSecond: 1, burst: 10 }, { perSecond: 1, burst: 2 });
    const a = budgets.forSocket(0);
    budgets.spend(a, 7, 0);
    budgets.spend(a, 7, 0);
    budgets.prune(500);
    expect(budgets.spend(a, 7, 500)).toBe('warn');
    budgets.prune(10_000);
    // A new budget: whole again.
    expect(budgets.spend(budgets.forSocket(10_000), 7, 10_000)).toBe('ok');
  });
});
