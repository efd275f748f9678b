import { createTenant, createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let host: TestHost;
let superToken: string;
let superId: number;
let admin: { id: number; token: string };

async function addUser(token: string, body: Record<string, unknown>): Promise<Response> {
  return host.request('/api/users', { token, body: { password: 'start-pass', ...body } });
}

beforeAll(async () => {
  host = await createTestHost();
  const login = await host.login(host.admin.email, host.admin.password);
  superToken = login.token;
  superId = login.user.id;
  const created = await addUser(superToken, {
    name: 'Admin Um',
    email: 'admin1@balcao.test',
    profile: 'admin',
  });
  expect(created.status).toBe(201);
  const session = await host.login('admin1@balcao.test', 'start-pass');
  admin = { id: session.user.id, token: session.token };
});
afterAll(() => host?.stop());

describe('an admin cannot take over the super user', () => {
  it.each([
    ['password', { password: 'taken-over' }],
    ['e-mail', { email: 'mine@balcao.test' }],
    ['profile', { profile: 'user' }],
    ['name', { name: 'Renamed' }],
  ])("refuses a company admin's change of the super user's %s", async (_what, body) => {
    const res = await host.request(`/api/users/${superId}`, { method: 'PUT', token: admin.token, body });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
  });

  it("refuses removing the super user or changing their photo, and the super user's login still works", async () => {
    const removed = await host.request(`/api/users/${superId}`, { method: 'DELETE', token: admin.token });
    expect(removed.status).toBe(403);
    const form = new FormData();
    form.append(
      'profileImage',
      new Blob([Buffer.from('89504e470d0a1a0a', 'hex')], { type: 'image/png' }),
      'a.png',
    );
    const photo = await fetch(`${host.url}/api/users/${superId}/media-upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
    });
    expect(photo.status).toBe(403);
    const again = await host.login(host.admin.email, host.admin.password);
    expect(again.user).toMatchObject({ id: superId, super: true, email: host.admin.email });
    // That login ended the earlier session: the tests go on with this one.
    superToken = again.token;
  });

  it('ignores a super flag in the body: nobody is raised to super through the users API', async () => {
    const created = await addUser(admin.token, {
      name: 'Quer Ser',
      email: 'wannabe@balcao.test',
      super: true,
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const put = await host.request(`/api/users/${id}`, {
      method: 'PUT',
      token: admin.token,
      body: { super: true },
    });
    expect(put.status).toBe(200);
    expect((await host.login('wannabe@balcao.test', 'start-pass')).user.super).toBe(false);
  });

  it('lets the super user manage a company admin, and an admin give a profile up to their own', async () => {
    const other = await addUser(admin.token, {
      name: 'Outro Admin',
      email: 'admin2@balcao.test',
      profile: 'admin',
    });
    expect(other.status).toBe(201);
    const { id } = (await other.json()) as { id: number };
    const bySuper = await host.request(`/api/users/${id}`, {
      method: 'PUT',
      token: superToken,
      body: { password: 'by-super', profile: 'user' },
    });
    expect(bySuper.status).toBe(200);
    expect((await host.login('admin2@balcao.test', 'by-super')).user.profile).toBe('user');
  });

  it('refuses a supervisor raising anyone (themself included) to admin', async () => {
    const created = await addUser(superToken, {
      name: 'Super Visor',
      email: 'sup@balcao.test',
      profile: 'supervisor',
    });
    expect(created.status).toBe(201);
    const sup = await host.login('sup@balcao.test', 'start-pass');
    const self = await host.request(`/api/users/${sup.user.id}`, {
      method: 'PUT',
      token: sup.token,
      body: { profile: 'admin' },
    });
    expect(self.status).toBe(403);
    expect(
      (await addUser(sup.token, { name: 'Novo', email: 'novo@balcao.test', profile: 'admin' })).status,
    ).toBe(403);
  });
});

describe('changing one own password asks for the current one', () => {
  it('refuses without it and with a wrong one, accepts the right one', async () => {
    const url = `/api/users/${admin.id}`;
    const missing = await host.request(url, {
      method: 'PUT',
      token: admin.token,
      body: { password: 'new-pass-1' },
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      error: 'ERR_VALIDATION',
      fields: [{ path: 'currentPassword', message: 'Required' }],
    });
    const wrong = await host.request(url, {
      method: 'PUT',
      token: admin.token,
      body: { password: 'new-pass-1', currentPassword: 'not-it' },
    });
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).error).toBe('ERR_WRONG_PASSWORD');
    await expect(host.login('admin1@balcao.test', 'new-pass-1')).rejects.toThrow();

    const right = await host.request(url, {
      method: 'PUT',
      token: admin.token,
      body: { password: 'new-pass-1', currentPassword: 'start-pass' },
    });
    expect(right.status).toBe(200);
    admin.token = (await host.login('admin1@balcao.test', 'new-pass-1')).token;
  });

  it('asks the super user too, and not for other fields or an empty password', async () => {
    const url = `/api/users/${superId}`;
    const res = await host.request(url, {
      method: 'PUT',
      token: superToken,
      body: { password: 'other-pass' },
    });
    expect(res.status).toBe(400);
    const name = await host.request(url, {
      method: 'PUT',
      token: superToken,
      body: { name: 'Admin', password: '' },
    });
    expect(name.status).toBe(200);
  });
});

describe('changing one own login e-mail asks for the current password', () => {
  it('refuses without it and with a wrong one, accepts the right one; an admin changes another user without it', async () => {
    const url = `/api/users/${admin.id}`;
    const missing = await host.request(url, {
      method: 'PUT',
      token: admin.token,
      body: { email: 'taken-over@balcao.test' },
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      fields: [{ path: 'currentPassword', message: 'Required' }],
    });
    const wrong = await host.request(url, {
      method: 'PUT',
      token: admin.token,
      body: { email: 'taken-over@balcao.test', currentPassword: 'not-it' },
    });
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).error).toBe('ERR_WRONG_PASSWORD');
    const same = await host.request(url, {
      method: 'PUT',
      token: admin.token,
      body: { email: 'admin1@balcao.test', name: 'Admin Um' },
    });
    expect(same.status).toBe(200);

    const right = await host.request(url, {
      method: 'PUT',
      token: admin.token,
      body: { email: 'admin1b@balcao.test', currentPassword: 'new-pass-1' },
    });
    expect(right.status).toBe(200);
    admin.token = (await host.login('admin1b@balcao.test', 'new-pass-1')).token;
    const byAdmin = await host.request(url, {
      method: 'PUT',
      token: superToken,
      body: { email: 'admin1@balcao.test' },
    });
    expect(byAdmin.status).toBe(200);
    admin.token = (await host.login('admin1@balcao.test', 'new-pass-1')).token;
  });
});

describe('references across tenants', () => {
  it("refuses another company's connection as a user's default connection, on create and on edit", async () => {
    const tenant = await createTenant(host, superToken, { name: 'Vizinha' });
    const theirAdmin = (await host.login(tenant.email, tenant.password)).token;
    const theirs = await host.request('/api/whatsapp', {
      token: theirAdmin,
      body: { name: 'Deles', channel: 'webchat' },
    });
    expect(theirs.status).toBe(201);
    const foreign = ((await theirs.json()) as { id: number }).id;
    const created = await addUser(admin.token, {
      name: 'Ref',
      email: 'ref@balcao.test',
      whatsappId: foreign,
    });
    expect(created.status).toBe(400);
    expect((await created.json()).fields).toEqual([{ path: 'whatsappId', message: 'Unknown' }]);
    const edited = await host.request(`/api/users/${admin.id}`, {
      method: 'PUT',
      token: admin.token,
      body: { whatsappId: foreign },
    });
    expect(edited.status).toBe(400);
  });
});
