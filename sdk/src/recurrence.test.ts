import { describe, expect, it } from 'vitest';
import { nextOccurrence, occurrenceAt } from './recurrence.js';

const at = (iso: string) => new Date(iso);

describe('recurrence', () => {
  it('moves a day, a week or a month on, keeping the hour', () => {
    const start = at('2026-03-10T12:30:00Z');
    const next = (r: 'daily' | 'weekly' | 'monthly' | 'none') =>
      nextOccurrence(start, r, 0, null, start)?.at.toISOString();
    expect(next('daily')).toBe('2026-03-11T12:30:00.000Z');
    expect(next('weekly')).toBe('2026-03-17T12:30:00.000Z');
    expect(next('monthly')).toBe('2026-04-10T12:30:00.000Z');
    expect(next('none')).toBeUndefined();
  });

  it('keeps the 31st on the last day of shorter months, and returns to it', () => {
    const start = at('2026-01-31T09:00:00Z');
    expect(occurrenceAt(start, 'monthly', 1).toISOString()).toBe('2026-02-28T09:00:00.000Z');
    const feb = nextOccurrence(start, 'monthly', 0, null, start);
    expect(feb).toEqual({ at: at('2026-02-28T09:00:00Z'), occurrence: 1 });
    expect(nextOccurrence(start, 'monthly', 1, null, start)?.at.toISOString()).toBe(
      '2026-03-31T09:00:00.000Z',
    );
    expect(occurrenceAt(start, 'monthly', 12).toISOString()).toBe('2027-01-31T09:00:00.000Z');
  });

  it('stops after the end', () => {
    const start = at('2026-03-10T12:00:00Z');
    const end = at('2026-03-13T12:00:00Z');
    expect(nextOccurrence(start, 'daily', 2, end, start)?.at).toEqual(end);
    expect(nextOccurrence(start, 'daily', 3, end, start)).toBeNull();
  });

  it('skips occurrences already past (a worker down for days sends once)', () => {
    const start = at('2026-03-10T12:00:00Z');
    expect(nextOccurrence(start, 'daily', 0, null, at('2026-03-15T13:00:00Z'))).toEqual({
      at: at('2026-03-16T12:00:00Z'),
      occurrence: 6,
    });
  });

  it("counts months on the company's calendar: 23:00 on the 30th in São Paulo is the 31st in UTC", () => {
    // Jan 30 23:00 in São Paulo: the next is Feb 28 23:00 there (not Feb 27, as a month on in UTC would be).
    const start = at('2026-01-30T23:00:00-03:00');
    expect(occurrenceAt(start, 'monthly', 1).toISOString()).toBe('2026-03-01T02:00:00.000Z');
    expect(occurrenceAt(start, 'monthly', 2).toISOString()).toBe('2026-03-31T02:00:00.000Z');
  });

  it('goes on the last day of each shorter month after the 31st, the 29th of a leap February included', () => {
    const start = at('2027-12-31T10:00:00-03:00');
    const months = [1, 2, 3, 4, 5].map((n) => occurrenceAt(start, 'monthly', n).toISOString());
    expect(months).toEqual([
      '2028-01-31T13:00:00.000Z',
      '2028-02-29T13:00:00.000Z',
      '2028-03-31T13:00:00.000Z',
      '2028-04-30T13:00:00.000Z',
      '2028-05-31T13:00:00.000Z',
    ]);
  });
});

