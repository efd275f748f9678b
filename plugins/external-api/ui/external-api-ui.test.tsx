import { checkUiEntry } from '@balcao/testing/ui';
import { describe, expect, it } from 'vitest';
import { externalApiErrors } from '../server/errors.js';
import ui from './index.js';

describe('the external-api UI entry', () => {
  it('is complete: name, four languages, every server error translated', () => {
    expect(checkUiEntry(ui, { serverName: 'external-api', errors: externalApiErrors })).toEqual([]);
  });
});
