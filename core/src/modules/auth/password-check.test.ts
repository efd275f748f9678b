import { describe, expect, it } from 'vitest';
import { hashPassword } from '../users/users-service.js';
import { passwordMatches } from './password-check.js';

describe('passwordMatches', () => {
  it('matches a hash with its own password only', async () => {
    const hash = await hashPassword('segredo');
    expect(await passwordMatches('segredo', hash)).toBe(true);
    expect(await passwordMatches('outro', hash)).toBe(false);
  });

  it('refuses when there is no hash, after a comparison that costs what a real one does', async () => {
    const hash = await hashPassword('segredo');
    await passwordMatches('warm-up', undefined);
    // CPU the process spent (argon2 runs on libuv's threads, counted too), not wall time: a loaded machine stretches
    // time, not the work a check does.
    const time = async (h: string | undefined) => {
      const started = process.cpuUsage();
      await passwordMatches('guess', h);
      const used = process.cpuUsage(started);
      return used.user + used.system;
    };
    const real = [await time(hash), await time(hash), await time(hash)].sort((a, b) => a - b)[1];
    const none = [await time(undefined), await time(undefined), await time(undefined)].sort(
      (a, b) => a - b,
    )[1];
    expect(await passwordMatches('', undefined)).toBe(false);
    expect(none).toBeGreaterThan(real / 2);
  });
});
