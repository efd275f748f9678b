import { describe, expect, it } from 'vitest';
import { isMaskedNumber, numberHiddenFrom } from './number-visibility';

const user = (profile: 'user' | 'admin', lgpd: 'enabled' | 'disabled') => ({
  profile,
  companieSettings: [{ key: 'lgpdHideNumber', value: lgpd }],
});

describe('numberHiddenFrom (LGPD, spec part 1 §6)', () => {
  it('hides numbers from profile user while lgpdHideNumber is enabled, never from an admin', () => {
    expect(numberHiddenFrom(user('user', 'enabled'), '5511999991234')).toBe(true);
    expect(numberHiddenFrom(user('user', 'disabled'), '5511999991234')).toBe(false);
    expect(numberHiddenFrom(user('admin', 'enabled'), '5511999991234')).toBe(false);
  });
  it('treats a number that came masked as hidden, whoever looks', () => {
    expect(isMaskedNumber('551199*****34')).toBe(true);
    expect(numberHiddenFrom(user('admin', 'disabled'), '551199*****34')).toBe(true);
    expect(numberHiddenFrom(null, '5511999991234')).toBe(false);
  });
});
