import { describe, expect, it } from 'vitest';
import { type ComposerKeyEvent, createComposerKeys } from './composer.js';

const press = (key: string): ComposerKeyEvent => ({
  key,
  shiftKey: false,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
});

describe('createComposerKeys: the composer offers its keys to slots first', () => {
  it('answers false when no handler takes the key, so the composer keeps it (Enter sends)', () => {
    const keys = createComposerKeys();
    expect(keys.handle(press('Enter'))).toBe(false);
    keys.add((e) => e.key === 'ArrowDown');
    expect(keys.handle(press('Enter'))).toBe(false);
    expect(keys.handle(press('ArrowDown'))).toBe(true);
  });

  it('asks the newest handler first and stops at the one that takes the key', () => {
    const keys = createComposerKeys();
    const seen: string[] = [];
    keys.add(() => {
      seen.push('old');
      return true;
    });
    const off = keys.add(() => {
      seen.push('new');
      return true;
    });
    keys.handle(press('Enter'));
    expect(seen).toEqual(['new']);
    off();
    keys.handle(press('Enter'));
    expect(seen).toEqual(['new', 'old']);
    off();
    expect(keys.handle(press('Enter'))).toBe(true);
  });
});
