/** Why the session was ended without the user asking; the login page says so until the next login. */
export type LogoutReason = 'otherDevice' | 'sessionEnded';

const KEY = 'logoutReason';
const REASONS: readonly LogoutReason[] = ['otherDevice', 'sessionEnded'];

/** Kept in localStorage: the tab reloads (or the route guard redirects) before the login page reads it. */
export function rememberLogoutReason(reason: LogoutReason): void {
  try {
    globalThis.localStorage?.setItem(KEY, reason);
  } catch {
    // Storage refused (private mode quota): the login page just says nothing.
  }
}

/** The reason of the last forced logout, or null (none, or an unknown value). */
export function readLogoutReason(): LogoutReason | null {
  const value = globalThis.localStorage?.getItem(KEY);
  return REASONS.find((r) => r === value) ?? null;
}

/** A login (or the user dismissing it) ends the message. */
export function forgetLogoutReason(): void {
  globalThis.localStorage?.removeItem(KEY);
}
