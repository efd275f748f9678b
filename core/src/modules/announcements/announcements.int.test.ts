import type { AnnouncementDto, AnnouncementPage, AnnouncementsSeenDto } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket, type TenantWithAgent, tenantWithAgent } from '../../testing/tenant-fixtures.js';

/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** The first bytes of a JPEG (enough for the type check). */
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);

let host: TestHost;
let superToken: string;
let shop: TenantWithAgent;

const json = async <T>(res: Promise<Response>): Promise<T> => (await res).json() as Promise<T>;
const post = (token: string, body: Record<string, unknown>) =>
  host.request('/api/announcements', { token, body });
const create = (body: Record<string, unknown>) => json<AnnouncementDto>(post(superToken, body));

/** The spec's multipart: typeArch and the image in `file`. */
function upload(id: number, token: string, file?: { name: string; type: string; bytes: Buffer }) {
  const form = new FormData();
  form.append('typeArch', 'announcements');
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return fetch(`${host.url}/api/announcements/${id}/media-upload`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
}

beforeAll(async () => {
  host = await createTestHost();
  superToken = (await host.login(host.admin.email, host.admin.password)).token;
  shop = await tenantWithAgent(host, superToken, 'Avisos Loja');
});
afterAll(() => host?.stop());

describe('announcements', () => {
  it('a super user creates one: low priority and active unless told otherwise', async () => {
    const res = await post(superToken, { title: 'Manutenção', text: 'Sábado às 22h' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      id: expect.any(Number),
      title: 'Manutenção',
      text: 'Sábado às 22h',
      priority: 3,
      status: true,
      mediaPath: null,
      mediaName: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('requires title and text, and a priority of 1, 2 or 3', async () => {
    const empty = await post(superToken, { title: '  ' });
    expect(empty.status).toBe(400);
    expect((await empty.json()).fields).toEqual([
      { path: 'title', message: 'Required' },
      { path: 'text', message: 'Required' },
    ]);
    const badPriority = await post(superToken, { title: 'a', text: 'b', priority: 4 });
    expect(badPriority.status).toBe(400);
    expect((await badPriority.json()).fields).toEqual([{ path: 'priority', message: 'Invalid option' }]);
    expect((await post(superToken, { title: 'a', text: 'b', status: 'yes' })).status).toBe(400);
  });

  it('only super users write: a plain admin and an attendant get 403', async () => {
    const mine = await create({ title: 'Só super', text: 'texto' });
    for (const token of [shop.adminToken, shop.agentToken]) {
      expect((await post(token, { title: 'Eu', text: 'também' })).status).toBe(403);
      const path = `/api/announcements/${mine.id}`;
      const body = { title: 'Mudado', text: 'x' };
      expect((await host.request(path, { method: 'PUT', token, body })).status).toBe(403);
      expect((await host.request(path, { method: 'DELETE', token })).status).toBe(403);
      expect((await upload(mine.id, token, { name: 'a.png', type: 'image/png', bytes: PNG })).status).toBe(
        403,
      );
      expect((await host.request(`${path}/media-upload`, { method: 'DELETE', token })).status).toBe(403);
    }
  });

  it("every company's users read the active ones, newest first; super users also the inactive", async () => {
    const hidden = await create({ title: 'Rascunho oculto', text: 'ainda não', status: false });
    const newest = await create({ title: 'Novidade', text: 'agora', priority: 1 });
    const seen = await json<AnnouncementPage>(host.request('/api/announcements', { token: shop.agentToken }));
    expect(seen.records[0]).toEqual(newest);
    expect(seen.records.every((r) => r.status)).toBe(true);
    expect(seen.records.map((r) => r.id)).not.toContain(hidden.id);
    const path = `/api/announcements/${hidden.id}`;
    expect((await host.request(path, { token: shop.agentToken })).status).toBe(404);
    expect(await json(host.request(path, { token: superToken }))).toEqual(hidden);
    const all = await json<AnnouncementPage>(host.request('/api/announcements', { token: superToken }));
    expect(all.records.map((r) => r.id)).toContain(hidden.id);
  });

  it('searches titles and texts and pages by 20', async () => {
    for (let i = 0; i < 21; i++) await create({ title: `Lote ${i}`, text: 'paginação' });
    const page1 = await json<AnnouncementPage>(
      host.request('/api/announcements?searchParam=PAGINA%C3%87%C3%83O', { token: shop.agentToken }),
    );
    expect(page1).toMatchObject({ count: 21, hasMore: true });
    expect(page1.records).toHaveLength(20);
    expect(page1.records[0].title).toBe('Lote 20');
    const page2 = await json<AnnouncementPage>(
      host.request('/api/announcements?searchParam=pagina%C3%A7%C3%A3o&pageNumber=2', {
        token: shop.agentToken,
      }),
    );
    expect(page2).toMatchObject({ hasMore: false, records: [{ title: 'Lote 0' }] });
    const literal = await json<AnnouncementPage>(
      host.request('/api/announcements?searchParam=%25', { token: shop.agentToken }),
    );
    expect(literal.records).toEqual([]);
  });

  it('updates and deletes; an unknown id is ERR_NO_ANNOUNCEMENT_FOUND', async () => {
    const a = await create({ title: 'Antes', text: 'x' });
    const path = `/api/announcements/${a.id}`;
    const changed = await json<AnnouncementDto>(
      host.request(path, {
        method: 'PUT',
        token: superToken,
        body: { title: 'Depois', text: 'y', priority: 2, status: false },
      }),
    );
    expect(changed).toMatchObject({ id: a.id, title: 'Depois', text: 'y', priority: 2, status: false });
    expect((await host.request(path, { method: 'DELETE', token: superToken })).status).toBe(204);
    const gone = await host.request(path, { token: superToken });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ error: 'ERR_NO_ANNOUNCEMENT_FOUND' });
  });
});

describe('announcement images', () => {
  it('takes a PNG or a JPEG, served to signed-in users only, and removes it', async () => {
    const a = await create({ title: 'Com imagem', text: 'veja' });
    const res = await upload(a.id, superToken, { name: 'banner.png', type: 'image/png', bytes: PNG });
    expect(res.status).toBe(200);
    const withImage = (await res.json()) as AnnouncementDto;
    expect(withImage).toMatchObject({ mediaName: 'banner.png', mediaPath: expect.stringMatching(/\.png$/) });
    const image = await fetch(`${host.url}/api/announcements/${a.id}/media`, {
      headers: { authorization: `Bearer ${shop.agentToken}` },
    });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
    expect((await fetch(`${host.url}/api/announcements/${a.id}/media`)).status).toBe(401);

    const jpeg = await upload(a.id, superToken, { name: 'foto.JPEG', type: 'image/jpeg', bytes: JPEG });
    expect(jpeg.status).toBe(200);
    expect(await jpeg.json()).toMatchObject({
      mediaName: 'foto.JPEG',
      mediaPath: expect.stringMatching(/\.jpg$/),
    });

    const removed = await json<AnnouncementDto>(
      host.request(`/api/announcements/${a.id}/media-upload`, { method: 'DELETE', token: superToken }),
    );
    expect(removed).toMatchObject({ mediaPath: null, mediaName: null });
    const none = await fetch(`${host.url}/api/announcements/${a.id}/media`, {
      headers: { authorization: `Bearer ${shop.agentToken}` },
    });
    expect(none.status).toBe(404);
  });

  it('refuses other types by name, declared type or content, and a missing file', async () => {
    const a = await create({ title: 'Tipos', text: 'x' });
    const refused = [
      { name: 'anim.gif', type: 'image/gif', bytes: PNG },
      { name: 'x.svg', type: 'image/svg+xml', bytes: Buffer.from('<svg/>') },
      { name: 'fake.png', type: 'image/png', bytes: Buffer.from('not really a png') },
      { name: 'png-as-jpg.jpg', type: 'image/png', bytes: PNG },
      { name: 'page.html', type: 'image/png', bytes: PNG },
    ];
    for (const file of refused) {
      const res = await upload(a.id, superToken, file);
      expect(res.status, file.name).toBe(400);
      expect(await res.json(), file.name).toEqual({ error: 'ERR_ANNOUNCEMENT_IMAGE_TYPE' });
    }
    const missing = await upload(a.id, superToken);
    expect(missing.status).toBe(400);
    expect((await missing.json()).fields).toEqual([{ path: 'file', message: 'Required' }]);
    expect(await json(host.request(`/api/announcements/${a.id}`, { token: superToken }))).toMatchObject({
      mediaPath: null,
    });
  });
});

describe('company-announcement', () => {
  it("reaches every company's sockets on create, update and delete; an inactive one as gone", async () => {
    const socket = await openSocket(host.url, shop.agentToken);
    const frames = () => socket.frames.filter((f) => f.channel === 'company-announcement');
    const a = await create({ title: 'Ao vivo', text: 'agora', priority: 1 });
    expect((await eventually(() => frames()[0])).data).toEqual({ action: 'create', record: a });
    const path = `/api/announcements/${a.id}`;
    const body = { title: 'Ao vivo', text: 'mudou', priority: 2, status: true };
    const changed = await json<AnnouncementDto>(
      host.request(path, { method: 'PUT', token: superToken, body }),
    );
    expect((await eventually(() => frames()[1])).data).toEqual({ action: 'update', record: changed });
    await host.request(path, { method: 'PUT', token: superToken, body: { ...body, status: false } });
    expect((await eventually(() => frames()[2])).data).toEqual({ action: 'delete', id: a.id });
    await host.request(path, { method: 'DELETE', token: superToken });
    expect((await eventually(() => frames()[3])).data).toEqual({ action: 'delete', id: a.id });
    socket.close();
  });
});

describe('unread announcements', () => {
  it('each user has their own "seen" time: unset at first, now after they open the announcements', async () => {
    const seen = (token: string) =>
      json<AnnouncementsSeenDto>(host.request('/api/announcements/seen', { token }));
    expect(await seen(shop.agentToken)).toEqual({ seenAt: null });
    const before = Date.now();
    const marked = await json<AnnouncementsSeenDto>(
      host.request('/api/announcements/seen', { method: 'POST', token: shop.agentToken }),
    );
    expect(Date.parse(marked.seenAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(await seen(shop.agentToken)).toEqual(marked);
    // Another user of the same company has still seen nothing.
    expect(await seen(shop.adminToken)).toEqual({ seenAt: null });
    // An announcement written afterwards is newer than the time seen: the top bar counts it as unread.
    const later = await create({ title: 'Depois', text: 'novo' });
    expect(later.createdAt > (marked.seenAt ?? '')).toBe(true);
  });

  it('needs a signed-in user', async () => {
    expect((await host.request('/api/announcements/seen')).status).toBe(401);
    expect((await host.request('/api/announcements/seen', { method: 'POST' })).status).toBe(401);
  });
});
