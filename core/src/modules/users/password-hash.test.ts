import { hash as bcryptHash } from '@node-rs/bcrypt';
import { describe, expect, it } from 'vitest';
import { ARGON2_OPTIONS, hashPassword, needsRehash, verifyPassword } from './password-hash.js';

// Made by bcryptjs, which hashed every password before the native libraries: they must still verify.
const BCRYPTJS_COST_8 = '$2b$08$hTElKAYdsOGRUtDMkf6Eh.gf/M1UqWyobHs/r0o2o0epQtMgQWYBy';
const BCRYPTJS_2A_COST_10 = '$2a$10$DlknxUBFzOMz2Ky2FzxCROqFwSPg0G8917SLl3pbuVFVH6H6PCUMy';

describe('password hashes', () => {
  it("hashes with argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane) and verifies its own password only", async () => {
    const hash = await hashPassword('segredo');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(ARGON2_OPTIONS).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(await verifyPassword('segredo', hash)).toBe(true);
    expect(await verifyPassword('outro', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('verifies the bcrypt hashes stored before ($2a$ and $2b$, bcryptjs and @node-rs/bcrypt)', async () => {
    expect(await verifyPassword('segredo', BCRYPTJS_COST_8)).toBe(true);
    expect(await verifyPassword('segredo', BCRYPTJS_2A_COST_10)).toBe(true);
    expect(await verifyPassword('outro', BCRYPTJS_2A_COST_10)).toBe(false);
    const native = await bcryptHash('segredo', 10);
    expect(await verifyPassword('segredo', native)).toBe(true);
  });

  it('answers false for a malformed stored hash, never throws', async () => {
    for (const stored of [
      '',
      'plain-text',
      '$2b$10$short',
      '$9z$10$DlknxUBFzOMz2Ky2FzxCROqFwSPg0G8917SLl3pbuVFVH6H6PCUMy',
      '$argon2id$v=19$m=19456,t=2,p=1$short',
      '$argon2id$garbage',
    ])
      expect(await verifyPassword('segredo', stored)).toBe(false);
  });

  it('asks for a rehash of every bcrypt hash, a cheaper argon2id one or an unknown format', () => {
    expect(needsRehash(BCRYPTJS_COST_8)).toBe(true);
    expect(needsRehash(BCRYPTJS_2A_COST_10)).toBe(true);
    expect(needsRehash('plain-text')).toBe(true);
    expect(needsRehash('$argon2id$garbage')).toBe(true);
    expect(
      needsRehash(
        '$argon2id$v=19$m=4096,t=3,p=1$c2FsdHNhbHRzYWx0$DxBsOWeV/LSf0aR0Q5Pc3xJbcHJ/SjHG1/UzJOMBTZc',
      ),
    ).toBe(true);
    expect(
      needsRehash(
        '$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$DxBsOWeV/LSf0aR0Q5Pc3xJbcHJ/SjHG1/UzJOMBTZc',
      ),
    ).toBe(true);
  });
});
