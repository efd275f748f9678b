import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { definePluginErrors, NAMESPACED_PLUGIN_ERROR } from './plugin-errors.js';

describe('definePluginErrors', () => {
  const errors = definePluginErrors('tour', { ERR_FULL: 409, ERR_CLOSED: 422 });

  it('raises AppErrors whose code is namespaced by the plugin, with the declared status and details', () => {
    const err = errors.raise('ERR_FULL', { seats: 3 });
    expect(err).toBeInstanceOf(AppError);
    expect([err.code, err.status, err.details]).toEqual(['tour:ERR_FULL', 409, { seats: 3 }]);
    expect(errors.raise('ERR_CLOSED').status).toBe(422);
    expect(NAMESPACED_PLUGIN_ERROR.exec(errors.code('ERR_CLOSED'))?.slice(1)).toEqual(['tour', 'ERR_CLOSED']);
  });

  it('refuses a code outside ERR_[A-Z0-9_] and a status outside 4xx/5xx', () => {
    expect(() => definePluginErrors('tour', { full: 409 })).toThrow(/must match/);
    expect(() => definePluginErrors('tour', { 'ERR_FULL:X': 409 })).toThrow(/must match/);
    expect(() => definePluginErrors('tour', { ERR_FULL: 200 })).toThrow(/4xx or 5xx/);
    expect(() => definePluginErrors('tour', { ERR_FULL: 409.5 })).toThrow(/4xx or 5xx/);
  });
});
