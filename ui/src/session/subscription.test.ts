import { describe, expect, it } from 'vitest';
import { daysUntilDue, formatDueDate, isExpiringSoon, isSubscriptionExpired } from './subscription';

const now = new Date(2026, 5, 10, 15, 30); // 10 June 2026, 15:30 local

describe('subscription expiry', () => {
  it('is expired once the due date is not after now', () => {
    expect(isSubscriptionExpired({ id: 2, dueDate: '2026-06-10' }, now)).toBe(true);
    expect(isSubscriptionExpired({ id: 2, dueDate: '2026-05-01' }, now)).toBe(true);
    expect(isSubscriptionExpired({ id: 2, dueDate: '2026-06-11' }, now)).toBe(false);
  });

  it('never expires company 1 nor a company without a due date', () => {
    expect(isSubscriptionExpired({ id: 1, dueDate: '2000-01-01' }, now)).toBe(false);
    expect(isExpiringSoon({ id: 1, dueDate: '2026-06-11' }, now)).toBe(false);
    expect(isSubscriptionExpired({ id: 3, dueDate: null }, now)).toBe(false);
    expect(daysUntilDue({ id: 1, dueDate: '2026-06-11' }, now)).toBeNull();
  });

  it('warns when fewer than 5 days remain', () => {
    expect(isExpiringSoon({ id: 2, dueDate: '2026-06-11' }, now)).toBe(true);
    expect(isExpiringSoon({ id: 2, dueDate: '2026-06-15' }, now)).toBe(true);
    expect(isExpiringSoon({ id: 2, dueDate: '2026-06-16' }, now)).toBe(false);
    expect(isExpiringSoon({ id: 2, dueDate: '2026-06-09' }, now)).toBe(false);
  });

  it('accepts a due date with a time part', () => {
    expect(isSubscriptionExpired({ id: 2, dueDate: '2026-06-20T00:00:00.000Z' }, now)).toBe(false);
  });

  it('formats due dates as dd/MM/yyyy', () => {
    expect(formatDueDate('2026-12-31')).toBe('31/12/2026');
    expect(formatDueDate('2026-01-05T03:00:00.000Z')).toBe('05/01/2026');
    expect(formatDueDate(null)).toBe('');
  });
});
