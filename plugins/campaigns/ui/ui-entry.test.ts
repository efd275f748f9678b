import { checkUiEntry } from '@balcao/testing/ui';
import { describe, expect, it } from 'vitest';
import { campaignErrors } from '../server/errors.js';
import { campaignRoutesShown } from './cshow.js';
import ui from './index.js';

describe('the campaigns UI entry', () => {
  it('has every text in the four languages and every error code translated', () => {
    expect(checkUiEntry(ui, { serverName: 'campaigns', errors: campaignErrors })).toEqual([]);
  });

  it('registers the routes only while the browser holds cshow, whatever its value', () => {
    const storage = (value: string | null) => ({ getItem: () => value });
    expect(campaignRoutesShown(storage(null))).toBe(false);
    expect(campaignRoutesShown(storage(''))).toBe(true);
    expect(campaignRoutesShown(storage('1'))).toBe(true);
    expect(campaignRoutesShown(undefined)).toBe(false);
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(campaignRoutesShown(blocked)).toBe(false);
  });
});
