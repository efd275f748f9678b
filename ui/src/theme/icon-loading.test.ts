import { readFileSync } from 'node:fs';
import { Icons } from '@blueprintjs/icons';
import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_ICONS } from './icon-loading';

// The sources of what /login, /signup and /recovery-password show before any other chunk arrives.
const PUBLIC_SOURCES = [
  '../pages/login-page.tsx',
  '../pages/signup-page.tsx',
  '../pages/recovery-password-page.tsx',
  '../pages/public-shell.tsx',
  '../layout/language-menu.tsx',
  '../layout/theme-toggle.tsx',
  '../forms/password-input.tsx',
];

/** Icon names written on lines that set an icon (`icon=`, `leftIcon=`, `icon: …`). */
function iconNamesIn(source: string): string[] {
  return source
    .split('\n')
    .filter((line) => /icon/i.test(line))
    .flatMap((line) => [...line.matchAll(/['"]([a-z0-9-]+)['"]/g)].map((m) => m[1] ?? ''))
    .filter((name) => Icons.isValidIconName(name));
}

describe('the icons bundled for the public pages', () => {
  it('hold every 16 px icon those pages name, so the login form paints with no icon chunk', () => {
    const named = PUBLIC_SOURCES.flatMap((file) =>
      iconNamesIn(readFileSync(new URL(file, import.meta.url), 'utf8')),
    );
    expect(named).toContain('lock');
    const missing = [...new Set(named)].filter((name) => !(name in PUBLIC_PAGE_ICONS));
    expect(missing).toEqual([]);
  });

  it('are real path data, as Blueprint draws them', () => {
    for (const paths of Object.values(PUBLIC_PAGE_ICONS)) {
      expect(Array.isArray(paths)).toBe(true);
      for (const d of paths ?? []) expect(d).toMatch(/^[mM]/);
    }
  });
});
