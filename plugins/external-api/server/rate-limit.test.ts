import { describe, expect, it } from 'vitest';
import { readRateLimit, TokenRateLimiter } from './rate-limit.js';

describe('TokenRateLimiter', () => {
  it('lets `count` calls through per window and per token, then answers the seconds left', () => {
    let now = 0;
    const limiter = new TokenRateLimiter({ count: 2, seconds: 10 }, () => now);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('b')]).toEqual([0, 0, 0]);
    now = 2500;
    expect(limiter.take('a')).toBe(8);
    now = 10_000;
    expect(limiter.take('a')).toBe(0);
  });
});

describe('readRateLimit', () => {
  it('reads count/seconds, defaults to 60 a minute, refuses nonsense', () => {
    expect(readRateLimit({})).toEqual({ count: 60, seconds: 60 });
    expect(readRateLimit({ EXTERNAL_API_RATE: '5/1' })).toEqual({ count: 5, seconds: 1 });
    expect(() => readRateLimit({ EXTERNAL_API_RATE: '0/60' })).toThrow(/EXTERNAL_API_RATE/);
    expect(() => readRateLimit({ EXTERNAL_API_RATE: 'lots' })).toThrow(/EXTERNAL_API_RATE/);
  });
});
