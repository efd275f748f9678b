import { describe, expect, it } from 'vitest';
import { ADMIN_TOAST_TIMEOUT_MS, TOAST_TIMEOUT_MS, toastTimeoutFor } from './toaster';

describe('toastTimeoutFor', () => {
  it('keeps toasts 2000 ms on the attendance screens (spec part 1 §9)', () => {
    for (const path of [
      '/',
      '/tickets',
      '/tickets/0b7c7f0e-8f8e-4d1c-9a55-1d2b3c4d5e6f',
      '/contacts',
      '/users',
    ]) {
      expect(toastTimeoutFor(path)).toBe(TOAST_TIMEOUT_MS);
    }
    expect(TOAST_TIMEOUT_MS).toBe(2000);
  });

  it('keeps them 3000 ms in the administration and extras (spec part 2 §9), plugin pages included', () => {
    for (const path of [
      '/companies',
      '/tags',
      '/announcements',
      '/helps',
      '/queues',
      '/settings/plans',
      '/Kanban',
    ]) {
      expect(toastTimeoutFor(path)).toBe(ADMIN_TOAST_TIMEOUT_MS);
    }
    expect(ADMIN_TOAST_TIMEOUT_MS).toBe(3000);
  });
});
