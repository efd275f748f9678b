import { slotFillOf, slotFillsOf } from '@balcao/sdk/ui';
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

describe('a plugin filling one slot several times', () => {
  it('keys each fill: the plugin for its first, its id or its position for the others', () => {
    const A = () => null;
    const B = () => null;
    const fills = slotFillsOf('hello', [A, { id: 'stats', component: B }, B]);
    expect(fills.map((f) => f.key)).toEqual(['hello', 'hello.stats', 'hello.2']);
    expect(fills.map((f) => f.fill.component)).toEqual([A, B, B]);
    expect(slotFillsOf('hello', A)).toEqual([{ key: 'hello', fill: { component: A } }]);
  });
});
