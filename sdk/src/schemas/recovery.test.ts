import { describe, expect, it } from 'vitest';
import { passwordResetSchema, recoveryVerifySchema, userWppField, wppField } from './recovery.js';

describe('password-reset inputs', () => {
  it('a number is kept as its digits, however it was written', () => {
    expect(wppField.parse('+55 (11) 99999-0000')).toBe('5511999990000');
    expect(wppField.parse('55.11.99999.0000')).toBe('5511999990000');
  });

  it.each([
    ['', 'Required'],
    ['55119abc0000', 'Invalid number'],
    ['123456789', 'Too Short!'],
    ['1234567890123456', 'Too Long!'],
    ['+', 'Required'],
  ])('%j is refused with %s', (value, message) => {
    const parsed = wppField.safeParse(value);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toBe(message);
  });

  it('on the user form an empty number clears it', () => {
    expect(userWppField.parse('')).toBeNull();
    expect(userWppField.parse(null)).toBeNull();
    expect(userWppField.parse(undefined)).toBeUndefined();
  });

  it('a code is six digits; the attempt id a UUID', () => {
    const userId = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
    expect(recoveryVerifySchema.parse({ userId, code: ' 012345 ' }).code).toBe('012345');
    expect(recoveryVerifySchema.safeParse({ userId, code: '1234567' }).success).toBe(false);
    expect(recoveryVerifySchema.safeParse({ userId: '7', code: '123456' }).success).toBe(false);
  });

  it('the new password follows the user form: 5 to 50 characters', () => {
    const base = { userId: '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b', token: 'a'.repeat(43) };
    expect(passwordResetSchema.safeParse({ ...base, newPassword: '1234' }).error?.issues[0].message).toBe(
      'Too Short!',
    );
    expect(passwordResetSchema.safeParse({ ...base, newPassword: '12345' }).success).toBe(true);
    expect(passwordResetSchema.safeParse({ ...base, newPassword: 'x'.repeat(51) }).success).toBe(false);
  });
});
