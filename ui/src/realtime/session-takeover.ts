import type { AuthEvent } from '@balcao/sdk';
import { isRecord } from '../api/api-error';

/** Spec part 1 §9: log out 1000 ms after a double login. */
export const TAKEOVER_LOGOUT_DELAY_MS = 1000;

export function isAuthEvent(data: unknown): data is AuthEvent {
  return (
    isRecord(data) &&
    isRecord(data.user) &&
    typeof data.user.id === 'number' &&
    (typeof data.sessionId === 'string' || typeof data.sessionId === 'number')
  );
}

/** True when `company-{id}-auth` reports a newer session of this same account (not this tab's own login). */
export function isSessionTakenOver(data: unknown, meId: number, mySessionId: string | null): boolean {
  if (!isAuthEvent(data) || data.user.id !== meId) return false;
  return mySessionId !== null && String(data.sessionId) !== mySessionId;
}
