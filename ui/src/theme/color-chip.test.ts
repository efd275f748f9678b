import { describe, expect, it } from 'vitest';
import { readableOn } from './color-chip';

/** WCAG contrast of two `#rrggbb` colours, computed independently of the module under test. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, b2] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b2;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const full = (c: string) => (c === '#fff' ? '#ffffff' : '#000000');

describe('readableOn', () => {
  it('puts white on dark colours and black on light ones', () => {
    expect(readableOn('#1b5e20')).toBe('#fff');
    expect(readableOn('#000')).toBe('#fff');
    expect(readableOn('#ffeb3b')).toBe('#000');
    expect(readableOn('#FFFFFF')).toBe('#000');
  });

  it('reads at 4.5:1 or better on the colour a browser spec drew at 3.8:1 with white, and on a spread of others', () => {
    expect(readableOn('#068db4')).toBe('#000');
    for (let i = 0; i < 4096; i += 7) {
      const hex = `#${(i * 4099).toString(16).padStart(6, '0').slice(-6)}`;
      expect(contrast(hex, full(readableOn(hex))), hex).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('falls back to white for what is not a hex colour', () => {
    expect(readableOn('rgb(0,0,0)')).toBe('#fff');
  });
});
