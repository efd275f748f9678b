import type { ConnectionDto } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TenantWithAgent, tenantWithAgent } from '../../testing/tenant-fixtures.js';

/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let host: TestHost;
let superToken: string;
let shop: TenantWithAgent;
let other: TenantWithAgent;

interface FilePart {
  name: string;
  type: string;
  bytes: Buffer;
}

/** `POST /api/whatsapp/{id}/media-upload`, the file in `file` (spec part 1 route table). */
function upload(id: number, token: string, file?: FilePart, field = 'file') {
  const form = new FormData();
  if (file) form.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return fetch(`${host.url}/api/whatsapp/${id}/media-upload`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
}

const removeMedia = (id: number, token: string) =>
  host.request(`/api/whatsapp/${id}/media-upload`, { method: 'DELETE', token });

async function connection(tenant: TenantWithAgent, name: string): Promise<ConnectionDto> {
  const res = await host.request('/api/whatsapp', {
    token: tenant.adminToken,
    body: { name, channel: 'webchat', greetingMessage: 'Olá!' },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as ConnectionDto;
}

const served = async (url: string) => {
  const res = await fetch(`${host.url}${url}`);
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
};

beforeAll(async () => {
  host = await createTestHost();
  superToken = (await host.login(host.admin.email, host.admin.password)).token;
  shop = await tenantWithAgent(host, superToken, 'Saudação');
  other = await tenantWithAgent(host, superToken, 'Vizinha');
  // One connection per case: the plan allows them.
  const plan = await host.request(`/api/plans/${shop.planId}`, {
    method: 'PUT',
    token: superToken,
    body: { connections: 10 },
  });
  expect(plan.status).toBe(200);
});
afterAll(() => host?.stop());

describe('POST and DELETE /whatsapp/{id}/media-upload (greeting media)', () => {
  it("stores an admin's image in the company's media store; the connection shows its name and URL", async () => {
    const conn = await connection(shop, 'Loja web');
    expect(conn).toMatchObject({ greetingMediaAttachment: null, greetingMediaName: null });
    const res = await upload(conn.id, shop.adminToken, {
      name: 'boas-vindas.png',
      type: 'image/png',
      bytes: PNG,
    });
    expect(res.status).toBe(200);
    const dto = (await res.json()) as ConnectionDto;
    expect(dto.greetingMediaName).toBe('boas-vindas.png');
    expect(dto.greetingMediaAttachment).toMatch(
      new RegExp(`^/api/media/company${shop.companyId}/[0-9a-f]{32}\\.png$`),
    );
    expect(await served(dto.greetingMediaAttachment as string)).toEqual({
      status: 200,
      type: 'image/png',
      bytes: PNG,
    });
    // Read again: every viewer (the attendant too) sees it.
    const read = await host.request(`/api/whatsapp/${conn.id}`, { token: shop.agentToken });
    expect(await read.json()).toMatchObject({
      greetingMediaName: 'boas-vindas.png',
      greetingMediaAttachment: dto.greetingMediaAttachment,
    });
  });

  it('replaces the file (the old one removed) and DELETE takes it away, file and all', async () => {
    const conn = await connection(shop, 'Loja troca');
    const first = (await (
      await upload(conn.id, shop.adminToken, { name: 'a.png', type: 'image/png', bytes: PNG })
    ).json()) as ConnectionDto;
    const second = (await (
      await upload(conn.id, shop.adminToken, { name: 'cardapio.pdf', type: 'application/pdf', bytes: PDF })
    ).json()) as ConnectionDto;
    expect(second.greetingMediaName).toBe('cardapio.pdf');
    expect((await served(first.greetingMediaAttachment as string)).status).toBe(404);
    expect((await served(second.greetingMediaAttachment as string)).status).toBe(200);

    const removed = await removeMedia(conn.id, shop.adminToken);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toMatchObject({ greetingMediaAttachment: null, greetingMediaName: null });
    expect((await served(second.greetingMediaAttachment as string)).status).toBe(404);
    // Removing what is not there is no error.
    expect((await removeMedia(conn.id, shop.adminToken)).status).toBe(200);
  });

  it('deleting the connection removes its greeting media', async () => {
    const conn = await connection(shop, 'Loja fechada');
    const dto = (await (
      await upload(conn.id, shop.adminToken, { name: 'x.png', type: 'image/png', bytes: PNG })
    ).json()) as ConnectionDto;
    const deleted = await host.request(`/api/whatsapp/${conn.id}`, {
      method: 'DELETE',
      token: shop.adminToken,
    });
    expect(deleted.status).toBe(204);
    expect((await served(dto.greetingMediaAttachment as string)).status).toBe(404);
  });

  it("is for admins only, and only for the company's own connections", async () => {
    const conn = await connection(shop, 'Loja guardada');
    const png = { name: 'a.png', type: 'image/png', bytes: PNG };
    const byAgent = await upload(conn.id, shop.agentToken, png);
    expect(byAgent.status).toBe(403);
    expect(await byAgent.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
    expect((await removeMedia(conn.id, shop.agentToken)).status).toBe(403);
    const byNeighbour = await upload(conn.id, other.adminToken, png);
    expect(byNeighbour.status).toBe(404);
    expect(await byNeighbour.json()).toEqual({ error: 'ERR_NO_WAPP_FOUND' });
    expect((await removeMedia(conn.id, other.adminToken)).status).toBe(404);
    const read = await host.request(`/api/whatsapp/${conn.id}`, { token: shop.adminToken });
    expect(await read.json()).toMatchObject({ greetingMediaAttachment: null });
  });

  it('refuses other types, files over 16 MB and a post without the file, each with its code', async () => {
    const conn = await connection(shop, 'Loja exigente');
    const cases: [FilePart, number, string][] = [
      [
        { name: 'logo.svg', type: 'image/svg+xml', bytes: Buffer.from('<svg/>') },
        400,
        'ERR_GREETING_MEDIA_TYPE',
      ],
      [
        { name: 'oi.mp3', type: 'audio/mpeg', bytes: Buffer.alloc(20_000, 1) },
        400,
        'ERR_GREETING_MEDIA_TYPE',
      ],
      // A PNG's type with another extension is not taken at its word.
      [{ name: 'page.html', type: 'image/png', bytes: PNG }, 400, 'ERR_GREETING_MEDIA_TYPE'],
      [
        { name: 'grande.png', type: 'image/png', bytes: Buffer.alloc(16 * 1024 * 1024 + 1, 7) },
        413,
        'ERR_GREETING_MEDIA_TOO_LARGE',
      ],
    ];
    for (const [file, status, error] of cases) {
      const res = await upload(conn.id, shop.adminToken, file);
      expect([file.name, res.status, await res.json()]).toEqual([file.name, status, { error }]);
    }
    const none = await upload(conn.id, shop.adminToken);
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    const read = await host.request(`/api/whatsapp/${conn.id}`, { token: shop.adminToken });
    expect(await read.json()).toMatchObject({ greetingMediaAttachment: null, greetingMediaName: null });
  });
});
