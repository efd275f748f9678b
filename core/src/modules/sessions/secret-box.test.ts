import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.js';

describe('SecretBox', () => {
  const box = new SecretBox('s'.repeat(32), 'channel-session');

  it('opens what it sealed, and the sealed text holds no plaintext', () => {
    const sealed = box.seal('{"me":"5511999990000"}', '3:creds');
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('5511999990000');
    expect(box.open(sealed, '3:creds')).toBe('{"me":"5511999990000"}');
  });

  it('seals the same value differently every time (a fresh IV)', () => {
    expect(box.seal('x', 'c')).not.toBe(box.seal('x', 'c'));
  });

  it('refuses a value moved to another row, altered, or sealed for another purpose or secret', () => {
    const sealed = box.seal('secret', '3:creds');
    expect(() => box.open(sealed, '4:creds')).toThrow();
    const altered = `${sealed.slice(0, -4)}AAAA`;
    expect(() => box.open(altered, '3:creds')).toThrow();
    expect(() => new SecretBox('s'.repeat(32), 'plugin-config').open(sealed, '3:creds')).toThrow();
    expect(() => new SecretBox('t'.repeat(32), 'channel-session').open(sealed, '3:creds')).toThrow();
  });
});
