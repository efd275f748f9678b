import { describe, expect, it } from 'vitest';
import { dayLabel, formatDay, formatMinutes, formatPercent, formatRating } from './dashboard-format';

const t = (key: string, v?: Record<string, unknown>) =>
  key === 'dashboard.time.minutes' ? `${v?.m} min` : `${v?.h} h ${v?.m} min`;

describe('dashboard figures as people read them', () => {
  it('minutes under an hour, hours and padded minutes above', () => {
    expect(formatMinutes(14.17, t)).toBe('14 min');
    expect(formatMinutes(0, t)).toBe('0 min');
    expect(formatMinutes(65.4, t)).toBe('1 h 05 min');
    expect(formatMinutes(1560, t)).toBe('26 h 00 min');
  });

  it('percentages and ratings in the locale, a dash without ratings', () => {
    expect(formatPercent(42.857, 'pt-BR')).toBe('42,86%');
    expect(formatPercent(50, 'en')).toBe('50%');
    expect(formatRating(9.5, 'pt-BR')).toBe('9,5');
    expect(formatRating(null, 'en')).toBe('—');
  });

  it('days as DD/MM, hours unchanged', () => {
    expect(dayLabel('2026-03-10')).toBe('10/03');
    expect(dayLabel('09:00')).toBe('09:00');
  });
});

describe('formatDay', () => {
  it("shows a calendar day in the app's format in every language, whatever the browser zone", () => {
    expect(formatDay('2026-03-10')).toBe('10/03/2026');
    expect(formatDay('not a day')).toBe('not a day');
  });
});
