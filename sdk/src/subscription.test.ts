import { describe, expect, it } from 'vitest';
import {
  companyToday,
  dayStart,
  daysUntilDue,
  isExpiringSoon,
  isSubscriptionExpired,
} from './subscription.js';

const tenant = (dueDate: string | null) => ({ id: 2, dueDate });
const at = (iso: string) => new Date(iso);

describe('the due date (spec part 1 §4 "Login succeeds only if the company due date is after now")', () => {
  it('the due day itself is expired, from its first instant in São Paulo (03:00 UTC)', () => {
    const due = tenant('2026-06-10');
    expect(isSubscriptionExpired(due, at('2026-06-10T02:59:59.999Z'))).toBe(false); // 09/06 23:59:59 local
    expect(isSubscriptionExpired(due, at('2026-06-10T03:00:00.000Z'))).toBe(true); // 10/06 00:00 local
    expect(isSubscriptionExpired(due, at('2026-06-10T18:00:00.000Z'))).toBe(true);
    expect(isSubscriptionExpired(due, at('2026-06-11T12:00:00.000Z'))).toBe(true);
  });

  it("follows the company's day, not UTC's: the evening before, UTC is already on the due day", () => {
    // 9 June, 22:00 in São Paulo is 10 June, 01:00 UTC: still the day before the due day, so still active.
    expect(isSubscriptionExpired(tenant('2026-06-10'), at('2026-06-10T01:00:00Z'))).toBe(false);
    expect(companyToday(at('2026-06-10T01:00:00Z'))).toBe('2026-06-09');
    expect(companyToday(at('2026-06-10T03:00:00Z'))).toBe('2026-06-10');
  });

  it('answers the same wherever it runs (the process zone is not read)', () => {
    const before = process.env.TZ;
    try {
      for (const zone of ['UTC', 'Asia/Tokyo', 'America/Los_Angeles']) {
        process.env.TZ = zone;
        expect(dayStart('2026-06-10')?.toISOString()).toBe('2026-06-10T03:00:00.000Z');
        expect(isSubscriptionExpired(tenant('2026-06-10'), at('2026-06-10T02:00:00Z'))).toBe(false);
      }
    } finally {
      // Files share a worker process: give its zone back as it was (assigning undefined would set 'undefined').
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it('reads a due date with a time part as its day', () => {
    expect(dayStart('2026-06-10T00:00:00.000Z')?.toISOString()).toBe('2026-06-10T03:00:00.000Z');
  });

  it('the day begins where a change of offset skipped midnight (São Paulo, 4 November 2018, 00:00 → 01:00)', () => {
    expect(dayStart('2018-11-04')?.toISOString()).toBe('2018-11-04T03:00:00.000Z');
    expect(dayStart('2018-11-05')?.toISOString()).toBe('2018-11-05T02:00:00.000Z');
  });

  it('never expires company 1 nor a company without a due date', () => {
    expect(isSubscriptionExpired({ id: 1, dueDate: '2000-01-01' }, at('2026-06-10T12:00:00Z'))).toBe(false);
    expect(isSubscriptionExpired(tenant(null), at('2026-06-10T12:00:00Z'))).toBe(false);
    expect(daysUntilDue({ id: 1, dueDate: '2026-06-11' })).toBeNull();
  });

  it('warns when fewer than 5 days remain, until the due day begins', () => {
    const now = at('2026-06-10T15:00:00Z'); // 10/06 12:00 local
    expect(isExpiringSoon(tenant('2026-06-11'), now)).toBe(true);
    expect(isExpiringSoon(tenant('2026-06-15'), now)).toBe(true);
    expect(isExpiringSoon(tenant('2026-06-16'), now)).toBe(false);
    expect(isExpiringSoon(tenant('2026-06-10'), now)).toBe(false); // expired, not expiring
    expect(daysUntilDue(tenant('2026-06-11'), now)).toBeCloseTo(0.5);
  });
});
