import { describe, expect, it } from 'vitest';
import { defaultWeeklySchedule, scheduleRowSchema, WEEKDAYS_EN, weeklyScheduleSchema } from './schedules.js';

const monday = defaultWeeklySchedule()[0]!;
const issueOf = (row: object) => scheduleRowSchema.safeParse({ ...monday, ...row }).error?.issues[0];

describe('weekly schedules (spec part 1 §3 "Weekly schedule row")', () => {
  it('defaults to every day 08:00–12:00 and 13:00–18:00, Monday first', () => {
    const week = defaultWeeklySchedule();
    expect(week.map((r) => r.weekdayEn)).toEqual([...WEEKDAYS_EN]);
    expect(week[0]).toEqual({
      weekday: 'Segunda-feira',
      weekdayEn: 'monday',
      startTimeA: '08:00',
      endTimeA: '12:00',
      startTimeB: '13:00',
      endTimeB: '18:00',
    });
    expect(weeklyScheduleSchema.safeParse(week).success).toBe(true);
  });

  it('takes HH:MM times only, and an empty period as closed', () => {
    expect(issueOf({ startTimeA: '8:00' })?.message).toBe('Invalid time');
    expect(issueOf({ endTimeB: '24:00' })?.message).toBe('Invalid time');
    expect(issueOf({ startTimeB: '', endTimeB: '' })).toBeUndefined();
    expect(issueOf({ startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' })).toBeUndefined();
  });

  it('refuses a period with one end only, one that ends before it starts, and a second period inside the first', () => {
    expect(issueOf({ endTimeA: '' })).toMatchObject({ path: ['endTimeA'], message: 'Required' });
    expect(issueOf({ startTimeB: '' })).toMatchObject({ path: ['startTimeB'], message: 'Required' });
    expect(issueOf({ startTimeA: '12:00', endTimeA: '08:00' })).toMatchObject({
      path: ['endTimeA'],
      message: 'Ends before it starts',
    });
    expect(issueOf({ startTimeB: '11:00' })).toMatchObject({
      path: ['startTimeB'],
      message: 'Starts before the first period ends',
    });
  });

  it('needs the seven weekdays in order', () => {
    const week = defaultWeeklySchedule();
    expect(weeklyScheduleSchema.safeParse(week.slice(0, 6)).success).toBe(false);
    expect(weeklyScheduleSchema.safeParse([week[1], week[0], ...week.slice(2)]).success).toBe(false);
    expect(weeklyScheduleSchema.safeParse(week.map((r) => ({ ...r, weekdayEn: 'monday' }))).success).toBe(
      false,
    );
  });
});
