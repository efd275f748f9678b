import { describe, expect, it } from 'vitest';
import { hashPassword } from '../users/users-service.js';
import { passwordMatches } from './password-check.js';

describe('passwordMatches', () => {
  it('matches a hash with its own password only', async () => {
    const hash = await hashPassword('segredo');
    expect(await passwordMatches('segredo', hash)).toBe(true);
    expect(await passwordMatches('outro', hash)).toBe(false);
  });

  it('refuses when there is no hash, after a comparison as slow as a real one', async () => {
    const hash = await hashPassword('segredo');
    await passwordMatches('warm-up', undefined);
    const time = async (h: string | undefined) => {
      const started = performance.now();
      await passwordMatches('guess', h);
      return performance.now() - started;
    };
    const real = [await time(hash), await time(hash), await time(hash)].sort((a, b) => a - b)[1];
    const none = [await time(undefined), await time(undefined), await time(undefined)].sort(
      (a, b) => a - b,
    )[1];
    expect(await passwordMatches('', undefined)).toBe(false);
    expect(none).toBeGreaterThan(real / 2);
  });
});
