import { defaultWeeklySchedule, type ScheduleRow } from '@balcao/sdk';
import { describe, expect, it } from 'vitest';
import { isOpenAt, nextLocalDay, nextOpeningAt } from './working-hours.js';

// 2026-11-23 is a Monday; São Paulo is UTC-3 all year.
const at = (localMonday: string) => new Date(`2026-11-23T${localMonday}-03:00`);

describe('isOpenAt (working hours of a weekly schedule)', () => {
  const week = defaultWeeklySchedule(); // every day 08:00-12:00 and 13:00-18:00

  it('is open inside either period, both ends included to the minute', () => {
    expect(isOpenAt(week, at('08:00:00'))).toBe(true);
    expect(isOpenAt(week, at('12:00:59'))).toBe(true);
    expect(isOpenAt(week, at('13:30:00'))).toBe(true);
    expect(isOpenAt(week, at('18:00:30'))).toBe(true);
  });

  it('is closed before, between and after the periods', () => {
    expect(isOpenAt(week, at('07:59:59'))).toBe(false);
    expect(isOpenAt(week, at('12:01:00'))).toBe(false);
    expect(isOpenAt(week, at('18:01:00'))).toBe(false);
    expect(isOpenAt(week, at('23:30:00'))).toBe(false);
  });

  it("reads today's row on the company's calendar, not the server's", () => {
    const sundayClosed: ScheduleRow[] = week.map((r) =>
      r.weekdayEn === 'sunday' ? { ...r, startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' } : r,
    );
    // Monday 01:00 UTC is Sunday 22:00 in São Paulo: Sunday's (closed) row applies.
    expect(isOpenAt(sundayClosed, new Date('2026-11-23T01:00:00Z'))).toBe(false);
    // In UTC it is Monday 01:00: Monday's row, before it opens.
    expect(isOpenAt(sundayClosed, new Date('2026-11-23T01:00:00Z'), 'UTC')).toBe(false);
    expect(isOpenAt(sundayClosed, new Date('2026-11-23T09:00:00Z'), 'UTC')).toBe(true);
    expect(isOpenAt(sundayClosed, new Date('2026-11-22T12:00:00Z'))).toBe(false); // Sunday 09:00
  });

  it('a day with only one period is open in it alone', () => {
    const morning = week.map((r) => ({ ...r, startTimeB: '', endTimeB: '' }));
    expect(isOpenAt(morning, at('09:00:00'))).toBe(true);
    expect(isOpenAt(morning, at('14:00:00'))).toBe(false);
  });

  it('no schedule, or no row for today, is open', () => {
    expect(isOpenAt(null, at('03:00:00'))).toBe(true);
    expect(isOpenAt([], at('03:00:00'))).toBe(true);
    expect(
      isOpenAt(
        week.filter((r) => r.weekdayEn !== 'monday'),
        at('03:00:00'),
      ),
    ).toBe(true);
  });
});

describe('nextOpeningAt / nextLocalDay (when a closed schedule opens, the next calendar day)', () => {
  const week = defaultWeeklySchedule(); // every day 08:00-12:00 and 13:00-18:00
  const closedOn = (...days: string[]): ScheduleRow[] =>
    week.map((r) =>
      days.includes(r.weekdayEn) ? { ...r, startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' } : r,
    );

  it('is null while open, and the next period start while closed', () => {
    expect(nextOpeningAt(week, at('09:00:00'))).toBeNull();
    expect(nextOpeningAt(week, at('12:30:00'))).toEqual(at('13:00:00'));
    expect(nextOpeningAt(week, at('07:00:00'))).toEqual(at('08:00:00'));
    expect(nextOpeningAt(week, at('18:01:00'))).toEqual(new Date('2026-11-24T08:00:00-03:00'));
  });

  it('skips closed days on the company calendar, and is null when the week never opens', () => {
    // Friday 2026-11-27 19:00 → Saturday and Sunday closed → Monday 2026-11-30 08:00.
    const friday = new Date('2026-11-27T19:00:00-03:00');
    expect(nextOpeningAt(closedOn('saturday', 'sunday'), friday)).toEqual(
      new Date('2026-11-30T08:00:00-03:00'),
    );
    expect(nextOpeningAt(closedOn(...week.map((r) => r.weekdayEn)), friday)).toBeNull();
  });

  it("gives the company's next midnight", () => {
    // 23:30 Monday in São Paulo is already Tuesday in UTC: the next local midnight is Tuesday 00:00 -03:00.
    expect(nextLocalDay(at('23:30:00'))).toEqual(new Date('2026-11-24T00:00:00-03:00'));
    expect(nextLocalDay(at('00:00:00'))).toEqual(new Date('2026-11-24T00:00:00-03:00'));
  });
});
