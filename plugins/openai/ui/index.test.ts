import { checkUiEntry } from '@balcao/testing/ui';
import { describe, expect, it } from 'vitest';
import { openaiErrors } from '../server/errors';
import ui from './index';

describe('openai UI entry', () => {
  it('is complete: locales in four languages, the page, its error texts', () => {
    expect(checkUiEntry(ui, { serverName: 'openai', errors: openaiErrors })).toEqual([]);
  });
});
