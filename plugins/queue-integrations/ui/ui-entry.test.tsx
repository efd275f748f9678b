import { checkUiEntry } from '@balcao/testing/ui';
import { describe, expect, it } from 'vitest';
import { integrationErrors } from '../server/errors';
import ui from './index';

describe('the queue integrations UI entry', () => {
  it('names the server plugin and has every text and error in the four languages', () => {
    expect(checkUiEntry(ui, { serverName: 'queue-integrations', errors: integrationErrors })).toEqual([]);
  });
});
