import { randomUUID } from 'node:crypto';
import { hashPassword, verifyPassword } from '../users/password-hash.js';

// Made on first use with the users' own cost, so comparing against it takes as long as comparing a real hash.
let dummyHash: Promise<string> | undefined;

/**
 * Whether `plain` is the password of `hash`. Without a hash (no such user) it still runs one check against an argon2id
 * hash of the users' cost and answers false, so an unknown e-mail is refused in the time a known one is (a user whose
 * bcrypt hash has not been rewritten yet answers in bcrypt's time until the next login).
 * @example if (!(await passwordMatches(input.password, user?.passwordHash))) throw invalid
 */
export async function passwordMatches(plain: string, hash: string | undefined): Promise<boolean> {
  if (hash) return verifyPassword(plain, hash);
  dummyHash ??= hashPassword(randomUUID());
  await verifyPassword(plain, await dummyHash);
  return false;
}
