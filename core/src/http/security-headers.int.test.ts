import { type ConnectionDto, PROFILE_IMAGE_TYPES } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let host: TestHost;
let admin: string;

/** The CSP header as directive → value. */
const policy = (res: Response): Record<string, string> =>
  Object.fromEntries(
    (res.headers.get('content-security-policy') ?? '')
      .split(';')
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
  );

beforeAll(async () => {
  host = await createTestHost();
  admin = (await host.login(host.admin.email, host.admin.password)).token;
});
afterAll(() => host?.stop());

describe('security headers', () => {
  it('are on every answer: API, errors, the UI, media', async () => {
    const form = new FormData();
    form.append('profileImage', new Blob([new Uint8Array(8)], { type: PROFILE_IMAGE_TYPES[0] }), 'me.jpg');
    // (Logging in again would end the session `admin` belongs to: the seeded super admin is user 1.)
    const me = 1;
    const photo = await fetch(`${host.url}/api/users/${me}/media-upload`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${admin}` },
    });
    const { profileImage } = (await photo.json()) as { profileImage: string };
    const answers = await Promise.all([
      host.request('/api/health'),
      host.request('/api/contacts', { token: admin }),
      host.request('/api/contacts'),
      host.request('/api/nowhere'),
      host.request('/api/auth/login', { body: { email: 'x@y.z', password: 'wrong-one' } }),
      host.request('/tickets'),
      host.request(profileImage),
    ]);
    for (const res of answers) {
      const where = `${res.url} ${res.status}`;
      expect(policy(res), where).toEqual({
        'default-src': "'self'",
        'base-uri': "'self'",
        'object-src': "'none'",
        'script-src': "'self'",
        'script-src-attr': "'none'",
        'style-src': "'self'",
        'img-src': "'self' data: blob: https:",
        'media-src': "'self' blob:",
        'font-src': "'self' data:",
        'connect-src': "'self'",
        'frame-src': "'self' https://www.youtube-nocookie.com",
        'form-action': "'self'",
        'frame-ancestors': "'self'",
      });
      expect(res.headers.get('x-frame-options'), where).toBe('SAMEORIGIN');
      expect(res.headers.get('referrer-policy'), where).toBe('no-referrer');
      expect(res.headers.get('x-content-type-options'), where).toBe('nosniff');
      expect(res.headers.get('cross-origin-resource-policy'), where).toBe('same-origin');
    }
  });

  it("takes a web chat connection's embedding sites as origins only, normalised", async () => {
    const create = await host.request('/api/whatsapp', {
      token: admin,
      body: {
        name: 'Site da loja',
        channel: 'webchat',
        embedOrigins: [' https://Loja.com.br/ ', 'https://*.loja.com.br', 'http://localhost:3000'],
      },
    });
    expect(create.status).toBe(201);
    const created = (await create.json()) as ConnectionDto;
    expect(created.embedOrigins).toEqual([
      'https://loja.com.br',
      'https://*.loja.com.br',
      'http://localhost:3000',
    ]);

    for (const bad of [
      'https://loja.com.br/contato',
      "https://loja.com.br 'unsafe-inline'",
      'https://loja.com.br; script-src *',
      'javascript:alert(1)',
      'loja.com.br',
      '*',
    ]) {
      const res = await host.request(`/api/whatsapp/${created.id}`, {
        method: 'PUT',
        token: admin,
        body: { embedOrigins: ['https://ok.com.br', bad] },
      });
      expect(res.status, bad).toBe(400);
      expect((await res.json()).fields, bad).toEqual([{ path: 'embedOrigins.1', message: 'Invalid origin' }]);
    }
    const cleared = await host.request(`/api/whatsapp/${created.id}`, {
      method: 'PUT',
      token: admin,
      body: { embedOrigins: null },
    });
    expect(((await cleared.json()) as ConnectionDto).embedOrigins).toEqual([]);
  });
});
