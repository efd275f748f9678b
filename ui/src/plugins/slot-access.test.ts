import { slotFillOf } from '@balcao/sdk/ui';
import { describe, expect, it } from 'vitest';
import { canSee } from './slot-access';

const admin = { profile: 'admin', super: false };
const agent = { profile: 'user', super: false };

describe('slot fills and pages: their own flag and profile', () => {
  it('hides a fill whose plan flag the company lacks', () => {
    expect(canSee({ planFlag: 'useKanban' }, agent, { useKanban: true })).toBe(true);
    expect(canSee({ planFlag: 'useKanban' }, agent, { useKanban: false })).toBe(false);
    expect(canSee({ planFlag: 'useKanban' }, agent, null)).toBe(false);
    expect(canSee({}, agent, null)).toBe(true);
  });

  it('shows an admin fill to admins only, and none to a signed-out visitor', () => {
    expect(canSee({ profile: 'admin' }, admin, {})).toBe(true);
    expect(canSee({ profile: 'admin' }, agent, {})).toBe(false);
    expect(canSee({ profile: 'admin' }, null, {})).toBe(false);
    expect(canSee({ superOnly: true }, admin, {})).toBe(false);
  });

  it('reads a bare component as a fill without flag, profile or title', () => {
    const Badge = () => null;
    expect(slotFillOf(Badge)).toEqual({ component: Badge });
    const fill = { component: Badge, titleKey: 'hello:tab', planFlag: 'useKanban' as const };
    expect(slotFillOf(fill)).toBe(fill);
  });
});
