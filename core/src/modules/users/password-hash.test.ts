import { describe, expect, it } from 'vitest';
import { BCRYPT_ROUNDS, hashPassword, needsRehash, verifyPassword } from './password-hash.js';

// Made by bcryptjs, which hashed every password before the native library: they must still verify.
const BCRYPTJS_COST_8 = '$2b$08$hTElKAYdsOGRUtDMkf6Eh.gf/M1UqWyobHs/r0o2o0epQtMgQWYBy';
const BCRYPTJS_2A_COST_10 = '$2a$10$DlknxUBFzOMz2Ky2FzxCROqFwSPg0G8917SLl3pbuVFVH6H6PCUMy';

describe('password hashes', () => {
  it('hashes at the current cost and verifies its own password only', async () => {
    const hash = await hashPassword('segredo');
    expect(hash).toMatch(new RegExp(`^\\$2b\\$${BCRYPT_ROUNDS}\\$`));
    expect(await verifyPassword('segredo', hash)).toBe(true);
    expect(await verifyPassword('outro', hash)).toBe(false);
  });

  it('verifies the hashes bcryptjs made ($2a$ and $2b$)', async () => {
    expect(await verifyPassword('segredo', BCRYPTJS_COST_8)).toBe(true);
    expect(await verifyPassword('segredo', BCRYPTJS_2A_COST_10)).toBe(true);
    expect(await verifyPassword('outro', BCRYPTJS_2A_COST_10)).toBe(false);
  });

  it('answers false for a malformed stored hash, never throws', async () => {
    for (const stored of [
      '',
      'plain-text',
      '$2b$10$short',
      '$9z$10$DlknxUBFzOMz2Ky2FzxCROqFwSPg0G8917SLl3pbuVFVH6H6PCUMy',
    ])
      expect(await verifyPassword('segredo', stored)).toBe(false);
  });

  it('asks for a rehash of a lower cost or an unknown format only', () => {
    expect(needsRehash(BCRYPTJS_COST_8)).toBe(true);
    expect(needsRehash(BCRYPTJS_2A_COST_10)).toBe(false);
    expect(needsRehash('plain-text')).toBe(true);
  });
});
