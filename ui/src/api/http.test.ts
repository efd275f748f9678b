import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { api, configureHttp } from './http';
import { readToken, writeToken } from './token-storage';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

const reply = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

type Route = (url: string, init: RequestInit) => Response;

describe('http client', () => {
  let calls: { url: string; init: RequestInit }[];
  const onAuthRefreshed = vi.fn();
  const onUnauthorized = vi.fn();

  const serve = (route: Route) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        return route(url, init);
      }),
    );
  };
  const auth = (call: { init: RequestInit }) => (call.init.headers as Record<string, string>).Authorization;

  beforeEach(() => {
    calls = [];
    vi.stubGlobal('localStorage', new MemoryStorage());
    onAuthRefreshed.mockReset();
    onUnauthorized.mockReset();
    configureHttp({ onAuthRefreshed, onUnauthorized });
    writeToken('old');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends JSON with the bearer token and cookies to /api', async () => {
    serve(() => reply(200, { ok: true }));
    expect(await api.put('/users/1', { language: 'en' })).toEqual({ ok: true });
    expect(calls[0].url).toBe('/api/users/1');
    expect(calls[0].init).toMatchObject({ method: 'PUT', credentials: 'include', body: '{"language":"en"}' });
    expect(auth(calls[0])).toBe('Bearer old');
    expect(localStorage.getItem('token')).toBe('"old"');
  });

  it('on 403 refreshes the token once and retries the request once with it', async () => {
    serve((url, init) => {
      if (url === '/api/auth/refresh_token') return reply(200, { token: 'new', user: { id: 1 } });
      return (init.headers as Record<string, string>).Authorization === 'Bearer new'
        ? reply(200, [1])
        : reply(403);
    });
    expect(await api.get('/tickets')).toEqual([1]);
    expect(calls.map((c) => c.url)).toEqual(['/api/tickets', '/api/auth/refresh_token', '/api/tickets']);
    expect(readToken()).toBe('new');
    expect(onAuthRefreshed).toHaveBeenCalledWith({ token: 'new', user: { id: 1 } });
  });

  it('gives up after one retry', async () => {
    serve((url) =>
      url === '/api/auth/refresh_token'
        ? reply(200, { token: 'new', user: {} })
        : reply(403, { error: 'ERR_NO_PERMISSION' }),
    );
    await expect(api.get('/users')).rejects.toMatchObject({ status: 403, code: 'ERR_NO_PERMISSION' });
    expect(calls).toHaveLength(3);
  });

  it('on 401 clears the token and logs out', async () => {
    serve(() => reply(401, { error: 'ERR_SESSION_EXPIRED' }));
    await expect(api.get('/tickets')).rejects.toBeInstanceOf(ApiError);
    expect(readToken()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('a dead refresh session after a 403 also logs out', async () => {
    serve((url) => (url === '/api/auth/refresh_token' ? reply(401) : reply(403)));
    await expect(api.get('/tickets')).rejects.toMatchObject({ status: 403 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(readToken()).toBeNull();
  });

  it('leaves /auth/* answers to the caller (no refresh, no logout)', async () => {
    serve((url) =>
      url === '/api/auth/login'
        ? reply(401, { error: 'ERR_INVALID_CREDENTIALS' })
        : reply(403, { error: 'ERR_USER_CREATION_DISABLED' }),
    );
    await expect(api.post('/auth/login', {})).rejects.toMatchObject({ code: 'ERR_INVALID_CREDENTIALS' });
    await expect(api.post('/auth/signup', {})).rejects.toMatchObject({ code: 'ERR_USER_CREATION_DISABLED' });
    expect(calls).toHaveLength(2);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(readToken()).toBe('old');
  });

  it('exposes error details and validation fields', async () => {
    serve((url) =>
      url === '/api/auth/login'
        ? reply(402, { error: 'ERR_SUBSCRIPTION_EXPIRED', dueDate: '2026-01-15' })
        : reply(400, { error: 'ERR_VALIDATION', fields: [{ path: 'email', message: 'Invalid email' }] }),
    );
    const expired = await api.post('/auth/login', {}).catch((e: unknown) => e);
    expect(expired instanceof ApiError && expired.detail('dueDate')).toBe('2026-01-15');
    const invalid = await api.post('/auth/signup', {}).catch((e: unknown) => e);
    expect(invalid instanceof ApiError && invalid.fields).toEqual([
      { path: 'email', message: 'Invalid email' },
    ]);
  });

  it('answers undefined for 204', async () => {
    serve(() => new Response(null, { status: 204 }));
    expect(await api.delete('/auth/logout')).toBeUndefined();
  });

  it('postWithStatus tells a 201 from a 200 and still throws a refusal', async () => {
    serve((_url, init) =>
      JSON.parse(String(init.body)).number === '1'
        ? reply(201, { id: 1 })
        : JSON.parse(String(init.body)).number === '2'
          ? reply(200, { id: 2 })
          : reply(400, { error: 'ERR_VALIDATION', fields: [{ path: 'number', message: 'Too Short!' }] }),
    );
    expect(await api.postWithStatus('/contactsImport', { number: '1' })).toEqual({
      status: 201,
      body: { id: 1 },
    });
    expect(await api.postWithStatus('/contactsImport', { number: '2' })).toEqual({
      status: 200,
      body: { id: 2 },
    });
    const refused = await api.postWithStatus('/contactsImport', { number: '' }).catch((e: unknown) => e);
    expect(refused instanceof ApiError && refused.fields).toEqual([
      { path: 'number', message: 'Too Short!' },
    ]);
  });
});
