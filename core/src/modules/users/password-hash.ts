import { hash, verify } from '@node-rs/bcrypt';

/**
 * bcrypt's cost for new and upgraded hashes (2^10 rounds). Hashing and comparing run natively on libuv's thread
 * pool (@node-rs/bcrypt), off the event loop: a login no longer stalls every other request for its ≈ 50 ms.
 */
export const BCRYPT_ROUNDS = 10;

/** A new bcrypt hash of `plain`. @example user.passwordHash = await hashPassword(input.password) */
export const hashPassword = (plain: string): Promise<string> => hash(plain, BCRYPT_ROUNDS);

/** Whether `plain` is the password of a bcrypt `hash` ($2a$, $2b$ or $2y$); a malformed hash is false, never a throw. */
export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  return verify(plain, stored).catch(() => false);
}

/** Whether a stored hash was made at a lower cost than today's, so the next successful login rewrites it. */
export function needsRehash(stored: string): boolean {
  const cost = /^\$2[aby]\$(\d{2})\$/.exec(stored)?.[1];
  return cost === undefined || Number(cost) < BCRYPT_ROUNDS;
}
