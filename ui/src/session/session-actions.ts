import type { AuthResponse, LoginInput, SessionUserDto, UserDto } from '@balcao/sdk';
import { api, configureHttp, refreshToken } from '../api/http';
import { clearToken, readToken, writeToken } from '../api/token-storage';
import { applyUserLanguage } from '../i18n';
import { appStore, sessionStatusAtom, tokenAtom, userAtom } from './session-store';

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

/** Connects the HTTP layer's refresh and 401 handling to the session. */
export function installSessionHooks(): void {
  configureHttp({ onAuthRefreshed: applyAuth, onUnauthorized: clearSession });
}
