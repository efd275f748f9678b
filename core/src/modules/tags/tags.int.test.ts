import type { ContactDto, TagDto } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket, type TenantWithAgent, tenantWithAgent } from '../../testing/tenant-fixtures.js';
import { Ticket } from '../tickets/ticket.entity.js';

let host: TestHost;
let shop: TenantWithAgent;
let other: TenantWithAgent;
let contact: ContactDto;
let foreignTag: TagDto;

const createTag = async (token: string, body: Record<string, unknown>) =>
  host.request('/api/tags', { token, body });
const json = async <T>(res: Promise<Response>): Promise<T> => (await res).json() as Promise<T>;

beforeAll(async () => {
  host = await createTestHost();
  const superToken = (await host.login(host.admin.email, host.admin.password)).token;
  shop = await tenantWithAgent(host, superToken, 'Etiqueta Loja');
  other = await tenantWithAgent(host, superToken, 'Etiqueta Outra');
  contact = await json(
    host.request('/api/contacts', {
      token: shop.agentToken,
      body: { name: 'Carla', number: '5511911112222' },
    }),
  );
  foreignTag = await json(createTag(other.adminToken, { name: 'Deles', color: '#000000' }));
});
afterAll(() => host?.stop());

describe('tags', () => {
  it('anyone signed in creates a tag; without a colour it gets a random one', async () => {
    const res = await createTag(shop.agentToken, { name: 'Urgente' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      id: expect.any(Number),
      name: 'Urgente',
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      kanban: 0,
    });
    const lane = await json<TagDto>(
      createTag(shop.agentToken, { name: 'Em andamento', color: '#ff9800', kanban: 1 }),
    );
    expect(lane).toMatchObject({ color: '#ff9800', kanban: 1 });
  });

  it("validates the name with the tag form's messages", async () => {
    const short = await createTag(shop.agentToken, { name: 'ab' });
    expect(short.status).toBe(400);
    expect((await short.json()).fields).toEqual([{ path: 'name', message: 'Mensagem muito curta' }]);
    const missing = await createTag(shop.agentToken, {});
    expect((await missing.json()).fields).toEqual([{ path: 'name', message: 'Obrigatório' }]);
  });

  it('counts the name without its surrounding spaces: blank is required, two letters are too short', async () => {
    const blank = await createTag(shop.agentToken, { name: '    ' });
    expect((await blank.json()).fields).toEqual([{ path: 'name', message: 'Obrigatório' }]);
    const padded = await createTag(shop.agentToken, { name: '  ab  ' });
    expect((await padded.json()).fields).toEqual([{ path: 'name', message: 'Mensagem muito curta' }]);
    const trimmed = await json<TagDto>(createTag(shop.agentToken, { name: '  Abc  ', color: '#123456' }));
    expect(trimmed.name).toBe('Abc');
    await host.request(`/api/tags/${trimmed.id}`, { method: 'DELETE', token: shop.agentToken });
  });

  it('searches names literally and refuses a page number below 1', async () => {
    const page = await json<{ tags: TagDto[] }>(
      host.request('/api/tags?searchParam=%25', { token: shop.agentToken }),
    );
    expect(page.tags).toEqual([]);
    expect((await host.request('/api/tags?pageNumber=0', { token: shop.agentToken })).status).toBe(400);
  });

  it('refuses a name the company already uses, naming the field', async () => {
    const res = await createTag(shop.agentToken, { name: 'URGENTE' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: 'ERR_VALIDATION',
      fields: [{ path: 'name', message: 'ERR_NAME_TAKEN' }],
    });
    expect((await createTag(other.adminToken, { name: 'Urgente' })).status).toBe(201);
  });

  it('lists: the picker list, kanban lanes, and one tag', async () => {
    const all = await json<TagDto[]>(host.request('/api/tags/list', { token: shop.agentToken }));
    expect(all.map((t) => t.name)).toEqual(['Em andamento', 'Urgente']);
    const ordinary = await json<TagDto[]>(
      host.request('/api/tags/list?kanban=0', { token: shop.agentToken }),
    );
    expect(ordinary.map((t) => t.name)).toEqual(['Urgente']);
    const { lista } = await json<{ lista: TagDto[] }>(
      host.request('/api/tags/kanban', { token: shop.agentToken }),
    );
    expect(lista.map((t) => t.name)).toEqual(['Em andamento']);
    const one = await json<TagDto>(host.request(`/api/tags/${lista[0].id}`, { token: shop.agentToken }));
    expect(one).toEqual(lista[0]);
  });

  it('pages by 20 with search and the number of contacts and tickets on each tag', async () => {
    for (let i = 0; i < 21; i++)
      await createTag(shop.adminToken, { name: `Lote ${String(i).padStart(2, '0')}` });
    const page1 = await json<{ tags: TagDto[]; hasMore: boolean }>(
      host.request('/api/tags?searchParam=lote', { token: shop.agentToken }),
    );
    expect(page1.tags).toHaveLength(20);
    expect(page1.hasMore).toBe(true);
    const page2 = await json<{ tags: TagDto[]; hasMore: boolean }>(
      host.request('/api/tags?searchParam=lote&pageNumber=2', { token: shop.agentToken }),
    );
    expect(page2).toMatchObject({ hasMore: false, tags: [{ name: 'Lote 20' }] });

    const [urgent] = (
      await json<{ tags: TagDto[] }>(
        host.request('/api/tags?searchParam=urgente', { token: shop.agentToken }),
      )
    ).tags;
    await host.request('/api/tags/sync', {
      token: shop.agentToken,
      body: { contactId: contact.id, tags: [{ id: urgent.id }] },
    });
    const orm = host.resolve<MikroORM>('orm');
    const em = orm.em.fork();
    const ticket = em.create(Ticket, { companyId: shop.companyId, contactId: contact.id });
    await em.flush();
    await em.execute('insert into ticket_tags (ticket_id, tag_id) values (?, ?)', [ticket.id, urgent.id]);
    const counted = await json<{ tags: TagDto[] }>(
      host.request('/api/tags?searchParam=urgente', { token: shop.agentToken }),
    );
    expect(counted.tags).toEqual([{ ...urgent, contactsCount: 1, ticketsCount: 1 }]);
    const lanes = await json<{ tags: TagDto[] }>(
      host.request('/api/tags?kanban=1', { token: shop.agentToken }),
    );
    expect(lanes.tags.map((t) => t.name)).toEqual(['Em andamento']);
  });

  it('an update renames and recolours; a delete removes the tag from its contacts', async () => {
    const tag = await json<TagDto>(createTag(shop.agentToken, { name: 'Efêmera', color: '#111111' }));
    const put = await host.request(`/api/tags/${tag.id}`, {
      method: 'PUT',
      token: shop.agentToken,
      body: { name: 'Passageira', color: '#222222' },
    });
    expect(await put.json()).toEqual({ ...tag, name: 'Passageira', color: '#222222' });
    const lane = (
      await json<{ lista: TagDto[] }>(host.request('/api/tags/kanban', { token: shop.agentToken }))
    ).lista[0];
    const renamed = await host.request(`/api/tags/${lane.id}`, {
      method: 'PUT',
      token: shop.agentToken,
      body: { name: 'Fazendo' },
    });
    expect(await renamed.json()).toEqual({ ...lane, name: 'Fazendo' }); // colour and lane kept
    await host.request(`/api/tags/${lane.id}`, {
      method: 'PUT',
      token: shop.agentToken,
      body: { name: lane.name },
    });
    await host.request('/api/tags/sync', {
      token: shop.agentToken,
      body: { contactId: contact.id, tags: [{ id: tag.id }] },
    });
    expect(
      (await host.request(`/api/tags/${tag.id}`, { method: 'DELETE', token: shop.agentToken })).status,
    ).toBe(204);
    expect(await json(host.request(`/api/contactTags/${contact.id}`, { token: shop.agentToken }))).toEqual(
      [],
    );
    expect((await host.request(`/api/tags/${tag.id}`, { token: shop.agentToken })).status).toBe(404);
  });
});

