/** Decodes the payload of a JWT without verifying it (the server verifies; the UI only reads claims). */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const binary = atob(base64);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The `sessionId` claim of an access token, or null. */
export function sessionIdOf(token: string | null): string | null {
  if (!token) return null;
  const sessionId = decodeJwtPayload(token)?.sessionId;
  return typeof sessionId === 'string' || typeof sessionId === 'number' ? String(sessionId) : null;
}