describe('recurrence across a daylight-saving change keeps the wall-clock time', () => {
  const iso = (d: Date | undefined) => d?.toISOString();

  it('New York, clocks forward (Mar 8 2026) and back (Nov 1 2026): 09:00 stays 09:00', () => {
    const ny = 'America/New_York';
    const spring = at('2026-03-07T09:00:00-05:00');
    expect(iso(occurrenceAt(spring, 'daily', 1, ny))).toBe('2026-03-08T13:00:00.000Z'); // 09:00 EDT
    expect(iso(occurrenceAt(spring, 'weekly', 1, ny))).toBe('2026-03-14T13:00:00.000Z');
    expect(iso(nextOccurrence(spring, 'daily', 0, null, spring, ny)?.at)).toBe('2026-03-08T13:00:00.000Z');
    const autumn = at('2026-10-31T09:00:00-04:00');
    expect(iso(occurrenceAt(autumn, 'daily', 1, ny))).toBe('2026-11-01T14:00:00.000Z'); // 09:00 EST
    expect(iso(occurrenceAt(autumn, 'weekly', 1, ny))).toBe('2026-11-07T14:00:00.000Z');
  });

  it('Lisbon, monthly across the change of Mar 29 2026: 10:00 every month', () => {
    const start = at('2026-01-31T10:00:00Z'); // WET = UTC in winter
    const lisbon = (n: number) => occurrenceAt(start, 'monthly', n, 'Europe/Lisbon').toISOString();
    expect([1, 2, 3, 8, 9, 10].map(lisbon)).toEqual([
      '2026-02-28T10:00:00.000Z',
      '2026-03-31T09:00:00.000Z', // 10:00 WEST (UTC+1)
      '2026-04-30T09:00:00.000Z',
      '2026-09-30T09:00:00.000Z',
      '2026-10-31T10:00:00.000Z', // back to WET on Oct 25
      '2026-11-30T10:00:00.000Z',
    ]);
  });

  it('São Paulo when it still had summer time (Nov 4 2018): 07:00 stays 07:00', () => {
    const start = at('2018-11-03T07:00:00-03:00');
    expect(iso(occurrenceAt(start, 'daily', 1))).toBe('2018-11-04T09:00:00.000Z'); // 07:00 at −02
    expect(iso(occurrenceAt(start, 'weekly', 1))).toBe('2018-11-10T09:00:00.000Z');
  });

  it('a time the clocks skip goes an hour on that day only; a time read twice is its first reading', () => {
    // São Paulo's clocks went from 00:00 to 01:00 on Nov 4 2018: a midnight schedule sent at 01:00 that day.
    const midnight = at('2018-11-03T00:00:00-03:00');
    expect(iso(occurrenceAt(midnight, 'daily', 1))).toBe('2018-11-04T03:00:00.000Z'); // 01:00 at −02
    expect(iso(occurrenceAt(midnight, 'daily', 2))).toBe('2018-11-05T02:00:00.000Z'); // 00:00 at −02
    // New York reads 01:30 twice on Nov 1 2026: the first (EDT).
    const ny = 'America/New_York';
    const early = at('2026-10-31T01:30:00-04:00');
    expect(iso(occurrenceAt(early, 'daily', 1, ny))).toBe('2026-11-01T05:30:00.000Z');
    // 02:30 does not exist on Mar 8 2026 in New York: 03:30 EDT, then 02:30 again the day after.
    const skipped = at('2026-03-07T02:30:00-05:00');
    expect(iso(occurrenceAt(skipped, 'daily', 1, ny))).toBe('2026-03-08T07:30:00.000Z');
    expect(iso(occurrenceAt(skipped, 'daily', 2, ny))).toBe('2026-03-09T06:30:00.000Z');
  });
});

describe('weekly on chosen days', () => {
  // 2026-03-09 is a Monday; 12:00 in São Paulo is 15:00 UTC.
  const monday = at('2026-03-09T12:00:00-03:00');
  const days = (weekdays: number[], count: number, start = monday) =>
    Array.from({ length: count }, (_, i) =>
      occurrenceAt(start, { kind: 'weekly', weekdays }, i + 1)
        .toISOString()
        .slice(0, 10),
    );

  it('goes on each chosen day after the start, week after week', () => {
    // Wednesdays and Fridays: the start (a Monday) is the first; then Wed, Fri, Wed, Fri…
    expect(days([3, 5], 4)).toEqual(['2026-03-11', '2026-03-13', '2026-03-18', '2026-03-20']);
    // Monday included: a week on from the start, and the order of the days given does not matter.
    expect(days([1, 0], 3)).toEqual(['2026-03-15', '2026-03-16', '2026-03-22']);
  });

  it('without chosen days (or with none valid) is once a week on the start weekday, as plain weekly', () => {
    expect(days([], 2)).toEqual(['2026-03-16', '2026-03-23']);
    expect(days([9, -1], 1)).toEqual(['2026-03-16']);
    expect(occurrenceAt(monday, 'weekly', 2)).toEqual(occurrenceAt(monday, { kind: 'weekly' }, 2));
  });

  it("counts weekdays on the company's calendar, not UTC's", () => {
    // Sunday 22:00 in São Paulo is Monday 01:00 UTC: its next Monday is the next day there.
    const sunday = at('2026-03-08T22:00:00-03:00');
    expect(occurrenceAt(sunday, { kind: 'weekly', weekdays: [1] }, 1).toISOString()).toBe(
      '2026-03-10T01:00:00.000Z',
    );
  });

  it('skips the chosen days already past, as the other kinds do', () => {
    const next = nextOccurrence(
      monday,
      { kind: 'weekly', weekdays: [3, 5] },
      0,
      null,
      at('2026-03-14T00:00:00Z'),
    );
    expect(next).toEqual({ at: at('2026-03-18T12:00:00-03:00'), occurrence: 3 });
  });
});
