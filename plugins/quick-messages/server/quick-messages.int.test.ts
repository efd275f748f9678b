import { createTenant, createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuickMessageDto, QuickMessagePageDto } from '../shared/quick-message.js';
import quickMessages from './index.js';

let host: TestHost;
let admin: string;
let supervisor: string;
let ana: string;
let bruno: string;
let otherCompany: string;

async function createUser(profile: string, name: string): Promise<string> {
  const email = `${name.toLowerCase()}@quick.test`;
  const res = await host.request('/api/users', {
    token: admin,
    body: { name, email, password: 'secret1', profile },
  });
  expect(res.status).toBe(201);
  return (await host.login(email, 'secret1')).token;
}

async function create(token: string, body: Record<string, unknown>): Promise<QuickMessageDto> {
  const res = await host.request('/api/quick-messages', { token, body });
  expect(res.status).toBe(201);
  return (await res.json()) as QuickMessageDto;
}

async function list(token: string, searchParam = ''): Promise<QuickMessageDto[]> {
  const res = await host.request(`/api/quick-messages?searchParam=${encodeURIComponent(searchParam)}`, {
    token,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as QuickMessagePageDto).records;
}

function upload(token: string, id: number, file: Blob, name: string): Promise<Response> {
  const form = new FormData();
  form.set('typeArch', 'quickMessage');
  form.set('file', file, name);
  return fetch(`${host.url}/api/quick-messages/${id}/media-upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
}

beforeAll(async () => {
  host = await createTestHost({ plugins: [quickMessages] });
  admin = (await host.login(host.admin.email, host.admin.password)).token;
  supervisor = await createUser('supervisor', 'Sonia');
  ana = await createUser('user', 'Ana');
  bruno = await createUser('user', 'Bruno');
  const t = await createTenant(host, admin, { name: 'Outra', flags: {} });
  otherCompany = (await host.login(t.email, t.password)).token;
});
afterAll(() => host?.stop());

describe('quick replies: the calls of spec part 2 §7', () => {
  it('creates with the spec defaults, reads, updates, searches and deletes', async () => {
    const created = await create(admin, { shortcode: ' horario ', message: 'Atendemos das 8h às 18h' });
    expect(created).toMatchObject({
      shortcode: 'horario',
      geral: false,
      status: true,
      isMedia: false,
      canEdit: true,
    });
    expect((await host.request(`/api/quick-messages/${created.id}`, { token: admin })).status).toBe(200);
    const put = await host.request(`/api/quick-messages/${created.id}`, {
      token: admin,
      method: 'PUT',
      body: { shortcode: 'horario', message: 'Das 9h às 17h', geral: true },
    });
    expect(await put.json()).toMatchObject({ message: 'Das 9h às 17h', geral: true });
    expect((await list(admin, '9h')).map((q) => q.id)).toEqual([created.id]);
    expect(await list(admin, '100%_')).toEqual([]);
    const del = await host.request(`/api/quick-messages/${created.id}`, { token: admin, method: 'DELETE' });
    expect(del.status).toBe(204);
    expect((await host.request(`/api/quick-messages/${created.id}`, { token: admin })).status).toBe(404);
  });

  it('refuses hostile input with 400 naming the field, never 500', async () => {
    const cases: [unknown, string][] = [
      [{ message: 'sem atalho' }, 'shortcode'],
      [{ shortcode: '   ' }, 'shortcode'],
      [{ shortcode: 'a\u0000b' }, 'shortcode'],
      [{ shortcode: 'x'.repeat(101) }, 'shortcode'],
      [{ shortcode: 'ok', message: 'y'.repeat(5000) }, 'message'],
      [{ shortcode: 'ok', geral: 'yes' }, 'geral'],
    ];
    for (const [body, field] of cases) {
      const res = await host.request('/api/quick-messages', { token: admin, body });
      expect(res.status).toBe(400);
      const answer = (await res.json()) as { error: string; fields: { path: string }[] };
      expect(answer.error).toBe('ERR_VALIDATION');
      expect(answer.fields.map((f) => f.path)).toContain(field);
    }
    for (const path of ['/api/quick-messages/2147483648', '/api/quick-messages/abc']) {
      expect((await host.request(path, { token: admin })).status).toBe(400);
    }
    expect((await host.request('/api/quick-messages?pageNumber=0', { token: admin })).status).toBe(400);
  });

  it('attaches a media file through the media port and removes it', async () => {
    const reply = await create(admin, { shortcode: 'cardapio', message: 'Nosso cardápio' });
    const res = await upload(
      admin,
      reply.id,
      new Blob(['%PDF-1.4 menu'], { type: 'application/pdf' }),
      'menu.pdf',
    );
    expect(res.status).toBe(200);
    const withMedia = (await res.json()) as QuickMessageDto;
    expect(withMedia).toMatchObject({ isMedia: true, mediaName: 'menu.pdf' });
    expect(withMedia.mediaPath).toMatch(/^\/api\/media\/company\d+\//);
    expect((await fetch(`${host.url}${withMedia.mediaPath}`)).status).toBe(200);
    const removed = await host.request(`/api/quick-messages/${reply.id}/media-upload`, {
      token: admin,
      method: 'DELETE',
    });
    expect(await removed.json()).toMatchObject({ isMedia: false, mediaPath: null, mediaName: null });
    // The file leaves the store with it (messages sent with the reply carry copies of their own).
    expect((await fetch(`${host.url}${withMedia.mediaPath}`)).status).toBe(404);
    const withoutFile = await fetch(`${host.url}/api/quick-messages/${reply.id}/media-upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}` },
      body: new FormData(),
    });
    expect(withoutFile.status).toBe(400);
  });
});

describe("a reply's file leaves the store when nothing points at it", () => {
  const pdf = (text: string) => new Blob([`%PDF-1.4 ${text}`], { type: 'application/pdf' });
  const served = async (path: string | null) => (await fetch(`${host.url}${path}`)).status;

  it('removes the file a new upload replaces, and the file of a deleted reply', async () => {
    const reply = await create(admin, { shortcode: 'tabela', message: 'Tabela de preços' });
    const first = (await (await upload(admin, reply.id, pdf('v1'), 'v1.pdf')).json()) as QuickMessageDto;
    const second = (await (await upload(admin, reply.id, pdf('v2'), 'v2.pdf')).json()) as QuickMessageDto;
    expect(second.mediaName).toBe('v2.pdf');
    expect(await served(first.mediaPath)).toBe(404);
    expect(await served(second.mediaPath)).toBe(200);
    const del = await host.request(`/api/quick-messages/${reply.id}`, { token: admin, method: 'DELETE' });
    expect(del.status).toBe(204);
    expect(await served(second.mediaPath)).toBe(404);
  });

  it('refuses a file past the media limit with 413 and stores nothing', async () => {
    const reply = await create(admin, { shortcode: 'grande', message: 'Arquivo grande' });
    const res = await upload(admin, reply.id, new Blob([new Uint8Array(20 * 1024 * 1024 + 1)]), 'big.pdf');
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toBe('ERR_MEDIA_TOO_LARGE');
    const after = (await (
      await host.request(`/api/quick-messages/${reply.id}`, { token: admin })
    ).json()) as QuickMessageDto;
    expect(after.isMedia).toBe(false);
  });
});

describe('who manages which reply (spec part 2 §6)', () => {
  it('lets a user keep their own non-shared replies, and only see shared ones', async () => {
    const shared = await create(supervisor, { shortcode: 'ola', message: 'Olá!', geral: true });
    const anas = await create(ana, { shortcode: 'ana', message: 'Sou a Ana' });
    expect((await list(ana)).map((q) => q.id)).toEqual(expect.arrayContaining([shared.id, anas.id]));
    expect((await list(ana)).find((q) => q.id === shared.id)?.canEdit).toBe(false);
    // Bruno sees the shared reply, never Ana's own.
    const brunos = (await list(bruno)).map((q) => q.id);
    expect(brunos).toContain(shared.id);
    expect(brunos).not.toContain(anas.id);
    expect((await host.request(`/api/quick-messages/${anas.id}`, { token: bruno })).status).toBe(404);
    const brunoEdit = await host.request(`/api/quick-messages/${anas.id}`, {
      token: bruno,
      method: 'PUT',
      body: { shortcode: 'roubado' },
    });
    expect(brunoEdit.status).toBe(404);
    // A user may not change or delete a shared reply, nor make theirs shared.
    for (const init of [
      { method: 'PUT', body: { shortcode: 'ola', message: 'mudado' } },
      { method: 'DELETE' },
    ]) {
      expect((await host.request(`/api/quick-messages/${shared.id}`, { token: ana, ...init })).status).toBe(
        403,
      );
    }
    expect((await upload(ana, shared.id, new Blob(['x'], { type: 'text/plain' }), 'a.txt')).status).toBe(403);
    const share = await host.request('/api/quick-messages', {
      token: ana,
      body: { shortcode: 'x', geral: true },
    });
    expect(share.status).toBe(403);
    expect(((await share.json()) as { error: string }).error).toBe('quick-messages:ERR_SHARED_NOT_ALLOWED');
    const ownEdit = await host.request(`/api/quick-messages/${anas.id}`, {
      token: ana,
      method: 'PUT',
      body: { shortcode: 'ana', message: 'Aqui é a Ana' },
    });
    expect(ownEdit.status).toBe(200);
  });

  it('lets admin and supervisor edit and delete every reply, shared or not', async () => {
    const anas = await create(ana, { shortcode: 'ana2', message: 'rascunho' });
    expect((await list(supervisor)).find((q) => q.id === anas.id)?.canEdit).toBe(true);
    const shareIt = await host.request(`/api/quick-messages/${anas.id}`, {
      token: supervisor,
      method: 'PUT',
      body: { shortcode: 'ana2', message: 'agora de todos', geral: true },
    });
    expect(await shareIt.json()).toMatchObject({ geral: true });
    expect(
      (await host.request(`/api/quick-messages/${anas.id}`, { token: admin, method: 'DELETE' })).status,
    ).toBe(204);
  });

  it("never shows or changes another company's replies", async () => {
    const mine = await create(admin, { shortcode: 'segredo', message: 'só nosso', geral: true });
    expect((await list(otherCompany)).map((q) => q.id)).not.toContain(mine.id);
    expect((await host.request(`/api/quick-messages/${mine.id}`, { token: otherCompany })).status).toBe(404);
    const del = await host.request(`/api/quick-messages/${mine.id}`, {
      token: otherCompany,
      method: 'DELETE',
    });
    expect(del.status).toBe(404);
  });
});
