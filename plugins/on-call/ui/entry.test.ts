import { checkUiEntry } from '@balcao/testing/ui';
import { describe, expect, it } from 'vitest';
import { onCallErrors } from '../server/errors';
import { maskTime } from './field-messages';
import ui from './index';

describe('the on-call UI entry', () => {
  it('is complete in four languages, error texts included', () => {
    expect(checkUiEntry(ui, { serverName: 'on-call', errors: onCallErrors })).toEqual([]);
  });

  it('masks a time as HH:MM while it is typed', () => {
    expect(maskTime('1')).toBe('1');
    expect(maskTime('193')).toBe('19:3');
    expect(maskTime('19:30')).toBe('19:30');
    expect(maskTime('2x5b00')).toBe('25:00');
  });
});
