import { describe, expect, it } from 'vitest';
import { type DutyDay, defaultDays, dutyInputSchema, onCallAt } from './duty.js';

/** The seven days, Monday's hours set (or more days by index). */
const days = (...hours: [number, string, string][]): DutyDay[] => {
  const all = defaultDays();
  for (const [i, startTime, endTime] of hours) all[i] = { ...all[i], startTime, endTime };
  return all;
};

const OK = { userId: 1, phone: '5511999990000', interval: 1, days: days([0, '08:00', '12:00']) };

const problems = (input: Record<string, unknown>) => {
  const parsed = dutyInputSchema.safeParse({ ...OK, ...input });
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the on-call entry rules (spec part 2 §5)', () => {
  it('takes the interval as a whole number of hours, required in the dialog, 1 when a call leaves it out', () => {
    expect(problems({ interval: '3' })).toEqual([]);
    expect(problems({ interval: '' })).toEqual(['interval: Required']);
    expect(problems({ interval: null })).toEqual(['interval: Required']);
    expect(problems({ interval: 'dois' })).toEqual(['interval: Invalid interval']);
    expect(problems({ interval: 2.5 })).toEqual(['interval: Invalid interval']);
    expect(problems({ interval: 25 })).toEqual(['interval: Invalid interval']);
    const { interval: _, ...without } = OK;
    expect(dutyInputSchema.parse(without).interval).toBe(1);
  });

  it('needs both times of a day with either, at least one such day, times as ##:##', () => {
    expect(problems({ days: days([2, '', '18:00']) })).toEqual([
      'days.2.startTime: Required',
      'days: Pelo menos um dia da semana deve ter o horário de início e fim preenchido',
    ]);
    expect(problems({ days: days([0, '8:00', '12:00']) })).toEqual(['days.0.startTime: Invalid time']);
    expect(problems({ days: days([0, '08:00', '12:60']) })).toEqual(['days.0.endTime: Invalid time']);
    expect(problems({ days: days() })).toEqual([
      'days: Pelo menos um dia da semana deve ter o horário de início e fim preenchido',
    ]);
  });
});

describe('onCallAt', () => {
  it('covers a day from its start, inclusive, to its end, exclusive', () => {
    const d = days([0, '08:00', '12:00']);
    expect(onCallAt(d, 'monday', '07:59')).toBe(false);
    expect(onCallAt(d, 'monday', '08:00')).toBe(true);
    expect(onCallAt(d, 'monday', '11:59')).toBe(true);
    expect(onCallAt(d, 'monday', '12:00')).toBe(false);
    expect(onCallAt(d, 'tuesday', '09:00')).toBe(false);
  });

  it('runs an end before the start past midnight, into the next day (Sunday into Monday too)', () => {
    const friday = days([4, '22:00', '06:00']);
    expect(onCallAt(friday, 'friday', '23:30')).toBe(true);
    expect(onCallAt(friday, 'saturday', '05:59')).toBe(true);
    expect(onCallAt(friday, 'saturday', '06:00')).toBe(false);
    expect(onCallAt(friday, 'friday', '05:00')).toBe(false);
    const sunday = days([6, '20:00', '02:00']);
    expect(onCallAt(sunday, 'monday', '01:00')).toBe(true);
    expect(onCallAt(sunday, 'unknown-day', '01:00')).toBe(false);
  });
});
