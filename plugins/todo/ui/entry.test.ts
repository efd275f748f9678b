import { checkUiEntry } from '@balcao/testing/ui';
import { expect, it } from 'vitest';
import ui from './index.js';

it('declares a complete UI entry in four languages', () => {
  expect(checkUiEntry(ui, { serverName: 'todo' })).toEqual([]);
});
