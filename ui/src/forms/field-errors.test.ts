import { signupSchema, userUpdateSchema } from '@balcao/sdk';
import { describe, expect, it } from 'vitest';
import { toFieldErrors, translateValidation, withoutField } from './field-errors';

const t = (key: string) => `t:${key}`;

describe('toFieldErrors', () => {
  it('keeps the first spec message per signup field', () => {
    const result = signupSchema.safeParse({
      name: 'A',
      companyName: '',
      email: 'nope',
      password: '123',
      phone: '',
      planId: 1,
    });
    expect(result.success).toBe(false);
    const errors = result.success ? {} : toFieldErrors(result.error.issues);
    expect(errors).toEqual({
      name: 'Too Short!',
      companyName: 'Required',
      email: 'Invalid email',
      password: 'Too Short!',
      phone: 'Required',
    });
  });

  it('accepts a profile without a new password and rejects a long name', () => {
    expect(userUpdateSchema.safeParse({ name: 'Ana', email: 'a@b.co', password: '' }).success).toBe(true);
    const result = userUpdateSchema.safeParse({ name: 'x'.repeat(51), email: 'a@b.co' });
    expect(result.success ? {} : toFieldErrors(result.error.issues)).toEqual({ name: 'Too Long!' });
  });

  it('reads server ERR_VALIDATION fields', () => {
    expect(toFieldErrors([{ path: 'email', message: 'Invalid email' }])).toEqual({ email: 'Invalid email' });
  });
});

describe('translateValidation', () => {
  it('translates the spec messages and passes others through', () => {
    expect(translateValidation('Too Short!', t)).toBe('t:validation.tooShort');
    expect(translateValidation('Required', t)).toBe('t:validation.required');
    expect(translateValidation('Invalid email', t)).toBe('t:validation.invalidEmail');
    expect(translateValidation('Too Long!', t)).toBe('t:validation.tooLong');
    expect(translateValidation('Something else', t)).toBe('Something else');
    expect(translateValidation(undefined, t)).toBeUndefined();
  });
});

describe('withoutField', () => {
  it('drops only the edited field and keeps the object when there is nothing to drop', () => {
    const errors = { name: 'Required', email: 'Invalid email' };
    expect(withoutField(errors, 'name')).toEqual({ email: 'Invalid email' });
    expect(withoutField(errors, 'phone')).toBe(errors);
  });
});
