import type { AuthResponse } from '@balcao/sdk';
import { ApiError, toApiError } from './api-error';
import { clearToken, readToken, writeToken } from './token-storage';

export const API_BASE = '/api';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
}

/** What the session layer wants to hear from the HTTP layer. */
export interface HttpHooks {
  onAuthRefreshed(auth: AuthResponse): void;
  onUnauthorized(): void;
}

let hooks: HttpHooks = { onAuthRefreshed: () => {}, onUnauthorized: () => {} };

/** Wires session updates (token refreshed, logged out by a 401) without an import cycle. */
export function configureHttp(next: Partial<HttpHooks>): void {
  hooks = { ...hooks, ...next };
}

const isAuthPath = (path: string): boolean => path.startsWith('/auth/');

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

function send(method: Method, path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return fetch(buildUrl(path, options.query), {
    method,
    headers,
    body,
    credentials: 'include',
    signal: options.signal,
  });
}

async function parseBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  const type = res.headers.get('content-type') ?? '';
  return type.includes('json') ? JSON.parse(text) : text;
}

let refreshing: Promise<AuthResponse> | null = null;

/** `POST /api/auth/refresh_token` (cookie based); stores the new token. Concurrent callers share one call. */
export function refreshToken(): Promise<AuthResponse> {
  refreshing ??= (async () => {
    const res = await send('POST', '/auth/refresh_token', {});
    if (!res.ok) throw await toApiError(res);
    const auth = (await parseBody(res)) as AuthResponse;
    writeToken(auth.token);
    hooks.onAuthRefreshed(auth);
    return auth;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * Calls the API. A 403 outside `/auth/*` refreshes the token once and retries once; a 401 outside `/auth/*`
 * clears the token and logs out. Failures throw {@link ApiError}.
 */
export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  return (await parseBody(await call(method, path, options))) as T;
}

/** As {@link request}, with the answer's status (e.g. 201 created against 200 updated). */
export async function requestWithStatus<T>(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<{ status: number; body: T }> {
  const res = await call(method, path, options);
  return { status: res.status, body: (await parseBody(res)) as T };
}

/** The successful answer of a call, after the token refresh and logout rules of {@link request}. */
async function call(method: Method, path: string, options: RequestOptions): Promise<Response> {
  let res = await send(method, path, options);
  if (res.status === 403 && !isAuthPath(path)) {
    const refreshed = await refreshToken().then(
      () => true,
      (err: unknown) => {
        // A dead refresh session is a logout, like any 401.
        if (err instanceof ApiError && err.status === 401) {
          clearToken();
          hooks.onUnauthorized();
        }
        return false;
      },
    );
    if (refreshed) res = await send(method, path, options);
  }
  if (res.status === 401 && !isAuthPath(path)) {
    clearToken();
    hooks.onUnauthorized();
  }
  if (!res.ok) throw await toApiError(res);
  return res;
}

/** Same-origin JSON client for `/api`. @example const plans = await api.get<PlanDto[]>('/plans/list') */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  postWithStatus: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    requestWithStatus<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T = void>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  /** A file the API serves to signed-in users only (an `<img>` cannot send the token). */
  blob: async (path: string, options?: RequestOptions): Promise<Blob> =>
    (await call('GET', path, options ?? {})).blob(),
};
