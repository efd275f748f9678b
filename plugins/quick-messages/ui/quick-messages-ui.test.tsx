import { checkUiEntry } from '@balcao/testing/ui';
import { describe, expect, it } from 'vitest';
import { quickMessageErrors } from '../server/errors.js';
import ui from './index.js';

describe('the quick-messages UI entry', () => {
  it('is complete: name, four languages, every server error translated', () => {
    expect(checkUiEntry(ui, { serverName: 'quick-messages', errors: quickMessageErrors })).toEqual([]);
  });
});
