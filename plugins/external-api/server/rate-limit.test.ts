import { describe, expect, it } from 'vitest';
import { readRateLimit } from './rate-limit.js';

describe('readRateLimit', () => {
  it('reads count/seconds, defaults to 60 a minute, refuses nonsense', () => {
    expect(readRateLimit({})).toEqual({ count: 60, seconds: 60 });
    expect(readRateLimit({ EXTERNAL_API_RATE: '5/1' })).toEqual({ count: 5, seconds: 1 });
    expect(() => readRateLimit({ EXTERNAL_API_RATE: '0/60' })).toThrow(/EXTERNAL_API_RATE/);
    expect(() => readRateLimit({ EXTERNAL_API_RATE: 'lots' })).toThrow(/EXTERNAL_API_RATE/);
  });
});
