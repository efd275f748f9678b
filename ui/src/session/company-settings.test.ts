import { describe, expect, it } from 'vitest';
import { companySetting, parseSettingUpdate, withSetting } from './company-settings';

describe('company settings in the session', () => {
  const user = { companieSettings: [{ key: 'sendSignMessage', value: 'disabled' }] };

  it("reads the company's value, or the default when it never set one", () => {
    expect(companySetting(user, 'sendSignMessage')).toBe('disabled');
    expect(companySetting(user, 'requiredTag')).toBe('disabled');
    expect(companySetting(user, 'sendGreetingAccepted')).toBe('enabled');
    expect(companySetting(null, 'sendSignMessage')).toBe('enabled');
  });

  it('follows a live update, replacing or adding the setting', () => {
    const update = parseSettingUpdate({
      action: 'update',
      setting: { key: 'sendSignMessage', value: 'enabled' },
    });
    expect(update).toEqual({ key: 'sendSignMessage', value: 'enabled' });
    const next = withSetting(user, update ?? { key: '', value: '' });
    expect(companySetting(next, 'sendSignMessage')).toBe('enabled');
    expect(next.companieSettings).toHaveLength(1);
    expect(withSetting(user, { key: 'requiredTag', value: 'enabled' }).companieSettings).toHaveLength(2);
    expect(parseSettingUpdate({ action: 'update', setting: { key: 1 } })).toBeNull();
    expect(parseSettingUpdate({ action: 'delete' })).toBeNull();
  });
});
