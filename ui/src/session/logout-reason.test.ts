import { afterEach, describe, expect, it } from 'vitest';
import { forgetLogoutReason, readLogoutReason, rememberLogoutReason } from './logout-reason';

const store = new Map<string, string>();
globalThis.localStorage ??= {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
  clear: () => store.clear(),
  key: () => null,
  length: 0,
} as Storage;

afterEach(() => localStorage.clear());

describe('the forced-logout reason', () => {
  it('is kept until forgotten (the next login)', () => {
    expect(readLogoutReason()).toBeNull();
    rememberLogoutReason('otherDevice');
    expect(readLogoutReason()).toBe('otherDevice');
    expect(readLogoutReason()).toBe('otherDevice');
    forgetLogoutReason();
    expect(readLogoutReason()).toBeNull();
  });

  it('ignores a value it does not know', () => {
    localStorage.setItem('logoutReason', '<script>');
    expect(readLogoutReason()).toBeNull();
  });
});
