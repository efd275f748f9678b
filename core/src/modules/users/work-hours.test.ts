import { describe, expect, it } from 'vitest';
import { withinWorkHours } from './work-hours.js';

// São Paulo is UTC−3: 13:00Z is 10:00 there.
const at = (hhmm: string) => new Date(`2026-11-23T${hhmm}:00-03:00`);

describe('withinWorkHours', () => {
  it('holds between start and end on the company clock, both ends included to the minute', () => {
    expect(withinWorkHours('08:00', '18:00', new Date('2026-11-23T13:00:00Z'))).toBe(true);
    expect(withinWorkHours('08:00', '18:00', at('07:59'))).toBe(false);
    expect(withinWorkHours('08:00', '18:00', at('08:00'))).toBe(true);
    expect(withinWorkHours('08:00', '18:00', new Date('2026-11-23T18:00:59-03:00'))).toBe(true);
    expect(withinWorkHours('08:00', '18:00', at('18:01'))).toBe(false);
  });

  it('the default 00:00–23:59 always holds; a start after the end crosses midnight; bad fields check nothing', () => {
    expect(withinWorkHours('00:00', '23:59', at('23:59'))).toBe(true);
    expect(withinWorkHours('22:00', '06:00', at('23:30'))).toBe(true);
    expect(withinWorkHours('22:00', '06:00', at('05:00'))).toBe(true);
    expect(withinWorkHours('22:00', '06:00', at('12:00'))).toBe(false);
    expect(withinWorkHours('', '18:00', at('23:00'))).toBe(true);
    expect(withinWorkHours('8h', null, at('23:00'))).toBe(true);
  });
});
