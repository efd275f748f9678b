import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIRST_LOAD_JS_GOAL_BYTES, measureFirstLoad } from './first-load';

/**
 * `npm start` builds the UI with the package's build script whatever NODE_ENV the shell has: with
 * NODE_ENV=development in the environment, Vite kept it and shipped React's development build (slower, and its
 * warnings in every user's console).
 */
const outDir = mkdtempSync(path.join(os.tmpdir(), 'balcao-ui-build-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('the UI build script', () => {
  it("ships React's production build even when the shell says NODE_ENV=development", () => {
    execFileSync('npm', ['run', 'build', '--', '--outDir', outDir, '--emptyOutDir'], {
      cwd: import.meta.dirname,
      env: { ...process.env, NODE_ENV: 'development' },
      stdio: 'pipe',
    });
    const assets = path.join(outDir, 'assets');
    const code = readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(path.join(assets, f), 'utf8'))
      .join('\n');
    // A warning only React's development build carries; the production build links its error codes instead.
    expect(code).not.toContain('unique "key" prop');
    expect(code).toContain('react.dev/errors/');
  }, 180_000);

  it('keeps the JavaScript a cold /login loads before its first paint under 250 KB gzipped (issue 30)', () => {
    // The build above; a size, not a time: the same code gives the same figure on any machine.
    const load = measureFirstLoad(outDir);
    expect(load.files.some((f) => /^assets\/index-.*\.js$/.test(f))).toBe(true);
    expect(load.files.some((f) => /^assets\/pt-BR-.*\.js$/.test(f))).toBe(true);
    // Pages other than the login form, and the icon chunks, are not part of it.
    expect(load.files.filter((f) => /tickets-page|dashboard|paths/.test(f))).toEqual([]);
    expect(load.js.gzip).toBeLessThan(FIRST_LOAD_JS_GOAL_BYTES);
  });
});
