import { describe, expect, it } from 'vitest';
import { maskNumber } from './lgpd.js';

describe('maskNumber', () => {
  it('keeps the first 6 digits and the last 2 of a full number', () => {
    expect(maskNumber('5511999991234')).toBe('551199*****34');
    expect(maskNumber('+55 (11) 99999-1234')).toBe('551199*****34');
  });
  it('hides all but the last 2 digits of a short number', () => {
    expect(maskNumber('12345678')).toBe('******78');
    expect(maskNumber('12')).toBe('12');
  });
});
