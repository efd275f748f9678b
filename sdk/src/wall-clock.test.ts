import { describe, expect, it } from 'vitest';
import { wallClock, weekdayOf } from './wall-clock.js';

describe('wall clock', () => {
  it('reads the clocks of a zone at an instant', () => {
    expect(wallClock(Date.parse('2026-11-23T19:04:05Z'), 'America/Sao_Paulo')).toEqual({
      year: 2026,
      month: 11,
      day: 23,
      hour: 16,
      minute: 4,
      second: 5,
    });
    // Past midnight in UTC, still the evening before in São Paulo.
    expect(wallClock(Date.parse('2026-11-24T01:30:00Z'), 'America/Sao_Paulo').day).toBe(23);
  });

  it('names the weekday of a calendar day, rolling past a month end and a leap day', () => {
    expect(weekdayOf({ year: 2026, month: 11, day: 23 })).toBe('monday');
    expect(weekdayOf({ year: 2026, month: 11, day: 29 })).toBe('sunday');
    expect(weekdayOf({ year: 2026, month: 11, day: 31 })).toBe('tuesday'); // December 1st
    expect(weekdayOf({ year: 2028, month: 2, day: 29 })).toBe('tuesday');
  });
});
