import type { UserDto } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TenantWithAgent, tenantWithAgent } from '../../testing/tenant-fixtures.js';

/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let host: TestHost;
let superToken: string;
let tenant: TenantWithAgent;
let agentId: number;

/** The spec's multipart: userId, typeArch and the file in profileImage. */
function upload(userId: number, token: string, file?: { name: string; type: string; bytes: Buffer }) {
  const form = new FormData();
  form.append('userId', String(userId));
  form.append('typeArch', 'user');
  if (file)
    form.append('profileImage', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return fetch(`${host.url}/api/users/${userId}/media-upload`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
}

beforeAll(async () => {
  host = await createTestHost();
  superToken = (await host.login(host.admin.email, host.admin.password)).token;
  tenant = await tenantWithAgent(host, superToken, 'Fotos');
  agentId = tenant.agentId;
});
afterAll(() => host?.stop());

describe('POST /users/{id}/media-upload', () => {
  it("stores the user's own photo, served back as the profileImage", async () => {
    const res = await upload(agentId, tenant.agentToken, { name: 'eu.png', type: 'image/png', bytes: PNG });
    expect(res.status).toBe(200);
    const user = (await res.json()) as UserDto;
    expect(user.profileImage).toMatch(
      new RegExp(`^/api/media/company${tenant.companyId}/[0-9a-f]{32}\\.png$`),
    );
    const image = await fetch(`${host.url}${user.profileImage}`);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
    // The session's own reads carry it too.
    const me = await host.request(`/api/users/${agentId}`, { token: tenant.agentToken });
    expect(((await me.json()) as UserDto).profileImage).toBe(user.profileImage);
  });

  it("lets an admin set a colleague's photo, never an attendant another's", async () => {
    const byAdmin = await upload(agentId, tenant.adminToken, {
      name: 'a.jpg',
      type: 'image/jpeg',
      bytes: PNG,
    });
    expect(byAdmin.status).toBe(200);
    const listed = await host.request('/api/users', { token: tenant.adminToken });
    const adminId = ((await listed.json()).users as UserDto[]).find((u) => u.profile === 'admin')
      ?.id as number;
    const byAgent = await upload(adminId, tenant.agentToken, {
      name: 'b.png',
      type: 'image/png',
      bytes: PNG,
    });
    expect(byAgent.status).toBe(403);
    // Another company's user is not found from this tenant.
    const superId = 1;
    expect(
      (await upload(superId, tenant.adminToken, { name: 'c.png', type: 'image/png', bytes: PNG })).status,
    ).toBe(404);
  });

  it('refuses what is not a photo, and a post without the file, with their codes', async () => {
    const svg = await upload(agentId, tenant.agentToken, {
      name: 'x.svg',
      type: 'image/svg+xml',
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    expect(svg.status).toBe(400);
    expect((await svg.json()).error).toBe('ERR_PROFILE_IMAGE_TYPE');
    const pdf = await upload(agentId, tenant.agentToken, {
      name: 'x.pdf',
      type: 'application/pdf',
      bytes: PNG,
    });
    expect((await pdf.json()).error).toBe('ERR_PROFILE_IMAGE_TYPE');
    const none = await upload(agentId, tenant.agentToken);
    expect(none.status).toBe(400);
    expect((await none.json()).error).toBe('ERR_VALIDATION');
  });
});
