import { describe, expect, it } from 'vitest';
import { formatDueDate } from './subscription';

// The expiry rule itself is tested where it lives, in the SDK (sdk/src/subscription.test.ts).
describe('due date display', () => {
  it('formats due dates as dd/MM/yyyy', () => {
    expect(formatDueDate('2026-12-31')).toBe('31/12/2026');
    expect(formatDueDate('2026-01-05T03:00:00.000Z')).toBe('05/01/2026');
    expect(formatDueDate(null)).toBe('');
  });
});
