import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { hashPassword } from '../users/users-service.js';

// Made on first use with the users' own cost, so comparing against it takes as long as comparing a real hash.
let dummyHash: Promise<string> | undefined;

/**
 * Whether `plain` is the password of `hash`. Without a hash (no such user) it still runs one bcrypt comparison of
 * the same cost and answers false, so an unknown e-mail is refused in the time a known one is.
 * @example if (!(await passwordMatches(input.password, user?.passwordHash))) throw invalid
 */
export async function passwordMatches(plain: string, hash: string | undefined): Promise<boolean> {
  if (hash) return bcrypt.compare(plain, hash);
  dummyHash ??= hashPassword(randomUUID());
  await bcrypt.compare(plain, await dummyHash);
  return false;
}
