import { createHash, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import type { AuthUser } from '@balcao/sdk';
import jwt from 'jsonwebtoken';

export const ACCESS_TTL = '15m';
export const REFRESH_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const REFRESH_COOKIE = 'jrt';

export type TokenCheck =
  | { ok: true; user: AuthUser }
  | { ok: false; reason: 'missing' | 'invalid' | 'expired' };

/** Signs and checks access and refresh tokens. */
export class Tokens {
  // KeyObjects, not strings: given a string, jsonwebtoken first tries (and fails) to parse it as a public key
  // on every call, which made verification 17x slower.
  private readonly accessKey: KeyObject;
  private readonly refreshKey: KeyObject;

  constructor(secrets: { jwtSecret: string; jwtRefreshSecret: string }) {
    this.accessKey = createSecretKey(Buffer.from(secrets.jwtSecret));
    this.refreshKey = createSecretKey(Buffer.from(secrets.jwtRefreshSecret));
  }

  access(user: AuthUser): string {
    const { id, companyId, profile, super: isSuper, sessionId } = user;
    return jwt.sign({ id, companyId, profile, super: isSuper, sessionId }, this.accessKey, {
      expiresIn: ACCESS_TTL,
    });
  }

  checkAccess(token: string | undefined): TokenCheck {
    if (!token) return { ok: false, reason: 'missing' };
    try {
      const p = jwt.verify(token, this.accessKey) as AuthUser;
      return {
        ok: true,
        user: {
          id: p.id,
          companyId: p.companyId,
          profile: p.profile,
          super: p.super,
          sessionId: p.sessionId,
        },
      };
    } catch (err) {
      return { ok: false, reason: err instanceof jwt.TokenExpiredError ? 'expired' : 'invalid' };
    }
  }

  /** A new refresh token for a session; only its hash is stored. */
  refresh(sessionId: string): { token: string; hash: string } {
    const token = jwt.sign({ sid: sessionId, n: randomBytes(12).toString('hex') }, this.refreshKey, {
      expiresIn: REFRESH_TTL_MS / 1000,
    });
    return { token, hash: hashToken(token) };
  }

  checkRefresh(token: string | undefined): string | null {
    if (!token) return null;
    try {
      return (jwt.verify(token, this.refreshKey) as { sid: string }).sid;
    } catch {
      return null;
    }
  }
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
