import { existsSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xlsxOf } from '../testing/spreadsheet-files.js';
import { type TenantWithAgent, tenantWithAgent } from '../testing/tenant-fixtures.js';
import { uploadTempDir } from './uploads.js';

// Issue 23 items 7 and 10: every upload's temporary file is removed on every path, and a NUL in a file name is a 400.

let host: TestHost;
let shop: TenantWithAgent;

const tempFiles = () => {
  const dir = uploadTempDir(host.dataDir);
  return existsSync(dir) ? readdirSync(dir) : [];
};

/** A multipart body written by hand: a file name with a NUL cannot travel through FormData. */
function multipart(field: string, filename: string, content: Buffer, type = 'application/octet-stream') {
  const boundary = '----upload-test';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}

function post(url: string, token: string, form: { type: string; body: Buffer }): Promise<Response> {
  return fetch(`${host.url}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': form.type },
    body: new Uint8Array(form.body),
  });
}

beforeAll(async () => {
  host = await createTestHost();
  const superToken = (await host.login(host.admin.email, host.admin.password)).token;
  shop = await tenantWithAgent(host, superToken, 'Envios Loja');
});
afterAll(() => host?.stop());

describe('upload temporary files', () => {
  it('are gone once the answer is sent, for an accepted, a refused and a too large upload', async () => {
    const sheet = await xlsxOf([['Ana Envio', '5511940000001']]);
    const accepted = await post('/api/contacts/upload', shop.agentToken, multipart('file', 'a.xlsx', sheet));
    expect(accepted.status).toBe(200);
    expect(tempFiles()).toEqual([]);
    const refused = await post(
      '/api/contacts/upload',
      shop.agentToken,
      multipart('file', 'l.csv', Buffer.from('a,b')),
    );
    expect(refused.status).toBe(400);
    expect(tempFiles()).toEqual([]);
    for (let i = 0; i < 3; i++) {
      const huge = multipart('file', 'enorme.xlsx', Buffer.alloc(11 * 1024 * 1024));
      expect((await post('/api/contacts/upload', shop.agentToken, huge)).status).toBe(400);
    }
    expect(tempFiles()).toEqual([]);
    const image = multipart('profileImage', 'foto.png', Buffer.from('not really a png'), 'text/html');
    const wrongType = await post(`/api/users/${shop.agentId}/media-upload`, shop.agentToken, image);
    expect(wrongType.status).toBe(400);
    expect(tempFiles()).toEqual([]);
  });

  it('are gone when the client drops the connection mid-body', async () => {
    const { type } = multipart('file', 'x.xlsx', Buffer.alloc(0));
    const url = new URL('/api/contacts/upload', host.url);
    const req = httpRequest(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${shop.agentToken}`,
        'content-type': type,
        'content-length': 9_000_000,
      },
    });
    req.on('error', () => {}); // the connection is dropped on purpose
    req.write('------upload-test\r\nContent-Disposition: form-data; name="file"; filename="x.xlsx"\r\n');
    req.write('Content-Type: application/octet-stream\r\n\r\n');
    req.write(Buffer.alloc(2 * 1024 * 1024, 1));
    await eventually(() => tempFiles().length > 0 || undefined);
    req.destroy();
    await eventually(() => tempFiles().length === 0 || undefined);
  });
});

describe('a NUL character in a file name', () => {
  it('is refused with 400 ERR_VALIDATION naming the field, and leaves no file behind', async () => {
    const sheet = await xlsxOf([['Nul Nome', '5511940000002']]);
    const res = await post(
      '/api/contacts/upload',
      shop.agentToken,
      multipart('file', 'a\u0000b.xlsx', sheet),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'ERR_VALIDATION',
      fields: [{ path: 'file', message: 'Invalid character' }],
    });
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    const image = multipart('profileImage', 'f\u0000.png', png, 'image/png');
    const photo = await post(`/api/users/${shop.agentId}/media-upload`, shop.agentToken, image);
    expect(photo.status).toBe(400);
    expect((await photo.json()).fields).toEqual([{ path: 'profileImage', message: 'Invalid character' }]);
    expect(tempFiles()).toEqual([]);
    const found = await host.request('/api/contacts?searchParam=Nul', { token: shop.agentToken });
    expect((await found.json()).count).toBe(0);
  });
});
