import { checkUiEntry } from '@balcao/testing/ui';
import { describe, expect, it } from 'vitest';
import { fileListErrors } from '../server/errors';
import ui from './index';

describe('file-lists UI entry', () => {
  it('is complete: locales in four languages, the page, its error texts', () => {
    expect(checkUiEntry(ui, { serverName: 'file-lists', errors: fileListErrors })).toEqual([]);
  });
});
