import { describe, expect, it } from 'vitest';
import { decodeJwtPayload, sessionIdOf } from '../api/jwt';
import { isSessionTakenOver } from './session-takeover';

const jwt = (payload: object) => `h.${Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url')}.s`;

describe('double login detection', () => {
  const event = { action: 'update', user: { id: 7 }, sessionId: 'new-session' };

  it('fires for the same user with another session', () => {
    expect(isSessionTakenOver(event, 7, 'old-session')).toBe(true);
  });

  it('ignores this tab’s own session, other users and malformed frames', () => {
    expect(isSessionTakenOver(event, 7, 'new-session')).toBe(false);
    expect(isSessionTakenOver(event, 8, 'old-session')).toBe(false);
    expect(isSessionTakenOver({ action: 'update' }, 7, 'old-session')).toBe(false);
    expect(isSessionTakenOver(null, 7, 'old-session')).toBe(false);
  });

  it('does nothing while this tab’s session id is unknown', () => {
    expect(isSessionTakenOver(event, 7, null)).toBe(false);
  });
});

describe('jwt payload', () => {
  it('reads sessionId from the payload (base64url, UTF-8)', () => {
    const token = jwt({ id: 7, sessionId: 'abc', name: 'João' });
    expect(sessionIdOf(token)).toBe('abc');
    expect(decodeJwtPayload(token)?.name).toBe('João');
  });

  it('returns null for garbage', () => {
    expect(sessionIdOf('nope')).toBeNull();
    expect(sessionIdOf('a.b.c')).toBeNull();
    expect(sessionIdOf(null)).toBeNull();
  });
});
