import { connectSocket, createTenant, createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import contactLists from './index.js';
import { call, campaignsTenant } from './test-fixtures.js';

let host: TestHost;
let superToken: string;
let shop: Awaited<ReturnType<typeof campaignsTenant>>;
let other: Awaited<ReturnType<typeof campaignsTenant>>;

beforeAll(async () => {
  host = await createTestHost({ plugins: [contactLists] });
  superToken = (await host.login(host.admin.email, host.admin.password)).token;
  shop = await campaignsTenant(host, superToken, 'Listas Loja');
  other = await campaignsTenant(host, superToken, 'Listas Outra');
});
afterAll(() => host?.stop());

const newList = async (name: string, token = shop.adminToken) => {
  const res = await call(host, '/api/contact-lists', { token, body: { name } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string; contactsCount: number };
};
const addItem = (contactListId: number, fields: Record<string, unknown>, token = shop.adminToken) =>
  call(host, '/api/contact-list-items', { token, body: { contactListId, ...fields } });

describe('contact lists', () => {
  it('creates, reads, renames, searches and deletes a list with its count', async () => {
    const list = await newList('  Clientes VIP  ');
    expect(list).toMatchObject({ name: 'Clientes VIP', contactsCount: 0 });
    await addItem(list.id, { name: 'Ana', number: '5511999990001' });
    expect(
      (await call(host, `/api/contact-lists/${list.id}`, { token: shop.agentToken })).body,
    ).toMatchObject({
      contactsCount: 1,
    });
    const renamed = await call(host, `/api/contact-lists/${list.id}`, {
      method: 'PUT',
      token: shop.adminToken,
      body: { name: 'Clientes Ouro' },
    });
    expect(renamed.body.name).toBe('Clientes Ouro');
    const found = await call(host, '/api/contact-lists?searchParam=ouro', { token: shop.adminToken });
    expect(found.body.records.map((r: { id: number }) => r.id)).toEqual([list.id]);
    const percent = await call(host, '/api/contact-lists?searchParam=%25', { token: shop.adminToken });
    expect(percent.body.records).toEqual([]);
    expect((await call(host, '/api/contact-lists/list', { token: shop.adminToken })).body).toContainEqual(
      expect.objectContaining({ id: list.id }),
    );
    const gone = await call(host, `/api/contact-lists/${list.id}`, {
      method: 'DELETE',
      token: shop.adminToken,
    });
    expect(gone.status).toBe(204);
    expect((await call(host, `/api/contact-lists/${list.id}`, { token: shop.adminToken })).body).toEqual({
      error: 'contact-lists:ERR_NO_CONTACT_LIST_FOUND',
    });
  });

  it('pages lists twenty at a time, hasMore until the last page', async () => {
    for (let i = 0; i < 21; i++) await newList(`Pág ${String(i).padStart(2, '0')}`, other.adminToken);
    const first = await call(host, '/api/contact-lists?pageNumber=1&searchParam=Pág', {
      token: other.adminToken,
    });
    expect(first.body.records).toHaveLength(20);
    expect(first.body.hasMore).toBe(true);
    const second = await call(host, '/api/contact-lists?pageNumber=2&searchParam=Pág', {
      token: other.adminToken,
    });
    expect(second.body.records.map((r: { name: string }) => r.name)).toEqual(['Pág 20']);
    expect(second.body.hasMore).toBe(false);
  });

  it('refuses hostile input with 400, never 500', async () => {
    const cases: [string, { method?: string; body?: unknown }, string][] = [
      ['/api/contact-lists', { body: { name: 'A' } }, 'Too Short!'],
      ['/api/contact-lists', { body: { name: 'x'.repeat(51) } }, 'Too Long!'],
      ['/api/contact-lists', { body: {} }, 'Required'],
      ['/api/contact-lists', { body: { name: 'ab\u0000c' } }, ''],
      ['/api/contact-lists/2147483648', {}, 'Invalid id'],
      ['/api/contact-lists?pageNumber=0', {}, ''],
      [`/api/contact-lists?searchParam=${'x'.repeat(101)}`, {}, 'Too Long!'],
      ['/api/contact-list-items?contactListId=99999999999', {}, 'Invalid id'],
      ['/api/contact-list-items', { body: { contactListId: 1, name: 'Ana', number: '123' } }, 'Too Short!'],
      [
        '/api/contact-list-items',
        { body: { contactListId: 1, name: 'Ana', number: '12345678', email: 'x@' } },
        'Invalid email',
      ],
    ];
    for (const [path, init, message] of cases) {
      const res = await call(host, path, { ...init, token: shop.adminToken });
      expect(res.status, path).toBe(400);
      expect(res.body.error, path).toBe('ERR_VALIDATION');
      if (message)
        expect(
          res.body.fields.map((f: { message: string }) => f.message),
          path,
        ).toContain(message);
    }
  });

  it("answers 404 for another company's list and item, and changes nothing of theirs", async () => {
    const theirs = await newList('Deles', other.adminToken);
    const item = (await addItem(theirs.id, { name: 'Bia', number: '5511999990002' }, other.adminToken)).body;
    const token = shop.adminToken;
    expect((await call(host, `/api/contact-lists/${theirs.id}`, { token })).status).toBe(404);
    expect((await call(host, `/api/contact-lists/${theirs.id}`, { method: 'DELETE', token })).status).toBe(
      404,
    );
    expect((await call(host, `/api/contact-list-items?contactListId=${theirs.id}`, { token })).status).toBe(
      404,
    );
    expect((await addItem(theirs.id, { name: 'Eu', number: '5511999990003' })).status).toBe(404);
    const put = await call(host, `/api/contact-list-items/${item.id}`, {
      method: 'PUT',
      token,
      body: { name: 'Mudado', number: '5511999990009' },
    });
    expect(put.body).toEqual({ error: 'contact-lists:ERR_NO_CONTACT_LIST_ITEM_FOUND' });
    expect((await call(host, `/api/contact-list-items/${item.id}`, { method: 'DELETE', token })).status).toBe(
      404,
    );
    expect(
      (await call(host, `/api/contact-list-items/${item.id}`, { token: other.adminToken })).body.name,
    ).toBe('Bia');
  });

  it("tells the company's other sessions of a new, renamed or deleted list and a new or edited item, live", async () => {
    // An attendant's session, as a second browser would be, hears what the admin does.
    const socket = await connectSocket(host, shop.agentToken);
    const listTopic = `company-${shop.companyId}-ContactList`;
    const itemTopic = `company-${shop.companyId}-ContactListItem`;
    const about =
      (action: string, id?: number) =>
      (d: unknown): boolean => {
        const frame = d as { action: string; id?: number; record?: { id: number } };
        return frame.action === action && (id === undefined || (frame.record?.id ?? frame.id) === id);
      };
    try {
      const list = await newList('Ao Vivo');
      const created = await socket.waitFor(listTopic, about('create', list.id));
      expect(created.data).toEqual({
        action: 'create',
        record: expect.objectContaining({ name: 'Ao Vivo' }),
      });

      const item = (await addItem(list.id, { name: 'Hugo', number: '5511999990011' })).body;
      const added = await socket.waitFor(itemTopic, about('create', item.id));
      expect(added.data).toMatchObject({ record: { name: 'Hugo', contactListId: list.id } });
      const counted = await socket.waitFor(listTopic, (d) => {
        const f = d as { action: string; record?: { id: number; contactsCount: number } };
        return f.action === 'update' && f.record?.id === list.id && f.record.contactsCount === 1;
      });
      expect(counted.data).toMatchObject({ record: { name: 'Ao Vivo', contactsCount: 1 } });

      await call(host, `/api/contact-list-items/${item.id}`, {
        method: 'PUT',
        token: shop.adminToken,
        body: { name: 'Hugo Reis', number: '5511999990011' },
      });
      const edited = await socket.waitFor(itemTopic, about('update', item.id));
      expect(edited.data).toMatchObject({ record: { name: 'Hugo Reis' } });

      await call(host, `/api/contact-lists/${list.id}`, {
        method: 'PUT',
        token: shop.adminToken,
        body: { name: 'Ao Vivo 2' },
      });
      const renamed = await socket.waitFor(listTopic, (d) => {
        const f = d as { action: string; record?: { id: number; name: string } };
        return f.action === 'update' && f.record?.name === 'Ao Vivo 2';
      });
      expect(renamed.data).toMatchObject({ record: { id: list.id, contactsCount: 1 } });

      await call(host, `/api/contact-lists/${list.id}`, { method: 'DELETE', token: shop.adminToken });
      const deleted = await socket.waitFor(listTopic, about('delete', list.id));
      expect(deleted.data).toEqual({ action: 'delete', id: list.id });
    } finally {
      socket.close();
    }
  });

  it("ignores a companyId in the body (the spec's calls send one): lists and items go to the caller's company", async () => {
    const res = await call(host, '/api/contact-lists', {
      token: shop.adminToken,
      body: { name: 'Intrusa', companyId: other.companyId },
    });
    expect(res.status).toBe(201);
    const theirs = await call(host, '/api/contact-lists?searchParam=Intrusa', { token: other.adminToken });
    expect(theirs.body.records).toEqual([]);
    const item = await addItem(res.body.id, {
      name: 'Iara',
      number: '5511999990012',
      companyId: other.companyId,
    });
    expect(item.status).toBe(201);
    expect(item.body.companyId).toBe(shop.companyId);
    expect(
      (await call(host, `/api/contact-list-items/${item.body.id}`, { token: other.adminToken })).status,
    ).toBe(404);
  });

  it('answers 403 to a company whose plan lacks campaigns', async () => {
    const t = await createTenant(host, superToken, { name: 'Sem Campanhas', flags: { useCampaigns: false } });
    const { token } = await host.login(t.email, t.password);
    expect((await host.request('/api/contact-lists', { token })).status).toBe(403);
    expect((await host.request('/api/contact-list-items?contactListId=1', { token })).status).toBe(403);
  });
});

describe('contact list items', () => {
  it('stores numbers as digits, searches, pages and edits them', async () => {
    const list = await newList('Itens');
    const created = await addItem(list.id, {
      name: 'Carla',
      number: '+55 (11) 99999-0004',
      email: 'C@X.COM ',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Carla',
      number: '5511999990004',
      email: 'c@x.com',
      isWhatsappValid: null,
      contactListId: list.id,
      companyId: shop.companyId,
    });
    await addItem(list.id, { name: 'Davi', number: '5521988880005' });
    const search = await call(host, `/api/contact-list-items?contactListId=${list.id}&searchParam=2198888`, {
      token: shop.adminToken,
    });
    expect(search.body).toEqual({ contacts: [expect.objectContaining({ name: 'Davi' })], hasMore: false });
    const edited = await call(host, `/api/contact-list-items/${created.body.id}`, {
      method: 'PUT',
      token: shop.agentToken,
      body: { name: 'Carla Dias', number: '5511999990004', email: '' },
    });
    expect(edited.body).toMatchObject({ name: 'Carla Dias', email: '' });
  });

  it('refuses a number already in the list, however written and with or without the ninth digit', async () => {
    const list = await newList('Duplicados');
    expect((await addItem(list.id, { name: 'Eva', number: '5511999990006' })).status).toBe(201);
    for (const number of ['55 11 99999-0006', '551199990006']) {
      const again = await addItem(list.id, { name: 'Eva 2', number });
      expect(again.status, number).toBe(409);
      expect(again.body).toEqual({ error: 'contact-lists:ERR_DUPLICATED_NUMBER' });
    }
    const fabio = (await addItem(list.id, { name: 'Fábio', number: '5511999990007' })).body;
    const clash = await call(host, `/api/contact-list-items/${fabio.id}`, {
      method: 'PUT',
      token: shop.adminToken,
      body: { name: 'Fábio', number: '5511999990006' },
    });
    expect(clash.status).toBe(409);
    // Another list may hold the same number.
    const second = await newList('Outra lista');
    expect((await addItem(second.id, { name: 'Eva', number: '5511999990006' })).status).toBe(201);
  });

  it("deletes an item only for who the contacts page lets delete (admins), live on the company's channel", async () => {
    const list = await newList('Apagar');
    const item = (await addItem(list.id, { name: 'Gil', number: '5511999990008' })).body;
    const refused = await call(host, `/api/contact-list-items/${item.id}`, {
      method: 'DELETE',
      token: shop.agentToken,
    });
    expect(refused.status).toBe(403);
    const socket = await connectSocket(host, shop.agentToken);
    try {
      const ok = await call(host, `/api/contact-list-items/${item.id}`, {
        method: 'DELETE',
        token: shop.adminToken,
      });
      expect(ok.status).toBe(204);
      const frame = await socket.waitFor(`company-${shop.companyId}-ContactListItem`);
      expect(frame.data).toEqual({ action: 'delete', id: item.id, contactListId: list.id });
      const count = await socket.waitFor(`company-${shop.companyId}-ContactList`);
      expect(count.data).toMatchObject({ action: 'update', record: { id: list.id, contactsCount: 0 } });
    } finally {
      socket.close();
    }
  });
});