describe("a contact's tags", () => {
  it('sync replaces the whole list and answers it', async () => {
    const tags = await json<TagDto[]>(host.request('/api/tags/list', { token: shop.agentToken }));
    const [a, b, c] = tags;
    await host.request('/api/tags/sync', {
      token: shop.agentToken,
      body: { contactId: contact.id, tags: [{ id: a.id }, { id: b.id }] },
    });
    const res = await host.request('/api/tags/sync', {
      token: shop.agentToken,
      body: { contactId: contact.id, tags: [{ id: c.id }, { id: b.id }] },
    });
    expect(res.status).toBe(200);
    const expected = [b, c].sort((x, y) => x.name.localeCompare(y.name));
    expect(await res.json()).toEqual(expected);
    expect(await json(host.request(`/api/contactTags/${contact.id}`, { token: shop.agentToken }))).toEqual(
      expected,
    );
    const cleared = await host.request('/api/tags/sync', {
      token: shop.agentToken,
      body: { contactId: contact.id, tags: [] },
    });
    expect(await cleared.json()).toEqual([]);
  });

  it("refuses another company's tag, and another company's contact", async () => {
    const res = await host.request('/api/tags/sync', {
      token: shop.agentToken,
      body: { contactId: contact.id, tags: [{ id: foreignTag.id }] },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'ERR_VALIDATION',
      fields: [{ path: 'tags', message: 'Unknown tag' }],
    });
    const theirs = await host.request('/api/tags/sync', {
      token: other.adminToken,
      body: { contactId: contact.id, tags: [{ id: foreignTag.id }] },
    });
    expect(theirs.status).toBe(404);
    expect((await host.request(`/api/contactTags/${contact.id}`, { token: other.adminToken })).status).toBe(
      404,
    );
  });

  it("never lists, reads, changes or deletes another company's tag", async () => {
    const mine = await json<TagDto[]>(host.request('/api/tags/list', { token: shop.agentToken }));
    expect(mine.map((t) => t.id)).not.toContain(foreignTag.id);
    const page = await json<{ tags: TagDto[] }>(
      host.request('/api/tags?searchParam=Deles', { token: shop.agentToken }),
    );
    expect(page.tags).toEqual([]);
    const path = `/api/tags/${foreignTag.id}`;
    expect((await host.request(path, { token: shop.agentToken })).status).toBe(404);
    expect(
      (await host.request(path, { method: 'PUT', token: shop.agentToken, body: { name: 'Roubada' } })).status,
    ).toBe(404);
    expect((await host.request(path, { method: 'DELETE', token: shop.agentToken })).status).toBe(404);
    expect(await json(host.request(path, { token: other.adminToken }))).toEqual(foreignTag);
  });

  it('a created tag and a synced contact reach the company sockets', async () => {
    const socket = await openSocket(host.url, shop.adminToken);
    const tag = await json<TagDto>(createTag(shop.agentToken, { name: 'Ao vivo' }));
    const frame = await eventually(() =>
      socket.frames.find((f) => f.channel === `company-${shop.companyId}-tag`),
    );
    expect(frame.data).toEqual({ action: 'create', tag });
    await host.request('/api/tags/sync', {
      token: shop.agentToken,
      body: { contactId: contact.id, tags: [{ id: tag.id }] },
    });
    const update = await eventually(() =>
      socket.frames.find((f) => f.channel === `company-${shop.companyId}-contact`),
    );
    expect(update.data).toMatchObject({ action: 'update', contact: { id: contact.id, tags: [tag] } });
    await host.request(`/api/tags/${tag.id}`, { method: 'DELETE', token: shop.agentToken });
    const removed = await eventually(() => socket.frames.find((f) => f.data.action === 'delete'));
    expect(removed.data).toEqual({ action: 'delete', tagId: tag.id });
    socket.close();
  });
});
