import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { dailyLimitSchema } from '../shared/settings';
import { fieldMessage } from './field-messages';

// A t that shows which key and which maximum a message resolves to.
const t = ((key: string, opts?: { max?: number }) => (opts?.max ? `${key}(${opts.max})` : key)) as TFunction;
const messageOf = (value: unknown) => {
  const parsed = dailyLimitSchema.safeParse(value);
  return parsed.success ? null : fieldMessage(t, parsed.error.issues[0]?.message);
};

describe('the daily cap field', () => {
  it("names the shell's Required, and its own range message with the maximum", () => {
    expect(messageOf('')).toBe('translation:validation.required');
    expect(messageOf('dez')).toBe('config.dailyLimitInvalid(100000)');
    expect(messageOf('100001')).toBe('config.dailyLimitInvalid(100000)');
    expect(messageOf('-3')).toBe('config.dailyLimitInvalid(100000)');
    expect(messageOf('40')).toBeNull();
  });
});
