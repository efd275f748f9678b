import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TenantWithAgent, tenantWithAgent } from '../../testing/tenant-fixtures.js';

let host: TestHost;
let superToken: string;
let shop: TenantWithAgent;

beforeAll(async () => {
  host = await createTestHost();
  superToken = (await host.login(host.admin.email, host.admin.password)).token;
  shop = await tenantWithAgent(host, superToken, 'Loja Ajuda');
});
afterAll(() => host?.stop());

const write = (method: string, path: string, token: string, body?: unknown) =>
  host.request(path, { method, token, body });

describe('help videos (spec part 2 §7 "Helps")', () => {
  it('a super user creates, edits and deletes one; every signed-in user of any company reads them', async () => {
    const created = await write('POST', '/api/helps', superToken, {
      title: 'Primeiros passos',
      description: 'Como atender um ticket',
      video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10',
    });
    expect(created.status).toBe(201);
    const help = await created.json();
    // A pasted link is kept as its video id.
    expect(help).toMatchObject({ title: 'Primeiros passos', video: 'dQw4w9WgXcQ' });

    for (const token of [shop.agentToken, shop.adminToken, superToken]) {
      for (const path of ['/api/helps', '/api/helps/list']) {
        const res = await host.request(path, { token });
        expect(res.status).toBe(200);
        expect(await res.json()).toContainEqual(help);
      }
    }

    const edited = await write('PUT', `/api/helps/${help.id}`, superToken, { video: 'youtu.be/abcdefghijk' });
    expect(await edited.json()).toMatchObject({ title: 'Primeiros passos', video: 'abcdefghijk' });
    expect((await write('DELETE', `/api/helps/${help.id}`, superToken)).status).toBe(204);
    expect((await host.request(`/api/helps/${help.id}`, { token: superToken })).status).toBe(404);
  });

  it('is written by super users only: a company admin and an attendant get 403', async () => {
    const help = await (
      await write('POST', '/api/helps', superToken, { title: 'Filas', video: 'abcdefghijk' })
    ).json();
    for (const token of [shop.adminToken, shop.agentToken]) {
      for (const [method, path, body] of [
        ['POST', '/api/helps', { title: 'X', video: 'abcdefghijk' }],
        ['PUT', `/api/helps/${help.id}`, { title: 'Y' }],
        ['DELETE', `/api/helps/${help.id}`, undefined],
      ] as const) {
        const res = await write(method, path, token, body);
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(await res.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
      }
    }
    expect((await (await host.request(`/api/helps/${help.id}`, { token: superToken })).json()).title).toBe(
      'Filas',
    );
    expect((await host.request('/api/helps')).status).toBe(401);
  });

  it('validates: title required, a video id or YouTube link, no NUL, ids within range', async () => {
    const cases: [unknown, string][] = [
      [{ video: 'abcdefghijk' }, 'title'],
      [{ title: '   ', video: 'abcdefghijk' }, 'title'],
      [{ title: 'Ok' }, 'video'],
      [{ title: 'Ok', video: 'not a video' }, 'video'],
      [{ title: 'Ok', video: 'https://vimeo.com/12345678901' }, 'video'],
      [{ title: 'Ok\u0000', video: 'abcdefghijk' }, 'title'],
      [{ title: 'x'.repeat(101), video: 'abcdefghijk' }, 'title'],
    ];
    for (const [body, path] of cases) {
      const res = await write('POST', '/api/helps', superToken, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = await res.json();
      expect(answer.error).toBe('ERR_VALIDATION');
      expect(answer.fields.map((f: { path: string }) => f.path)).toContain(path);
    }
    expect((await host.request('/api/helps/2147483648', { token: superToken })).status).toBe(400);
    expect((await write('PUT', '/api/helps/abc', superToken, { title: 'Z' })).status).toBe(400);
  });
});
