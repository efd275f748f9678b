import { hash as argon2Hash, verify as argon2Verify, parseOptions } from '@node-rs/argon2';
import { verify as bcryptVerify } from '@node-rs/bcrypt';

/**
 * Passwords are hashed with argon2id at OWASP's minimum (19 MiB of memory, 2 passes, 1 lane), which OWASP ranks with
 * bcrypt at cost 10 — the cost used before — and which is memory-hard where bcrypt is not (a GPU guesses bcrypt far
 * faster than argon2id). On the 2-core bench VM it costs ≈ 18 ms of CPU per check where bcrypt 10 cost ≈ 70 ms (issue 30:
 * ≤ 30 ms of server CPU per login). Hashing and checking run natively on libuv's thread pool (@node-rs), off the event
 * loop. bcrypt hashes ($2a$, $2b$, $2y$, from bcryptjs or @node-rs/bcrypt) still verify and are rewritten as argon2id
 * at the next successful login (`needsRehash`).
 */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const ARGON2ID = /^\$argon2id\$/;
const BCRYPT = /^\$2[aby]\$\d{2}\$/;

/** A new argon2id hash of `plain`. @example user.passwordHash = await hashPassword(input.password) */
export const hashPassword = (plain: string): Promise<string> => argon2Hash(plain, ARGON2_OPTIONS);

/** Whether `plain` is the password of a stored argon2id or bcrypt hash; a malformed hash is false, never a throw. */
export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  if (ARGON2ID.test(stored)) return argon2Verify(stored, plain).catch(() => false);
  if (BCRYPT.test(stored)) return bcryptVerify(plain, stored).catch(() => false);
  return false;
}

/** Whether a stored hash is not argon2id at today's cost (bcrypt, or cheaper), so the next successful login rewrites it. */
export function needsRehash(stored: string): boolean {
  if (!ARGON2ID.test(stored)) return true;
  try {
    const { memoryCost, timeCost } = parseOptions(stored);
    return memoryCost < ARGON2_OPTIONS.memoryCost || timeCost < ARGON2_OPTIONS.timeCost;
  } catch {
    return true;
  }
}
