import { describe, expect, it } from 'vitest';
import { advanceDueDate, RECURRENCE_MONTHS } from './plans.js';
import { dueDaysLeft, dueTone } from './subscription.js';

describe('advancing a due date by the recurrence (spec part 2 §4)', () => {
  it('adds 1, 2, 3, 6 and 12 months for MENSAL … ANUAL', () => {
    const expected = {
      MENSAL: '2026-04-15',
      BIMESTRAL: '2026-05-15',
      TRIMESTRAL: '2026-06-15',
      SEMESTRAL: '2026-09-15',
      ANUAL: '2027-03-15',
    };
    for (const r of Object.keys(RECURRENCE_MONTHS) as (keyof typeof RECURRENCE_MONTHS)[])
      expect(advanceDueDate('2026-03-15', r, '2026-01-01'), r).toBe(expected[r]);
  });

  it("keeps the day, or the month's last day where it does not exist; crosses the year", () => {
    expect(advanceDueDate('2026-01-31', 'MENSAL', '2026-01-01')).toBe('2026-02-28');
    expect(advanceDueDate('2027-12-31', 'BIMESTRAL', '2026-01-01')).toBe('2028-02-29');
    expect(advanceDueDate('2026-11-30', 'TRIMESTRAL', '2026-01-01')).toBe('2027-02-28');
  });

  it('starts from today when the company has no due date', () => {
    expect(advanceDueDate(null, 'SEMESTRAL', '2026-08-31')).toBe('2027-02-28');
  });
});

describe("the companies table's row colour (spec part 2 §9)", () => {
  const now = new Date('2026-06-10T15:00:00Z'); // 10/06 12:00 in São Paulo
  const tone = (dueDate: string | null, id = 2) => dueTone({ id, dueDate }, now);

  it('is red due today or past, yellow with 1 to 5 days left, plain after', () => {
    expect(tone('2026-06-09')).toBe('danger');
    expect(tone('2026-06-10')).toBe('danger');
    expect(tone('2026-06-11')).toBe('warning');
    expect(tone('2026-06-15')).toBe('warning');
    expect(tone('2026-06-16')).toBeNull();
  });

  it('is plain for company 1 and for a company without a due date', () => {
    expect(tone('2026-06-09', 1)).toBeNull();
    expect(tone(null)).toBeNull();
  });

  it("counts calendar days in the company's zone (02:00 UTC is still the day before in São Paulo)", () => {
    expect(dueDaysLeft({ id: 2, dueDate: '2026-06-10' }, new Date('2026-06-10T02:00:00Z'))).toBe(1);
    expect(dueDaysLeft({ id: 2, dueDate: '2026-06-10' }, new Date('2026-06-10T03:00:00Z'))).toBe(0);
  });
});
