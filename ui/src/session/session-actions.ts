import type { AuthResponse, LoginInput, SessionUserDto, UserDto } from '@balcao/sdk';
import { api, configureHttp, refreshToken } from '../api/http';
import { clearToken, readToken, writeToken } from '../api/token-storage';
import { applyUserLanguage } from '../i18n';
import { forgetLogoutReason, rememberLogoutReason } from './logout-reason';
import { appStore, sessionStatusAtom, tokenAtom, userAtom } from './session-store';
import { mergedSession } from './user-events';

/** Stores a fresh `{ token, user }` (login or refresh). */
export function applyAuth(auth: AuthResponse): void {
  writeToken(auth.token);
  appStore.set(tokenAtom, auth.token);
  appStore.set(userAtom, auth.user);
  applyUserLanguage(auth.user.language);
}

/** Forgets the session locally; the route guard then sends the visitor to /login. */
export function clearSession(): void {
  clearToken();
  appStore.set(tokenAtom, null);
  appStore.set(userAtom, null);
}

/** `POST /api/auth/login`. Throws ApiError (401 ERR_INVALID_CREDENTIALS, 402 ERR_SUBSCRIPTION_EXPIRED…). */
export async function login(input: LoginInput): Promise<SessionUserDto> {
  const auth = await api.post<AuthResponse>('/auth/login', input);
  forgetLogoutReason();
  applyAuth(auth);
  return auth.user;
}

/** `DELETE /api/auth/logout`, then forget the session even if the call failed. */
export async function logout(): Promise<void> {
  try {
    await api.delete('/auth/logout');
  } catch {
    // The server session may already be gone; logging out locally is what matters.
  } finally {
    clearSession();
  }
}

/** On start: a stored token means a session may exist; refresh it (cookie based) or log out. */
export async function restoreSession(): Promise<void> {
  try {
    if (readToken()) applyAuth(await refreshToken());
  } catch {
    clearSession();
  } finally {
    appStore.set(sessionStatusAtom, 'ready');
  }
}

/** Merges a saved user (`PUT /api/users/{id}` answer) into the session user. */
export function mergeSessionUser(saved: Partial<UserDto>): void {
  const current = appStore.get(userAtom);
  if (current) appStore.set(userAtom, { ...current, ...saved, company: current.company });
}

/** Live changes applied to the session (a company setting), counted so a read begun before one is not merged. */
let liveChanges = 0;

/** A live event changed the session (realtime-bridge): a `/api/auth/me` answer read before it is stale. */
export function noteLiveSessionChange(): void {
  liveChanges++;
}

/**
 * `GET /api/auth/me` merged into the session: an admin changed this user (queues, allTicket, allowGroup) or one of
 * their queues, and what the list, its queue select and the bell follow changes without a reload. A failed read
 * keeps the session as it is (the next change or reconnect reads it again). An answer overtaken by a live change
 * (read before a setting changed, arriving after its event) is read again rather than merged over it.
 */
export async function refreshSessionUser(): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const seen = liveChanges;
    try {
      const me = await api.get<SessionUserDto>('/auth/me');
      if (seen !== liveChanges) continue;
      const next = mergedSession(appStore.get(userAtom), me);
      if (next) appStore.set(userAtom, next);
      return;
    } catch {
      // Signed out meanwhile, or the server is away: nothing to merge.
      return;
    }
  }
}

/** Connects the HTTP layer's refresh and 401 handling to the session. */
export function installSessionHooks(): void {
  configureHttp({
    onAuthRefreshed: applyAuth,
    onUnauthorized: () => {
      // Signed in until now: the server ended the session (logged out elsewhere, user removed…); the login page says so.
      if (appStore.get(userAtom)) rememberLogoutReason('sessionEnded');
      clearSession();
    },
  });
}
