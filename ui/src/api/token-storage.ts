/** localStorage key of the access token, stored as a JSON string. */
export const TOKEN_KEY = 'token';

/** The stored access token, or null. Tolerates a raw (non-JSON) value. */
export function readToken(): string | null {
  const raw = globalThis.localStorage?.getItem(TOKEN_KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'string' && value !== '' ? value : null;
  } catch {
    return raw;
  }
}

export function writeToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, JSON.stringify(token));
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
}
